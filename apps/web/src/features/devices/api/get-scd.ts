import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScdRow } from '@vigia/contract';
import { request } from '../../../lib/http';

/** Spec 000 §7: `GET /api/energia/scds/{scdId}`, an SCD with its device totals and power. */
export function getScd(scdId: number, signal?: AbortSignal): Promise<ScdRow> {
  return request<ScdRow>(`/api/energia/scds/${scdId}`, { signal });
}

export function scdQueryOptions(scdId: number) {
  return queryOptions({
    queryKey: ['devices', 'scd', scdId],
    queryFn: ({ signal }) => getScd(scdId, signal),
    meta: { live: { types: ['occurrence.opened', 'occurrence.cleared'] } },
  });
}

export function useScd(scdId: number, enabled = true) {
  return useQuery({ ...scdQueryOptions(scdId), enabled });
}
