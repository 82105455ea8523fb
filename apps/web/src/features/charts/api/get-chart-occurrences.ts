import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OccurrenceRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import type { Period } from '@vigia/domain';
import { call } from '../../../lib/api';

/** Most occurrences a chart marks; beyond it the newest are kept. */
export const ANNOTATION_LIMIT = 100;

/**
 * The occurrences that annotate a chart (spec 001 §3 "Annotation":
 * horaAtivacao, nomeAlarme, isEvt): a device's, or a plant's or SCD's, in the
 * drawn period, through `GET /api/ocorrencias`.
 */
export async function getChartOccurrences(
  scope: { disp_id: number } | { local_id: number } | { scdId: number },
  period: Period,
  signal?: AbortSignal,
): Promise<OccurrenceRow[]> {
  const answer = await call(
    API.occurrences.list,
    {
      query: {
        ...scope,
        inicio: period.inicio,
        fim: period.fim,
        offSet: 0,
        limit: ANNOTATION_LIMIT,
      },
    },
    { signal, quiet: true },
  );
  return Array.isArray(answer) ? answer : [];
}

export function useChartOccurrences(
  scope: { disp_id: number } | { local_id: number } | { scdId: number } | null,
  period: Period | null,
) {
  return useQuery({
    queryKey: ['charts', 'occurrences', scope, period],
    queryFn: ({ signal }) =>
      getChartOccurrences(scope as NonNullable<typeof scope>, period as Period, signal),
    enabled: scope !== null && period !== null,
    placeholderData: keepPreviousData,
  });
}
