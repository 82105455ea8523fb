import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { alarmCounter, type CounterValue, counterRefetchInterval } from './countOf';

/**
 * Spec 000 §7: active-alarm counter, `GET /api/ocorrencias?alarmeativo=true&sisid=`
 * without paging (sisid 0: all the user's systems).
 */
export async function getActiveAlarmCount(
  sisId: number,
  signal?: AbortSignal,
): Promise<CounterValue> {
  const body = await call(
    API.occurrences.list,
    { query: { alarmeativo: true, sisid: sisId } },
    { signal, quiet: true },
  );
  return alarmCounter(body);
}

export function activeAlarmCountQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: ['counters', 'alarms', sisId],
    queryFn: ({ signal }) => getActiveAlarmCount(sisId, signal),
    refetchInterval: counterRefetchInterval,
    meta: { live: { types: ['occurrence.opened', 'occurrence.cleared'] } },
  });
}

export function useActiveAlarmCount(sisId: number, enabled = true) {
  return useQuery({ ...activeAlarmCountQueryOptions(sisId), enabled });
}
