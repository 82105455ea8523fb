import {
  CUSTOM_PERIOD,
  HISTORY_DEFAULT_FLAGS,
  isPeriodPreset,
  occurrenceFlags,
  type Period,
  type PeriodChoice,
  periodPreset,
  validatePeriodSec,
} from '@vigia/domain';
import type { SortState } from '../../ui/table/types';
import type { OccurrencePageQuery } from './api/get-occurrence-page';

/** The only index-backed order of the server (contract OCCURRENCE_ORDERS). */
export const SORTABLE_COLUMN = 'horaAtivacao';

export interface PeriodFilter {
  choice: PeriodChoice;
  /** The custom 'Periodo' (epoch seconds); presets are resolved at each load so 'now' moves. */
  custom: Period;
}

export interface OccurrenceFilters {
  filtroTexto: string;
  sort: SortState;
  evento: boolean;
  alarme: boolean;
  /** History lists only. */
  period: PeriodFilter | null;
}

const NEWEST_FIRST: SortState = { key: SORTABLE_COLUMN, direction: 'desc' };

/** Active lists: alarms only until the events toggle adds events (spec 001 §4). */
export function activeFilters(): OccurrenceFilters {
  return {
    filtroTexto: '',
    sort: NEWEST_FIRST,
    ...occurrenceFlags(false),
    period: null,
  };
}

/** History: event=false, alert=true, today from midnight to now (spec 001 §4). */
export function historyFilters(now: Date): OccurrenceFilters {
  return {
    filtroTexto: '',
    sort: NEWEST_FIRST,
    ...HISTORY_DEFAULT_FLAGS,
    period: { choice: 'hoje', custom: periodPreset('hoje', now) },
  };
}

export function resolvePeriod(filter: PeriodFilter, now: Date): Period {
  return isPeriodPreset(filter.choice) ? periodPreset(filter.choice, now) : filter.custom;
}

/** The period's validation message (spec 001 §5), or null. */
export function periodProblem(filter: PeriodFilter | null, now: Date): string | null {
  if (!filter || filter.choice !== CUSTOM_PERIOD) return null;
  const { inicio, fim } = resolvePeriod(filter, now);
  return validatePeriodSec(inicio, fim);
}

/** The list query of the filters (without scope and paging). */
export function filterQuery(
  filters: OccurrenceFilters,
  now: Date,
): Omit<OccurrencePageQuery, 'offSet' | 'limit'> {
  const period = filters.period ? resolvePeriod(filters.period, now) : null;
  return {
    filtroTexto: filters.filtroTexto.trim() || undefined,
    // Newest first is the server's default order: sent only when the user asks otherwise.
    orderBy: filters.sort.direction === 'asc' ? `${SORTABLE_COLUMN} asc` : undefined,
    evento: filters.evento,
    alarme: filters.alarme,
    inicio: period?.inicio,
    fim: period?.fim,
  };
}
