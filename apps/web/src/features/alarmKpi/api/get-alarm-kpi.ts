import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AlarmKpi } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import type { Period } from '@vigia/domain';
import { call } from '../../../lib/api';

export const ALARM_KPI_KEY = ['indicadoresAlarmes'] as const;

/** `GET /api/ocorrencias/indicadores`: a system (`sisId`), or 0 for all the user's. */
export function getAlarmKpi(
  sisId: number,
  period: Period,
  signal?: AbortSignal,
): Promise<AlarmKpi> {
  return call(
    API.alarmKpi.get,
    { query: { sisid: sisId, inicio: period.inicio, fim: period.fim } },
    { signal, quiet: true },
  );
}

/** New alarms change the figures: refetched at most every 10 s while they come in. */
const LIVE_THROTTLE_MS = 10_000;

export function alarmKpiQueryOptions(sisId: number, period: Period) {
  return queryOptions({
    queryKey: [...ALARM_KPI_KEY, sisId, period.inicio, period.fim],
    queryFn: ({ signal }) => getAlarmKpi(sisId, period, signal),
    placeholderData: keepPreviousData,
    meta: {
      live: {
        types: ['occurrence.opened', 'occurrence.cleared'],
        sisId,
        throttleMs: LIVE_THROTTLE_MS,
      },
    },
  });
}

export function useAlarmKpi(sisId: number, period: Period, enabled: boolean) {
  return useQuery({ ...alarmKpiQueryOptions(sisId, period), enabled });
}
