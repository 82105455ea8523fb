import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteData } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Spec 000 §7: `GET /api/Sites/{id}/site`, the device behind a site page. */
export function getSite(siteId: number, signal?: AbortSignal): Promise<SiteData> {
  return call(API.sites.site, { params: { id: siteId } }, { signal, quiet: true });
}

export function siteQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: ['site', 'site', siteId],
    queryFn: ({ signal }) => getSite(siteId, signal),
    // The communication summary and alarm count follow the device.
    meta: { live: { types: ['occurrence.opened', 'occurrence.cleared'] } },
  });
}

export function useSite(siteId: number) {
  return useQuery({ ...siteQueryOptions(siteId), enabled: Number.isInteger(siteId) && siteId > 0 });
}
