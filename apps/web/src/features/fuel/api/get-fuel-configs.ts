import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FuelConfigRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { FUEL_KEY, type FuelScope } from './keys';

/** Spec 000 §7: `GET config` (system) or `configUnique` (one SCD). */
export function getFuelConfigs(scope: FuelScope, signal?: AbortSignal): Promise<FuelConfigRow[]> {
  return scope.scdId
    ? call(API.fuel.configUnique, { query: { scdid: scope.scdId } }, { signal })
    : call(API.fuel.config, { query: { sisid: scope.sisId } }, { signal });
}

export function fuelConfigsQueryOptions(scope: FuelScope) {
  return queryOptions({
    queryKey: [...FUEL_KEY, 'config', scope.sisId, scope.scdId ?? null],
    queryFn: ({ signal }) => getFuelConfigs(scope, signal),
    // A configuration changes when someone saves it, not by itself: no polling over the edits.
    refetchInterval: false,
    // Another console's change (spec 000 §4 fuel config); the screen's own edits are kept apart.
    meta: { live: { types: ['fuel.config'], sisId: scope.sisId } },
  });
}

export function useFuelConfigs(scope: FuelScope) {
  return useQuery(fuelConfigsQueryOptions(scope));
}
