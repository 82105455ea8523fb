import { MOBILE_HIDDEN_COLUMNS } from '@vigia/domain';
import { z } from 'zod';
import { TIPO_SITE } from './constants.js';
import {
  deviceParam,
  orderByQuery,
  paged,
  pageQuery,
  queryId,
  querySisId,
  resumoComunicacao,
} from './devices.js';
import { defineRoute } from './route.js';

/*
 * Site tables (spec 001 §2 "Site tables exist in four variants by type") and
 * the site itself (`/api/Sites/{id}/site`).
 */

const id = z.number().int();

export type TipoSite = (typeof TIPO_SITE)[keyof typeof TIPO_SITE];
export const tipoSiteParams = z.object({
  tipoSite: z.coerce.number().pipe(z.literal(Object.values(TIPO_SITE))),
});

/** Where a row click leads: `main.site`, `main.usina`, `main.scd` or `main.venue.home`. */
export const siteTarget = z.enum(['site', 'usina', 'scd', 'venue']);

/**
 * A column of a site table. `chave` names the row field; `mobile` is the
 * domain's column kind hidden on phones (date, site, uf, alarm, connection,
 * equipment) or null; `ordenavel` says whether `orderBy` accepts it.
 */
export const resumeSiteColumn = z.object({
  chave: z.string(),
  nome: z.string(),
  tipo: z.enum(['TEXTO', 'NUMERO', 'DATE', 'COMUNICACAO', 'ALARME']),
  casaDecimal: z.number().int().nonnegative(),
  ordenavel: z.boolean(),
  mobile: z.enum(MOBILE_HIDDEN_COLUMNS).nullable(),
});
export type ResumeSiteColumn = z.infer<typeof resumeSiteColumn>;

/** `GET /api/ConfigurationResumeSite/{tipoSite}/resumeSite?sisid=`. */
export const resumeSiteConfig = z.object({
  tipoSite: id,
  nome: z.string(),
  destino: siteTarget,
  colunas: z.array(resumeSiteColumn),
});
export type ResumeSiteConfig = z.infer<typeof resumeSiteConfig>;
/** With `sisid`, place columns (plant, SCD, venue) appear only when that system has such places. */
export const resumeSiteConfigQuery = z.object({ sisid: querySisId.optional() });

/** Sort fields of a site table. */
export const SITE_ORDER_FIELDS = [
  'nome',
  'patrimonio',
  'tipo',
  'localNome',
  'uf',
  'usinaNome',
  'scdNome',
  'venueNome',
  'dispositivos',
  'online',
  'alarmTreeMapValue',
  'ultimaLeitura',
] as const;

/**
 * `GET /api/DataResumeSite/{tipoSite}/dataResumeSite`: `sisid`, paging,
 * `filtroTexto`, `orderBy`; `usinaId`, `scdId`, `venueId` narrow the rows to
 * one place.
 */
export const dataResumeSiteQuery = z.object({
  sisid: querySisId.optional(),
  usinaId: queryId.optional(),
  scdId: queryId.optional(),
  venueId: queryId.optional(),
  ...pageQuery,
  orderBy: orderByQuery(SITE_ORDER_FIELDS).optional(),
});

/**
 * A site-table row. For a device row `dispositivos` is 1 and the place
 * fields are the device's; for a plant, SCD or venue row the counts and
 * `resumoComunicacao` cover its devices (the freshest one's summary).
 */
export const resumeSiteRow = z.object({
  id,
  destino: siteTarget,
  nome: z.string(),
  patrimonio: z.string().nullable(),
  tipo: z.string().nullable(),
  equipamento: z.string().nullable(),
  localNome: z.string().nullable(),
  uf: z.string().nullable(),
  lat: z.number().nullable(),
  longi: z.number().nullable(),
  sisId: id,
  usinaId: id.nullable(),
  usinaNome: z.string().nullable(),
  scdId: id.nullable(),
  scdNome: z.string().nullable(),
  venueId: id.nullable(),
  venueNome: z.string().nullable(),
  dispositivos: z.number().int().nonnegative(),
  online: z.number().int().nonnegative(),
  alarmTreeMapValue: z.number().int().nonnegative(),
  resumoComunicacao,
  ultimaLeitura: z.number().int().nullable(),
  /** Venue rows: its device groups (the venue side bar). */
  gruposDispositivos: z.array(z.object({ id, nome: z.string() })),
});
export type ResumeSiteRow = z.infer<typeof resumeSiteRow>;
export const resumeSiteRowPage = paged(resumeSiteRow);

