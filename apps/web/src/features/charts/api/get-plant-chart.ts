import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantChart, PlantChartTipo } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import {
  type ChartPeriodChoice,
  chartPeriod,
  isRollingChartPeriod,
  type Period,
  REFRESH_MS,
} from '@vigia/domain';
import { call } from '../../../lib/api';

/** Spec 000 §7: `GET /api2/energia/usinas/{usinaId}/grafico` with tipo, inicio, fim. */
export function getPlantChart(
  usinaId: number,
  tipo: PlantChartTipo,
  period: Period,
  signal?: AbortSignal,
): Promise<PlantChart> {
  return call(
    API.reports.plantChart,
    { params: { usinaId }, query: { tipo, inicio: period.inicio, fim: period.fim } },
    { signal, quiet: true },
  );
}

export interface PlantChartRequest {
  usinaId: number;
  tipo: PlantChartTipo;
  choice: ChartPeriodChoice;
  custom: Period;
}

/** As the device history: windows that end now refresh each minute. */
export function usePlantChart(
  { usinaId, tipo, choice, custom }: PlantChartRequest,
  enabled: boolean,
) {
  const rolling = isRollingChartPeriod(choice);
  return useQuery({
    ...queryOptions({
      queryKey: ['charts', 'plant', usinaId, tipo, choice, rolling ? null : custom],
      queryFn: ({ signal }) =>
        getPlantChart(usinaId, tipo, chartPeriod(choice, new Date(), custom), signal),
      refetchInterval: rolling ? REFRESH_MS : false,
      placeholderData: keepPreviousData,
    }),
    enabled,
  });
}
