import {
  MAX_CHART_LINES,
  REPORT_INTERVAL_MIN,
  REPORT_INTERVALS_MIN,
  REPORT_PAGE_SIZE,
} from '@vigia/domain';
import { z } from 'zod';
import { tableColumn } from './configuration.js';
import { queryId } from './ids.js';
import { defineRoute } from './route.js';

/*
 * Spec 000 §7: report history (`/rows/infosLista`), a report preset's data
 * (`/api/DataTable/{idTable}/historico`) and the plant chart; spec 001 §3
 * "Report response: header (taginfo) and rows (ts, columns)".
 */

const id = z.number().int();
/** Epoch seconds, up to 2100-01-01. */
const epochSeconds = z.coerce.number().int().min(0).max(4_102_444_800);

/** Group 0 Dia (rows of `intervalo` minutes), 1 Mês (a row per local day, no 31-day limit). */
const tipoPeriodo = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(0), z.literal(1)]))
  .default(0);
const intervalo = z.coerce
  .number()
  .int()
  .refine((m) => REPORT_INTERVALS_MIN.includes(m), {
    message: `intervalo: ${REPORT_INTERVALS_MIN.join(', ')} minutos`,
  })
  .default(REPORT_INTERVAL_MIN);

/** The period, grouping and page every report read takes. */
const reportPage = {
  inicio: epochSeconds,
  fim: epochSeconds,
  tipoPeriodo,
  intervalo,
  offSet: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(REPORT_PAGE_SIZE),
};

export const reportRowsQuery = z.object({ idDispositivo: queryId, ...reportPage });
export type ReportRowsQuery = z.input<typeof reportRowsQuery>;

/**
 * A column as the report asks for it: the reading (`keyColuna`) and how it is
 * shown; other fields of a column configuration (idColuna, idTag) are ignored.
 */
export const reportColumnInput = z.object({
  keyColuna: z.string().trim().min(1).max(100),
  nomeColuna: z.string().max(200).optional(),
  grandeza: z.string().max(50).optional(),
  casaDecimal: z.number().int().min(0).max(10).optional(),
  tipo: z.string().max(20).optional(),
});
export type ReportColumnInput = z.input<typeof reportColumnInput>;

export const reportRowsBody = z.object({
  columns: z
    .array(reportColumnInput)
    .min(1)
    .max(MAX_CHART_LINES * 5),
});
export type ReportRowsBody = z.input<typeof reportRowsBody>;

/** Header entry: the reading (taginfo) a column reads. */
export const reportTagInfo = z.object({
  id,
  nome: z.string(),
  apelido: z.string(),
  unidade: z.string(),
  /** Counters (hour meter, starts, energy) show their advance over each row. */
  contador: z.boolean(),
});
export type ReportTagInfo = z.infer<typeof reportTagInfo>;

/**
 * One row: `ts` its start; `columns` by `keyColuna`: the average of the
 * readings in the row, a counter's advance over it, null when none arrived.
 */
export const reportRow = z.object({
  ts: z.number().int(),
  columns: z.record(z.string(), z.number().nullable()),
});
export type ReportRow = z.infer<typeof reportRow>;

export const reportData = z.object({
  idDispositivo: id,
  inicio: z.number().int(),
  fim: z.number().int(),
  tipoPeriodo: z.number().int(),
  intervalo: z.number().int(),
  offSet: z.number().int(),
  limit: z.number().int(),
  /** Rows of the whole period (every interval, with or without readings). */
  total: z.number().int(),
  header: z.array(reportTagInfo),
  rows: z.array(reportRow),
});
export type ReportData = z.infer<typeof reportData>;

export const dataTableParams = z.object({ idTable: queryId });
export const dataTableQuery = z.object({ idSite: queryId, ...reportPage });
export type DataTableQuery = z.input<typeof dataTableQuery>;

/** A report preset's data: its columns (with the device's tags) and the rows. */
export const dataTable = reportData.extend({
  idTable: id,
  nome: z.string(),
  tipoRelatorio: z.string(),
  colunas: z.array(tableColumn),
});
export type DataTable = z.infer<typeof dataTable>;

/**
 * The maintenance report (spec 001 §2: kWh, hour meter, total fuel with
 * difference and daily average) of a device's preset of `tipo` manutencao:
 * each counter column of the preset read at the end of every row, its
 * advance over the row, and over the whole period with the daily average.
 */
export const maintenanceCounter = z.object({
  keyColuna: z.string(),
  nomeColuna: z.string(),
  grandeza: z.string(),
  casaDecimal: z.number().int(),
  /** The first and the last reading of the period; null when none arrived. */
  inicial: z.number().nullable(),
  final: z.number().nullable(),
  /** `final - inicial` (null when the counter went down: a reset or a replaced meter). */
  diferenca: z.number().nullable(),
  /** `diferenca` over the local calendar days the period touches. */
  mediaDiaria: z.number().nullable(),
});
export type MaintenanceCounter = z.infer<typeof maintenanceCounter>;

/** A row's counter: its last reading in the row and its advance since the row before with one. */
export const maintenanceCell = z.object({
  valor: z.number().nullable(),
  diferenca: z.number().nullable(),
});
export type MaintenanceCell = z.infer<typeof maintenanceCell>;

