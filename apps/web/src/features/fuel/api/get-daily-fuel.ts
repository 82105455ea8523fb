import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FuelEntryRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { FUEL_KEY, type FuelScope } from './keys';

/** Spec 000 §7: `GET /api/combustivel/consumoDiario`, each enabled site on one day. */
export function getDailyFuel(
  scope: FuelScope,
  dataRef: string,
  signal?: AbortSignal,
): Promise<FuelEntryRow[]> {
  return call(
    API.fuel.daily,
    { query: { sis_id: scope.sisId, scdid: scope.scdId ?? null, dataRef } },
    { signal },
  );
}

export function dailyFuelQueryOptions(scope: FuelScope, dataRef: string) {
  return queryOptions({
    queryKey: [...FUEL_KEY, 'diario', scope.sisId, scope.scdId ?? null, dataRef],
    queryFn: ({ signal }) => getDailyFuel(scope, dataRef, signal),
    // Another console's save (spec 000 §4 fuel add) shows here without waiting for the poll.
    meta: { live: { types: ['fuel.entries', 'fuel.config'], sisId: scope.sisId } },
  });
}

export function useDailyFuel(scope: FuelScope, dataRef: string) {
  return useQuery(dailyFuelQueryOptions(scope, dataRef));
}
