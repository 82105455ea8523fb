import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IncompleteDay } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { FUEL_KEY, type FuelScope } from './keys';

/**
 * Spec 000 §7: `consumoDiarioIncompleto` (system) or `consumoDiarioIncompletoScd`:
 * the days of the last 30 (spec 001 §4) with an enabled site still without entry.
 */
export function getIncompleteDays(
  scope: FuelScope,
  signal?: AbortSignal,
): Promise<IncompleteDay[]> {
  return scope.scdId
    ? call(API.fuel.incompleteScd, { query: { scdid: scope.scdId } }, { signal })
    : call(API.fuel.incomplete, { query: { sisid: scope.sisId } }, { signal });
}

export function incompleteDaysQueryOptions(scope: FuelScope) {
  return queryOptions({
    queryKey: [...FUEL_KEY, 'incompletos', scope.sisId, scope.scdId ?? null],
    queryFn: ({ signal }) => getIncompleteDays(scope, signal),
    meta: { live: { types: ['fuel.entries', 'fuel.config'], sisId: scope.sisId } },
  });
}

export function useIncompleteDays(scope: FuelScope) {
  return useQuery(incompleteDaysQueryOptions(scope));
}
