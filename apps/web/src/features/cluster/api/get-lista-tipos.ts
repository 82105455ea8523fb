import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TipoTotal } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Spec 000 §7: `GET /api/User/listatipos?sisid=`, device totals per type. */
export function getListaTipos(sisId: number, signal?: AbortSignal): Promise<TipoTotal[]> {
  return call(API.user.listaTipos, { query: { sisid: sisId } }, { signal });
}

export function listaTiposQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: ['cluster', 'listatipos', sisId],
    queryFn: ({ signal }) => getListaTipos(sisId, signal),
    // "com alarme" follows the alarms as they open and clear.
    meta: { live: { types: ['occurrence.opened', 'occurrence.cleared'] } },
  });
}

export function useListaTipos(sisId: number) {
  return useQuery(listaTiposQueryOptions(sisId));
}
