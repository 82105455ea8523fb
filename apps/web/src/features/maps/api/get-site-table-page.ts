import type { ResumeSiteRow, TipoSite } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

export interface SiteTablePageRequest {
  tipoSite: TipoSite;
  sisId: number;
  offSet: number;
  limit: number;
  filtroTexto?: string;
  orderBy?: string;
  signal?: AbortSignal;
}

/** Spec 000 §7: `GET /api/DataResumeSite/{tipoSite}/dataResumeSite`, one page of a site table. */
export async function getSiteTablePage(r: SiteTablePageRequest): Promise<ResumeSiteRow[]> {
  const page = await call(
    API.sites.tableRows,
    {
      params: { tipoSite: r.tipoSite },
      query: {
        sisid: r.sisId,
        offSet: r.offSet,
        limit: r.limit,
        filtroTexto: r.filtroTexto || undefined,
        orderBy: r.orderBy || undefined,
      },
    },
    { signal: r.signal },
  );
  return page.itens;
}
