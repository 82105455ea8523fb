import type { DeviceRowPage } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

export interface EnergyCenterPageRequest {
  energycenterId: number;
  nomes: readonly string[];
  offSet: number;
  limit: number;
  filtroTexto?: string;
  orderBy?: string;
  signal?: AbortSignal;
}

/** Spec 000 §7 "Energy-center devices": POST with the selector in the query and `nomes` in the body. */
export function getEnergyCenterPage(r: EnergyCenterPageRequest): Promise<DeviceRowPage> {
  return call(
    API.devices.energyCenterDevices,
    {
      query: {
        energycenterId: r.energycenterId,
        offSet: r.offSet,
        limit: r.limit,
        filtroTexto: r.filtroTexto || undefined,
        orderBy: r.orderBy || undefined,
      },
      body: { nomes: [...r.nomes] },
    },
    { signal: r.signal },
  );
}
