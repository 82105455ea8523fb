import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartHistory } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import {
  type ChartPeriodChoice,
  chartPeriod,
  isRollingChartPeriod,
  type Period,
  REFRESH_MS,
} from '@vigia/domain';
import { call } from '../../../lib/api';

/**
 * Spec 000 §7: `POST /api/taginfoHistorico/dispositivo/id/penas/infosLista`
 * with `inicio`, `fim`, `idDispositivo` and body `{ nomes }`.
 */
export function getChartHistory(
  idDispositivo: number,
  nomes: readonly string[],
  period: Period,
  signal?: AbortSignal,
): Promise<ChartHistory> {
  return call(
    API.chartHistory.pens,
    {
      query: { inicio: period.inicio, fim: period.fim, idDispositivo },
      body: { nomes: [...nomes] },
    },
    { signal, quiet: true },
  );
}

export interface ChartHistoryRequest {
  idDispositivo: number;
  nomes: readonly string[];
  choice: ChartPeriodChoice;
  /** The custom 'Periodo' (used when `choice` is 'periodo'). */
  custom: Period;
}

/**
 * A window that ends now is resolved at each load and refreshed each minute
 * (spec 001 §9 "fixed-window charts refresh each minute"); past and custom
 * periods load once.
 */
export function chartHistoryQueryOptions({
  idDispositivo,
  nomes,
  choice,
  custom,
}: ChartHistoryRequest) {
  const rolling = isRollingChartPeriod(choice);
  return queryOptions({
    queryKey: ['charts', 'history', idDispositivo, nomes, choice, rolling ? null : custom],
    queryFn: ({ signal }) =>
      getChartHistory(idDispositivo, nomes, chartPeriod(choice, new Date(), custom), signal),
    refetchInterval: rolling ? REFRESH_MS : false,
    // The chart stays while another period loads.
    placeholderData: keepPreviousData,
  });
}

export function useChartHistory(req: ChartHistoryRequest, enabled: boolean) {
  return useQuery({ ...chartHistoryQueryOptions(req), enabled: enabled && req.nomes.length > 0 });
}
