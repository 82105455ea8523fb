import type { ResumeSiteRow, TipoSite } from '@vigia/contract';
import { request } from '../../../lib/http';

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
  const page = await request<{ total: number; itens: ResumeSiteRow[] }>(
    `/api/DataResumeSite/${r.tipoSite}/dataResumeSite`,
    {
      query: {
        sisid: r.sisId,
        offSet: r.offSet,
        limit: r.limit,
        filtroTexto: r.filtroTexto || undefined,
        orderBy: r.orderBy || undefined,
      },
      signal: r.signal,
    },
  );
  return page.itens;
}
