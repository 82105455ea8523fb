import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FuelAssetRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { FUEL_KEY, type FuelAssetScope } from './keys';

/** `GET /api/combustivel/patrimonios`: the fuel assets of a system, or of one venue of it. */
export function getFuelAssets(
  scope: FuelAssetScope,
  signal?: AbortSignal,
): Promise<FuelAssetRow[]> {
  return call(
    API.fuel.assets,
    { query: { sisid: scope.sisId, venueId: scope.venueId ?? null } },
    { signal },
  );
}

export function fuelAssetsQueryOptions(scope: FuelAssetScope) {
  return queryOptions({
    queryKey: [...FUEL_KEY, 'patrimonios', scope.sisId, scope.venueId ?? null],
    queryFn: ({ signal }) => getFuelAssets(scope, signal),
    // A day entered elsewhere changes the consumption and the autonomy.
    meta: { live: { types: ['fuel.entries', 'fuel.config'], sisId: scope.sisId } },
  });
}

export function useFuelAssets(scope: FuelAssetScope) {
  return useQuery(fuelAssetsQueryOptions(scope));
}
