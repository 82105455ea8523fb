import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { counterRefetchInterval, countOf } from './countOf';

/** Side-bar counter (spec 001 §2) from the analysis list `/api/energia/analise/potencias` of one system. */
export async function getPowerCount(sisId: number, signal?: AbortSignal): Promise<number> {
  const body = await request<unknown>('/api/energia/analise/potencias', {
    query: { sisid: sisId, offSet: 0, limit: 1 },
    signal,
    quiet: true,
  });
  return countOf(body);
}

export function powerCountQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: ['counters', 'power', sisId],
    queryFn: ({ signal }) => getPowerCount(sisId, signal),
    refetchInterval: counterRefetchInterval,
  });
}

export function usePowerCount(sisId: number) {
  return useQuery(powerCountQueryOptions(sisId));
}
