import { type HealthPlanRow, healthPlanMotivo } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import type { HealthPlanList } from '@vigia/domain';
import { call } from '../../../lib/api';
import { useInfiniteList } from '../../../ui/table/useInfiniteList';
import { type PeriodFilter, resolvePeriod } from '../filters';
import { OCCURRENCES_KEY } from './get-occurrence-page';

export interface HealthPlanQuery {
  dataInicio: number;
  dataFim: number;
  list: HealthPlanList;
  sisid: number;
  offSet: number;
  limit: number;
}

/** Health-plan review lists (spec 000 §7, 001 §4/§7): initial, without reason, all. */
export function getHealthPlanList(
  { list, ...query }: HealthPlanQuery,
  signal?: AbortSignal,
): Promise<HealthPlanRow[]> {
  return call(
    API.healthPlan.list,
    { query: { ...query, motivo: healthPlanMotivo(list) } },
    { signal, quiet: true },
  );
}

export const HEALTH_PLAN_KEY = [...OCCURRENCES_KEY, 'planoSaude'] as const;

export interface HealthPlanFilters {
  list: HealthPlanList;
  period: PeriodFilter;
}

const rowId = (row: HealthPlanRow) => row.id;

export function useHealthPlanList(
  sisid: number,
  filters: HealthPlanFilters,
  options: { limit: number; debounceMs: number; enabled: boolean },
) {
  return useInfiniteList<HealthPlanRow, HealthPlanFilters>({
    queryKey: [...HEALTH_PLAN_KEY, sisid],
    filters,
    ...options,
    getRowId: rowId,
    fetchPage: ({ offSet, limit, filters: settled, signal }) => {
      const { inicio, fim } = resolvePeriod(settled.period, new Date());
      return getHealthPlanList(
        { dataInicio: inicio, dataFim: fim, list: settled.list, sisid, offSet, limit },
        signal,
      );
    },
    live: {
      types: ['occurrence.opened', 'occurrence.cleared', 'occurrence.acknowledged'],
      sisId: sisid,
    },
  });
}
