import { z } from 'zod';
import { deviceRow, queryId, queryNames } from './devices.js';
import { defineRoute } from './route.js';

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

const TAGS = ['configuração'];

const ERRORS = {
  400: 'Parâmetros inválidos',
  401: 'Sem sessão válida',
  404: 'Site fora dos sistemas do usuário, ou configuração inexistente',
} as const;

const TIPO_LOCAL_NOTE =
  '`idSite` é um dispositivo; com `tipoLocal=usina` ou `tipoLocal=scd` é uma usina ou um SCD.';

/** Spec 000 §7 "Configuration and data reads": panels, charts, reports and synoptic data of a site. */
export const CONFIGURATION_API = {
  overviews: defineRoute({
    method: 'GET',
    path: '/api/ConfigurationOverview/{idSite}/overview',
    params: siteConfigParams,
    query: siteConfigQuery,
    answer: overviewConfigList,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Visões gerais (painéis) do site, em ordem',
    description: `\`render_html\` nomeia o painel no registro do console. ${TIPO_LOCAL_NOTE}`,
  }),
  graphicals: defineRoute({
    method: 'GET',
    path: '/api/ConfigurationGraphical/{idSite}/graphical',
    params: siteConfigParams,
    query: siteConfigQuery,
    answer: graphicalConfigList,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Gráficos configurados do site, em ordem',
    description: TIPO_LOCAL_NOTE,
  }),
  chartLines: defineRoute({
    method: 'GET',
    path: '/api/ConfigurationGraphical/{idGraphical}/lines/graphical',
    params: graphicalLinesParams,
    query: presetSiteQuery,
    answer: chartLineList,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Linhas de um gráfico (preset por tipo de dispositivo)',
    description: 'Com `idSite` (um dispositivo do usuário), cada linha traz o `idTag` dele.',
  }),
  tables: defineRoute({
    method: 'GET',
    path: '/api/ConfigurationTable/{idSite}/table',
    params: siteConfigParams,
    query: siteConfigQuery,
    answer: tableConfigList,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Relatórios configurados do site, em ordem',
    description: TIPO_LOCAL_NOTE,
  }),
  tableColumns: defineRoute({
    method: 'GET',
    path: '/api/ConfigurationTable/{idTable}/table/column',
    params: tableColumnParams,
    query: presetSiteQuery,
    answer: tableColumnList,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Colunas de um relatório (preset por tipo de dispositivo)',
    description: 'Com `idSite` (um dispositivo do usuário), cada coluna traz o `idTag` dele.',
  }),
  /** A synoptic's readings (response cache). */
  synoptic: defineRoute({
    method: 'GET',
    path: '/api/DataSinotico/{idSinotico}/dataSinotico',
    params: dataSinoticoParams,
    query: dataSinoticoQuery,
    answer: dataSinotico,
    errors: ERRORS,
    tags: TAGS,
    summary: 'Leituras de um sinótico, com `ts_menos_atualizado`',
    description:
      '`idSite` com `tipoLocal` como na visão geral: um dispositivo, ou todos os dispositivos ' +
      'de uma usina ou SCD. `nomes` limita as leituras. `ts_menos_atualizado`: a leitura mais ' +
      'antiga entre as devolvidas (o sinótico fica desatualizado 20 min depois dela).',
  }),
};