export const placeRef = z.object({ id, nome: z.string() });
export type PlaceRef = z.infer<typeof placeRef>;

/**
 * `GET /api/Sites/{id}/site`: a site (device) with what its page needs:
 * `titulo` (domain `siteTitle`: asset number, plus ' - ' and the place name
 * inside a plant), its plant, SCD and venue.
 */
export const siteData = z.object({
  siteId: id,
  id,
  nome: z.string(),
  patrimonio: z.string(),
  tipo: z.string(),
  templateDispositivoId: id,
  equipamento: z.string(),
  localNome: z.string(),
  uf: z.string(),
  lat: z.number().nullable(),
  longi: z.number().nullable(),
  titulo: z.string(),
  sisId: id,
  usina: placeRef.nullable(),
  scd: placeRef.nullable(),
  venue: placeRef.nullable(),
  grupo: placeRef.nullable(),
  energyCenter: placeRef.nullable(),
  resumoComunicacao,
  ultimaLeitura: z.number().int().nullable(),
  alarmTreeMapValue: z.number().int().nonnegative(),
  params: z.array(deviceParam),
});
export type SiteData = z.infer<typeof siteData>;
export const siteParams = z.object({ id: queryId });

/**
 * `GET /api/EnergyCenters/{energycenterId}/energyCenter` (Vigia's: the spec's
 * energy-center call lists devices only): its name and system, for the
 * energy-center page's title.
 */
export const energyCenterData = z.object({ id, nome: z.string(), sisId: id });
export type EnergyCenterData = z.infer<typeof energyCenterData>;
export const energyCenterParams = z.object({ energycenterId: queryId });

const TAGS = ['sites'];

const ERRORS = {
  400: 'Parâmetros inválidos',
  401: 'Sem sessão válida',
  404: 'Site, sistema ou local fora dos sistemas do usuário',
} as const;

/** Site tables (four variants), the site page's data and the energy center's name. */
export const SITES_API = {
  tableConfig: defineRoute({
    method: 'GET',
    path: '/api/ConfigurationResumeSite/{tipoSite}/resumeSite',
    params: tipoSiteParams,
    query: resumeSiteConfigQuery,
    answer: resumeSiteConfig,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Colunas da tabela de sites de um tipo',
    description:
      '`tipoSite`: 1 dispositivos, 2 usinas, 3 SCDs, 4 venues. Com `sisid`, as colunas de ' +
      'usina, SCD e venue só aparecem se o sistema tem esses locais.',
  }),
  /** A site table's rows (response cache). */
  tableRows: defineRoute({
    method: 'GET',
    path: '/api/DataResumeSite/{tipoSite}/dataResumeSite',
    params: tipoSiteParams,
    query: dataResumeSiteQuery,
    answer: resumeSiteRowPage,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Linhas da tabela de sites de um tipo (paginada)',
    description:
      '`tipoSite`: 1 dispositivos, 2 usinas, 3 SCDs, 4 venues. `sisid`, `usinaId`, `scdId`, ' +
      '`venueId`, `offSet`, `limit` (50), `filtroTexto`, `orderBy` (`campo [asc|desc]`).',
  }),
  site: defineRoute({
    method: 'GET',
    path: '/api/Sites/{id}/site',
    params: siteParams,
    answer: siteData,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Dados do site (dispositivo): título, usina, SCD, venue, comunicação e alarmes',
  }),
  energyCenter: defineRoute({
    method: 'GET',
    path: '/api/EnergyCenters/{energycenterId}/energyCenter',
    params: energyCenterParams,
    answer: energyCenterData,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Nome e sistema de um energy center (título da sua página de dispositivos)',
  }),
};
