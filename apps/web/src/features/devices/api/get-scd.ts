import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScdRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Spec 000 §7: `GET /api/energia/scds/{scdId}`, an SCD with its device totals and power. */
export function getScd(scdId: number, signal?: AbortSignal): Promise<ScdRow> {
  return call(API.energy.scd, { params: { scdId } }, { signal });
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
