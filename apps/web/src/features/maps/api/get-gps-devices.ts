import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GpsDevice } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Spec 000 §7: `GET /api/gps/gpsDevices?sisid=`, every located device (sisid 0: all the user's). */
export function getGpsDevices(sisId: number, signal?: AbortSignal): Promise<GpsDevice[]> {
  return call(API.gps.devices, { query: { sisid: sisId } }, { signal });
}

export function gpsDevicesQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: ['maps', 'gpsDevices', sisId],
    queryFn: ({ signal }) => getGpsDevices(sisId, signal),
    // A pin shows its alarms; the communication colour follows the 60 s refresh.
    meta: { live: { types: ['occurrence.opened', 'occurrence.cleared'] } },
  });
}

export function useGpsDevices(sisId: number) {
  return useQuery(gpsDevicesQueryOptions(sisId));
}
