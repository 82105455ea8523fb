import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OverviewConfig, TipoLocal } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/**
 * Spec 000 §7: `GET /api/ConfigurationOverview/{idSite}/overview`, the site's
 * overview panels in order. `tipoLocal` says whether `idSite` is a device, a
 * plant or an SCD.
 */
export function getOverviews(
  idSite: number,
  tipoLocal: TipoLocal = 'dispositivo',
  signal?: AbortSignal,
): Promise<OverviewConfig[]> {
  return call(
    API.configuration.overviews,
    {
      params: { idSite },
      query: { tipoLocal: tipoLocal === 'dispositivo' ? undefined : tipoLocal },
    },
    { signal, quiet: true },
  );
}

export function overviewsQueryOptions(idSite: number, tipoLocal: TipoLocal = 'dispositivo') {
  return queryOptions({
    queryKey: ['site', 'overviews', tipoLocal, idSite],
    queryFn: ({ signal }) => getOverviews(idSite, tipoLocal, signal),
    // Configuration changes rarely: no periodic refresh.
    refetchInterval: false,
    staleTime: 5 * 60_000,
  });
}

export function useOverviews(idSite: number, tipoLocal: TipoLocal = 'dispositivo') {
  return useQuery({
    ...overviewsQueryOptions(idSite, tipoLocal),
    enabled: Number.isInteger(idSite) && idSite > 0,
  });
}
