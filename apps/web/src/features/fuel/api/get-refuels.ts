import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RefuelRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { FUEL_KEY, type FuelAssetScope } from './keys';

/** Two local days, 'YYYY-MM-DD', both included. */
export interface DayRange {
  dataInicial: string;
  dataFinal: string;
}

/** `GET /api/combustivel/abastecimentos`: the refuels found in the tanks' history. */
export function getRefuels(
  scope: FuelAssetScope,
  range: DayRange,
  signal?: AbortSignal,
): Promise<RefuelRow[]> {
  return call(
    API.fuel.refuels,
    { query: { sisid: scope.sisId, venueId: scope.venueId ?? null, ...range } },
    { signal },
  );
}

export function refuelsQueryOptions(scope: FuelAssetScope, range: DayRange) {
  return queryOptions({
    queryKey: [...FUEL_KEY, 'abastecimentos', scope.sisId, scope.venueId ?? null, range],
    queryFn: ({ signal }) => getRefuels(scope, range, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRefuels(scope: FuelAssetScope, range: DayRange, enabled: boolean) {
  return useQuery({ ...refuelsQueryOptions(scope, range), enabled });
}
