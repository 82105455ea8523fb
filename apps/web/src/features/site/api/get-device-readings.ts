import { queryOptions } from '@tanstack/react-query';
import type { DeviceRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/**
 * Spec 000 §7: `POST /api/taginfo/v2/dispositivo/id/infosLista`, one device
 * with the readings named in `nomes` (empty: all of them).
 */
export function getDeviceReadings(
  deviceId: number,
  nomes: readonly string[],
  signal?: AbortSignal,
): Promise<DeviceRow> {
  return call(
    API.devices.readings,
    { query: { idDispositivo: deviceId }, body: { nomes: [...nomes] } },
    { signal, quiet: true },
  );
}

export function deviceReadingsQueryOptions(
  deviceId: number,
  nomes: readonly string[],
  refetchInterval: number,
) {
  return queryOptions({
    queryKey: ['site', 'readings', deviceId, [...nomes].sort()],
    queryFn: ({ signal }) => getDeviceReadings(deviceId, nomes, signal),
    refetchInterval,
    meta: { live: { types: ['readings.updated'], deviceIds: [deviceId] } },
  });
}
