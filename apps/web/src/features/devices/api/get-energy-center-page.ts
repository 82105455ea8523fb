import type { DeviceRowPage } from '@vigia/contract';
import { request } from '../../../lib/http';

export const ENERGY_CENTER_DEVICES_PATH = '/api/taginfo/v2/dispositivos/infosLista';

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
  return request<DeviceRowPage>(ENERGY_CENTER_DEVICES_PATH, {
    method: 'POST',
    query: {
      energycenterId: r.energycenterId,
      offSet: r.offSet,
      limit: r.limit,
      filtroTexto: r.filtroTexto || undefined,
      orderBy: r.orderBy || undefined,
    },
    json: { nomes: [...r.nomes] },
    signal: r.signal,
  });
}
