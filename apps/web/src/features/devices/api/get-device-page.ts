import type { DeviceRow, DeviceRowPage } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Which devices a list shows (spec 000 §7 `GET /api/dispositivos/infosFiltro`). */
export interface DeviceSelection {
  sisid?: number;
  tipo?: readonly string[];
  usinaId?: number;
  scdId?: number;
  venueId?: number;
  idGrupoDispositivo?: number;
  energycenterId?: number;
  /** Generators that are on (status bit 64 and online). */
  funcionando?: boolean;
  regime?: 'prime' | 'standby';
}

export interface DevicePageRequest {
  selection: DeviceSelection;
  /** Readings wanted in `infos` (empty: all). */
  nomes?: readonly string[];
  offSet: number;
  limit: number;
  filtroTexto?: string;
  /** `campo [asc|desc]`. */
  orderBy?: string;
  signal?: AbortSignal;
}

/** One page of the generic device list behind every typed list screen. */
export function getDevicePage(r: DevicePageRequest): Promise<DeviceRowPage> {
  return call(
    API.devices.list,
    {
      query: {
        ...r.selection,
        tipo: r.selection.tipo ? [...r.selection.tipo] : undefined,
        nomes: r.nomes ? [...r.nomes] : undefined,
        offSet: r.offSet,
        limit: r.limit,
        filtroTexto: r.filtroTexto || undefined,
        orderBy: r.orderBy || undefined,
      },
    },
    { signal: r.signal },
  );
}

export type { DeviceRow };
