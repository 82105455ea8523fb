import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { counterRefetchInterval, countOf } from './countOf';

/** Side-bar counter (spec 001 §2) from the analysis list `/api/energia/analise/loadspeeds` of one system. */
export async function getLoadSpeedCount(sisId: number, signal?: AbortSignal): Promise<number> {
  const body = await request<unknown>('/api/energia/analise/loadspeeds', {
    query: { sisid: sisId, offSet: 0, limit: 1 },
    signal,
    quiet: true,
  });
  return countOf(body);
}

export function loadspeedCountQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: ['counters', 'loadspeed', sisId],
    queryFn: ({ signal }) => getLoadSpeedCount(sisId, signal),
    refetchInterval: counterRefetchInterval,
  });
}

export function useLoadSpeedCount(sisId: number) {
  return useQuery(loadspeedCountQueryOptions(sisId));
}
