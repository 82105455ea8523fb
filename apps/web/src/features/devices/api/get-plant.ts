import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlantRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Spec 000 §7: `GET /api/energia/usinas/{usinaId}`, a plant with its device totals and power. */
export function getPlant(usinaId: number, signal?: AbortSignal): Promise<PlantRow> {
  return call(API.energy.plant, { params: { usinaId } }, { signal });
}

export function plantQueryOptions(usinaId: number) {
  return queryOptions({
    queryKey: ['devices', 'plant', usinaId],
    queryFn: ({ signal }) => getPlant(usinaId, signal),
    meta: { live: { types: ['occurrence.opened', 'occurrence.cleared'] } },
  });
}

export function usePlant(usinaId: number, enabled = true) {
  return useQuery({ ...plantQueryOptions(usinaId), enabled });
}
