import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { counterRefetchInterval, countOf } from './countOf';

/** Side-bar counter (spec 001 §2) from the analysis list `/api/energia/analise/baterias` of one system. */
export async function getBatteryCount(sisId: number, signal?: AbortSignal): Promise<number> {
  const body = await request<unknown>('/api/energia/analise/baterias', {
    query: { sisid: sisId, offSet: 0, limit: 1 },
    signal,
    quiet: true,
  });
  return countOf(body);
}

export function batteryCountQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: ['counters', 'battery', sisId],
    queryFn: ({ signal }) => getBatteryCount(sisId, signal),
    refetchInterval: counterRefetchInterval,
  });
}

export function useBatteryCount(sisId: number) {
  return useQuery(batteryCountQueryOptions(sisId));
}
