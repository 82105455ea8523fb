import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractDevice } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { CONTRACTS_KEY } from './keys';

/** The devices a contract of the system (or of the venue) may cover. */
export function getCoverableDevices(
  sisId: number,
  venueId: number | undefined,
  signal?: AbortSignal,
): Promise<ContractDevice[]> {
  return call(API.contracts.devices, { query: { sisid: sisId, venueId } }, { signal });
}

export function coverableDevicesQueryOptions(sisId: number, venueId: number | undefined) {
  return queryOptions({
    queryKey: [...CONTRACTS_KEY, 'dispositivos', sisId, venueId ?? null],
    queryFn: ({ signal }) => getCoverableDevices(sisId, venueId, signal),
    refetchInterval: false,
  });
}

export function useCoverableDevices(sisId: number, venueId: number | undefined) {
  return useQuery(coverableDevicesQueryOptions(sisId, venueId));
}