export const maintenanceRow = z.object({
  ts: z.number().int(),
  columns: z.record(z.string(), maintenanceCell),
});
export type MaintenanceRow = z.infer<typeof maintenanceRow>;

export const maintenanceReport = z.object({
  idTable: id,
  nome: z.string(),
  idDispositivo: id,
  inicio: z.number().int(),
  fim: z.number().int(),
  tipoPeriodo: z.number().int(),
  intervalo: z.number().int(),
  offSet: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  /** Local calendar days of the period (the daily average's divisor). */
  dias: z.number().int(),
  contadores: z.array(maintenanceCounter),
  rows: z.array(maintenanceRow),
});
export type MaintenanceReport = z.infer<typeof maintenanceReport>;

/** Plant chart kinds: each device's active power (average per bucket) or energy per local day. */
export const plantChartTipo = z.enum(['potencia', 'energia']);
export type PlantChartTipo = z.infer<typeof plantChartTipo>;
export const plantChartParams = z.object({ usinaId: queryId });
export const plantChartQuery = z.object({
  tipo: plantChartTipo.default('potencia'),
  inicio: epochSeconds,
  fim: epochSeconds,
});
export type PlantChartQuery = z.input<typeof plantChartQuery>;

export const plantChartSeries = z.object({
  idDispositivo: id,
  nome: z.string(),
  patrimonio: z.string().nullable(),
  tipo: z.string(),
  unidade: z.string(),
  serie: z.array(z.object({ ts: z.number().int(), valor: z.number() })),
});
export const plantChart = z.object({
  usinaId: id,
  nome: z.string(),
  tipo: plantChartTipo,
  inicio: z.number().int(),
  fim: z.number().int(),
  /** Seconds each point stands for (a local day for `energia`). */
  agrupamento: z.number().int(),
  series: z.array(plantChartSeries),
});
export type PlantChart = z.infer<typeof plantChart>;

const PERIOD_400 =
  "'Data Final menor que Data Inicial.' ou 'Por favor, selecione um periodo menor que 31 dias.' (exceto agrupamento mensal), ou leituras desconhecidas";

export const REPORTS_API = {
  rows: defineRoute({
    method: 'POST',
    path: '/api/taginfoHistorico/dispositivo/id/penas/rows/infosLista',
    query: reportRowsQuery,
    body: reportRowsBody,
    answer: reportData,
    errors: {
      400: PERIOD_400,
      401: 'Sem sessão válida',
      404: 'Dispositivo fora dos sistemas do usuário',
    },
    tags: ['relatórios'],
    summary: 'Linhas de relatório de um dispositivo, por intervalo (Dia) ou por dia (Mês)',
    description:
      'Uma linha por intervalo (`intervalo` minutos, 60 por padrão) a partir da meia-noite local ' +
      '(`tipoPeriodo` 0 Dia) ou por dia local (1 Mês); média das leituras, ou o avanço de um ' +
      'contador (horímetro, partidas, energia) na linha; null sem leituras. Paginado por ' +
      '`offSet` e `limit`; `total` conta as linhas do período inteiro. Lê os agregados por ' +
      'hora e por dia.',
  }),
  dataTable: defineRoute({
    method: 'GET',
    path: '/api/DataTable/{idTable}/historico',
    params: dataTableParams,
    query: dataTableQuery,
    answer: dataTable,
    errors: {
      400: PERIOD_400,
      401: 'Sem sessão válida',
      404: 'Dispositivo fora dos sistemas do usuário, ou relatório inexistente para o tipo dele',
    },
    tags: ['relatórios'],
    summary: 'Dados de um relatório configurado (colunas e linhas) para um dispositivo',
  }),
  maintenance: defineRoute({
    method: 'GET',
    path: '/api/DataTable/{idTable}/manutencao',
    params: dataTableParams,
    query: dataTableQuery,
    answer: maintenanceReport,
    errors: {
      400: PERIOD_400,
      401: 'Sem sessão válida',
      404: 'Dispositivo fora dos sistemas do usuário, ou relatório de manutenção inexistente para o tipo dele',
    },
    tags: ['relatórios'],
    summary:
      'Relatório de manutenção: energia, horímetro e combustível total, com diferença e média diária',
    description:
      'Para um relatório configurado de tipo `manutencao`: cada contador do relatório (energia, ' +
      'horímetro, combustível total) lido no fim de cada linha, com o avanço desde a linha ' +
      'anterior com leitura; e no período inteiro, o avanço (última menos primeira leitura) ' +
      'e a média diária (avanço dividido pelos dias locais do período).',
  }),
  plantChart: defineRoute({
    method: 'GET',
    path: '/api2/energia/usinas/{usinaId}/grafico',
    params: plantChartParams,
    query: plantChartQuery,
    answer: plantChart,
    errors: {
      400: PERIOD_400,
      401: 'Sem sessão válida',
      404: 'Usina fora dos sistemas do usuário',
    },
    tags: ['relatórios'],
    summary: 'Gráfico da usina: potência de cada equipamento ou energia por dia',
  }),
};
