import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResumeSiteRow } from '@vigia/contract';
import { TIPO_SITE } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { isHttpError } from '../../../lib/httpErrors';

/**
 * A venue's name, device groups and totals: its row of the venue site table
 * (`GET /api/DataResumeSite/4/dataResumeSite?venueId=`). Null when it is not one
 * of the user's venues.
 */
export async function getVenue(
  sisId: number,
  venueId: number,
  signal?: AbortSignal,
): Promise<ResumeSiteRow | null> {
  try {
    const page = await call(
      API.sites.tableRows,
      {
        params: { tipoSite: TIPO_SITE.venue },
        query: { sisid: sisId, venueId, offSet: 0, limit: 1 },
      },
      { signal, quiet: true },
    );
    return page.itens[0] ?? null;
  } catch (error) {
    if (isHttpError(error, 404)) return null;
    throw error;
  }
}

export function venueQueryOptions(sisId: number, venueId: number) {
  return queryOptions({
    queryKey: ['devices', 'venue', sisId, venueId],
    queryFn: ({ signal }) => getVenue(sisId, venueId, signal),
    meta: { live: { types: ['occurrence.opened', 'occurrence.cleared'] } },
  });
}

export function useVenue(sisId: number, venueId: number) {
  return useQuery(venueQueryOptions(sisId, venueId));
}
