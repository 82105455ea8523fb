import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { analysisCounter, type CounterValue, counterRefetchInterval } from './countOf';

/**
 * Side-bar counter (spec 001 §2): devices in the critical or attention band of
 * the analysis list `/api/energia/analise/baterias` of one system (sisid 0: all the user's systems).
 */
export async function getBatteryCount(sisId: number, signal?: AbortSignal): Promise<CounterValue> {
  const body = await request<unknown>('/api/energia/analise/baterias', {
    query: { sisid: sisId, offSet: 0, limit: 1 },
    signal,
    quiet: true,
  });
  return analysisCounter(body);
}

export function batteryCountQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: ['counters', 'battery', sisId],
    queryFn: ({ signal }) => getBatteryCount(sisId, signal),
    refetchInterval: counterRefetchInterval,
  });
}

export function useBatteryCount(sisId: number, enabled = true) {
  return useQuery({ ...batteryCountQueryOptions(sisId), enabled });
}
