import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { counterRefetchInterval, countOf } from './countOf';

/** Spec 000 §7: active-alarm counter, `GET /api/ocorrencias` with `alarmeativo=true` and `sisid`. */
export async function getActiveAlarmCount(sisId: number, signal?: AbortSignal): Promise<number> {
  const body = await request<unknown>('/api/ocorrencias', {
    query: { alarmeativo: true, sisid: sisId, offSet: 0, limit: 1 },
    signal,
    quiet: true,
  });
  return countOf(body);
}

export function activeAlarmCountQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: ['counters', 'alarms', sisId],
    queryFn: ({ signal }) => getActiveAlarmCount(sisId, signal),
    refetchInterval: counterRefetchInterval,
    meta: { live: ['occurrence.opened', 'occurrence.cleared', 'occurrence.acknowledged'] },
  });
}

export function useActiveAlarmCount(sisId: number) {
  return useQuery(activeAlarmCountQueryOptions(sisId));
}
