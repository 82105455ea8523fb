import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

export function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return call(API.health.health, {}, { signal, quiet: true });
}

export function healthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: false,
    staleTime: 30_000,
  });
}

export function useHealth(enabled: boolean) {
  return useQuery({ ...healthQueryOptions(), enabled });
}
