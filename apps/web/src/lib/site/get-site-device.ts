import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteData } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../api';

/**
 * Spec 000 §7: `GET /api/Sites/{id}/site`, the device a chart or report
 * belongs to (its name titles the page).
 */
export function getSiteDevice(siteId: number, signal?: AbortSignal): Promise<SiteData> {
  return call(API.sites.site, { params: { id: siteId } }, { signal, quiet: true });
}

export function siteDeviceQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: ['site-device', siteId],
    queryFn: ({ signal }) => getSiteDevice(siteId, signal),
    // A name changes rarely: no periodic refresh.
    refetchInterval: false,
    staleTime: 5 * 60_000,
  });
}

export function useSiteDevice(siteId: number) {
  return useQuery({
    ...siteDeviceQueryOptions(siteId),
    enabled: Number.isInteger(siteId) && siteId > 0,
  });
}
