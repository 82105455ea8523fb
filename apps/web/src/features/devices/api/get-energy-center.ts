import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** `GET /api/EnergyCenters/{energycenterId}/energyCenter`: the energy center's name and system. */
export function getEnergyCenter(energycenterId: number, signal?: AbortSignal) {
  return call(API.sites.energyCenter, { params: { energycenterId } }, { signal, quiet: true });
}

export function energyCenterQueryOptions(energycenterId: number) {
  return queryOptions({
    queryKey: ['devices', 'energyCenter', energycenterId],
    queryFn: ({ signal }) => getEnergyCenter(energycenterId, signal),
    // A name changes rarely: no periodic refresh.
    refetchInterval: false,
    staleTime: 5 * 60_000,
  });
}

export function useEnergyCenter(energycenterId: number) {
  return useQuery({
    ...energyCenterQueryOptions(energycenterId),
    enabled: Number.isInteger(energycenterId) && energycenterId > 0,
  });
}
