import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResumeSiteConfig, TipoSite } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Spec 000 §7: `GET /api/ConfigurationResumeSite/{tipoSite}/resumeSite?sisid=`, the columns of a site table. */
export function getSiteTableConfig(
  tipoSite: TipoSite,
  sisId: number,
  signal?: AbortSignal,
): Promise<ResumeSiteConfig> {
  return call(API.sites.tableConfig, { params: { tipoSite }, query: { sisid: sisId } }, { signal });
}

export function siteTableConfigQueryOptions(tipoSite: TipoSite, sisId: number) {
  return queryOptions({
    queryKey: ['maps', 'siteTableConfig', tipoSite, sisId],
    queryFn: ({ signal }) => getSiteTableConfig(tipoSite, sisId, signal),
    staleTime: 5 * 60_000,
    refetchInterval: false,
  });
}

export function useSiteTableConfig(tipoSite: TipoSite, sisId: number) {
  return useQuery(siteTableConfigQueryOptions(tipoSite, sisId));
}
