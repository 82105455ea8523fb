import { z } from 'zod';
import { deviceRow, queryId, queryNames } from './devices.js';

/*
 * Configuration reads of spec 000 §7 ("Configuration and data reads") with the
 * fields of spec 000 §3 "Site configuration", "Chart line configuration" and
 * "Report column configuration".
 */

const id = z.number().int();

/**
 * Whose configuration `{idSite}` names: a device (default), a plant (`usina`)
 * or an SCD (`scd`): plants and SCDs have overview panels of their own.
 */
export const tipoLocal = z.enum(['dispositivo', 'usina', 'scd']);
export type TipoLocal = z.infer<typeof tipoLocal>;
export const siteConfigParams = z.object({ idSite: queryId });
export const siteConfigQuery = z.object({ tipoLocal: tipoLocal.default('dispositivo') });

/** A synoptic of an overview: `id` is what `/api/DataSinotico/{idSinotico}/dataSinotico` takes. */
export const sinotico = z.object({ id, web_nome: z.string() });

/** The fields every site configuration entry carries (spec 000 §3 "Site configuration"). */
const siteConfigBase = {
  idSite: id,
  tipo: z.enum(['overview', 'graphical', 'table']),
  nome: z.string(),
  tempoDefault: z.number().int().nullable(),
  tempoEnddtDefault: z.number().int().nullable(),
  /** Access code such as '00005'. */
  acesso: z.string(),
  intervalo: z.number().int().nullable(),
  render_html: z.string().nullable(),
  idOverview: id.nullable(),
  idGraphical: id.nullable(),
  idTabela: id.nullable(),
};

/**
 * `GET /api/ConfigurationOverview/{idSite}/overview`: the site's overview
 * panels in order; `render_html` names the panel in the web registry; the
 * first one is where a site without a child route redirects.
 */
export const overviewConfig = z.object({
  ...siteConfigBase,
  sinotico: z.array(sinotico),
  graphic: z.object({ web_nome: z.string() }).nullable(),
});
export type OverviewConfig = z.infer<typeof overviewConfig>;
export const overviewConfigList = z.array(overviewConfig);

/** `GET /api/ConfigurationGraphical/{idSite}/graphical`: the site's chart presets. */
export const graphicalConfig = z.object({
  ...siteConfigBase,
  graphic: z.object({ web_nome: z.string(), tempoDefault: z.number().int() }).nullable(),
});
export type GraphicalConfig = z.infer<typeof graphicalConfig>;
export const graphicalConfigList = z.array(graphicalConfig);

/** `GET /api/ConfigurationTable/{idSite}/table`: the site's report presets. */
export const tableConfig = z.object({
  ...siteConfigBase,
  table: z
    .object({
      nome: z.string(),
      /** relatorioDiario, horimetro, manutencao … */
      tipo: z.string(),
      tempoDefault: z.number().int(),
      intervalo: z.number().int(),
    })
    .nullable(),
});
export type TableConfig = z.infer<typeof tableConfig>;
export const tableConfigList = z.array(tableConfig);

/**
 * With `idSite` (a device), the configuration rows also name that device's
 * tag id (`idTag`) for each reading: what the history calls take.
 */
export const presetSiteQuery = z.object({ idSite: queryId.optional() });

/** `GET /api/ConfigurationTable/{idTable}/table/column` (spec 000 §3 "Report column configuration"). */
export const tableColumn = z.object({
  idTable: id,
  idColuna: id,
  nomeColuna: z.string(),
  grandeza: z.string(),
  casaDecimal: z.number().int(),
  /** NUMERO or DATE. */
  tipo: z.string(),
  /** Reading name, or 'ts' for the date column. */
  keyColuna: z.string(),
  idTag: id.nullable(),
});
export type TableColumn = z.infer<typeof tableColumn>;
export const tableColumnList = z.array(tableColumn);
export const tableColumnParams = z.object({ idTable: queryId });

/** `GET /api/ConfigurationGraphical/{idGraphical}/lines/graphical` (spec 000 §3 "Chart line configuration"). */
export const chartLine = z.object({
  idTag: id.nullable(),
  /** Reading name the line draws. */
  tagNome: z.string(),
  nome: z.string(),
  grandeza: z.string(),
  cor: z.string(),
  casaDecimal: z.number().int(),
  maximo: z.number(),
  minimo: z.number(),
  lineStyle: z.enum(['solid', 'dashed', 'dotted']),
  renderer: z.enum(['line', 'bar']).nullable(),
  tipo: z.string().nullable(),
  scale: z.number().nullable(),
});
export type ChartLine = z.infer<typeof chartLine>;
export const chartLineList = z.array(chartLine);
export const graphicalLinesParams = z.object({ idGraphical: queryId });

/**
 * `GET /api/DataSinotico/{idSinotico}/dataSinotico?idSite=&tipoLocal=&nomes=`:
 * the readings of a synoptic. `idSite` with `tipoLocal` as in the overview
 * call: one device, or every device of a plant or SCD. `nomes` limits the
 * readings (default: all).
 */
export const dataSinoticoParams = z.object({ idSinotico: queryId });
export const dataSinoticoQuery = z.object({
  idSite: queryId,
  tipoLocal: tipoLocal.default('dispositivo'),
  nomes: queryNames.optional(),
});

/**
 * `ts_menos_atualizado` is the oldest reading time among the returned
 * readings (null when none arrived): the panel is stale after 20 minutes of it
 * (domain `isSynopticStale`).
 */
export const dataSinotico = z.object({
  idSinotico: id,
  web_nome: z.string(),
  render_html: z.string(),
  ts_menos_atualizado: z.number().int().nullable(),
  dispositivos: z.array(deviceRow),
});
export type DataSinotico = z.infer<typeof dataSinotico>;
