import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteData } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Spec 000 §7: `GET /api/Sites/{id}/site`, the device a chart belongs to (its name titles the page). */
export function getChartDevice(siteId: number, signal?: AbortSignal): Promise<SiteData> {
  return call(API.sites.site, { params: { id: siteId } }, { signal, quiet: true });
}

export function chartDeviceQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: ['charts', 'device', siteId],
    queryFn: ({ signal }) => getChartDevice(siteId, signal),
    // A name changes rarely: no periodic refresh.
    refetchInterval: false,
    staleTime: 5 * 60_000,
  });
}

export function useChartDevice(siteId: number) {
  return useQuery({
    ...chartDeviceQueryOptions(siteId),
    enabled: Number.isInteger(siteId) && siteId > 0,
  });
}
