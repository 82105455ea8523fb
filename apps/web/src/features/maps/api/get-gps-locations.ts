import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GpsLocation } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Spec 000 §7: `GET /api/gps/listDevices?clientId=`, located devices grouped by place, for the list beside the map. */
export function getGpsLocations(sisId: number, signal?: AbortSignal): Promise<GpsLocation[]> {
  return call(API.gps.locations, { query: { clientId: sisId } }, { signal });
}

export function gpsLocationsQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: ['maps', 'gpsLocations', sisId],
    queryFn: ({ signal }) => getGpsLocations(sisId, signal),
    meta: { live: { types: ['occurrence.opened', 'occurrence.cleared'] } },
  });
}

export function useGpsLocations(sisId: number) {
  return useQuery(gpsLocationsQueryOptions(sisId));
}
