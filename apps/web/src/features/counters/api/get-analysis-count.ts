import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { analysisCounter, type CounterValue, counterRefetchInterval } from './countOf';

/** The analysis lists a side-bar counter reads (tanks have no counter). */
export type CountedAnalysis = 'baterias' | 'potencias' | 'loadspeeds';

/**
 * Side-bar counter (spec 001 §2): devices in the critical or attention band of
 * one analysis list of one system (sisid 0: all the user's systems); one row
 * is asked for, the bands are counted over the whole list.
 */
export async function getAnalysisCount(
  kind: CountedAnalysis,
  sisId: number,
  signal?: AbortSignal,
): Promise<CounterValue> {
  const page = await call(
    API.analysis[kind],
    { query: { sisid: sisId, offSet: 0, limit: 1 } },
    { signal, quiet: true },
  );
  return analysisCounter(page);
}

export function analysisCountQueryOptions(kind: CountedAnalysis, sisId: number) {
  return queryOptions({
    queryKey: ['counters', kind, sisId],
    queryFn: ({ signal }) => getAnalysisCount(kind, sisId, signal),
    refetchInterval: counterRefetchInterval,
  });
}

export function useAnalysisCount(kind: CountedAnalysis, sisId: number, enabled = true) {
  return useQuery({ ...analysisCountQueryOptions(kind, sisId), enabled });
}
