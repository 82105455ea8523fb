import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SchedulePage, ScheduleSearchQuery } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { SCHEDULES_KEY } from './keys';

/** The searches of spec 001 §2: user, weekday, entry, exit and interval; empty means any. */
export type ScheduleFilters = Omit<ScheduleSearchQuery, 'sisid' | 'offSet' | 'limit'>;

/** Spec 001 §7 "Schedule": a page of the system's escalas with the total. */
export function searchSchedules(
  sisId: number,
  filters: ScheduleFilters,
  page: { offSet: number; limit: number },
  signal?: AbortSignal,
): Promise<SchedulePage> {
  return call(API.schedules.search, { query: { sisid: sisId, ...filters, ...page } }, { signal });
}

export function schedulesQueryOptions(
  sisId: number,
  filters: ScheduleFilters,
  page: { offSet: number; limit: number },
) {
  return queryOptions({
    queryKey: [...SCHEDULES_KEY, 'busca', sisId, filters, page],
    queryFn: ({ signal }) => searchSchedules(sisId, filters, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSchedules(
  sisId: number,
  filters: ScheduleFilters,
  page: { offSet: number; limit: number },
) {
  return useQuery(schedulesQueryOptions(sisId, filters, page));
}
