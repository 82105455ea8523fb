import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GpsMap } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Spec 000 §7: `GET /api/gps/map?sisid=`, the fixed places (plants, SCDs) and the bounds of the fleet. */
export function getGpsMap(sisId: number, signal?: AbortSignal): Promise<GpsMap> {
  return call(API.gps.map, { query: { sisid: sisId } }, { signal });
}

export function gpsMapQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: ['maps', 'gpsMap', sisId],
    queryFn: ({ signal }) => getGpsMap(sisId, signal),
    // Places and bounds change only when the fleet is edited.
    staleTime: 5 * 60_000,
    refetchInterval: false,
  });
}

export function useGpsMap(sisId: number) {
  return useQuery(gpsMapQueryOptions(sisId));
}
