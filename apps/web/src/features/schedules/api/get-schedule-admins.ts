import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleAdmin } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { SCHEDULES_KEY } from './keys';

/** Spec 001 §6: the schedule form lists the system's administrators. */
export function getScheduleAdmins(sisId: number, signal?: AbortSignal): Promise<ScheduleAdmin[]> {
  return call(API.schedules.administrators, { query: { sisid: sisId } }, { signal });
}

export function scheduleAdminsQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: [...SCHEDULES_KEY, 'administradores', sisId],
    queryFn: ({ signal }) => getScheduleAdmins(sisId, signal),
    refetchInterval: false,
  });
}

export function useScheduleAdmins(sisId: number) {
  return useQuery(scheduleAdminsQueryOptions(sisId));
}
