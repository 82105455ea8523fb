import { MAX_CHART_LINES, MAX_CHART_POINTS } from '@vigia/domain';
import { z } from 'zod';
import { queryId } from './devices.js';
import { defineRoute } from './route.js';

/*
 * Spec 000 §7 "Devices", chart history:
 * `POST /api/taginfoHistorico/dispositivo/id/penas/infosLista?inicio=&fim=&idDispositivo=`
 * with body `{ nomes }`: each named reading's series (spec 001 §3 "Tag info":
 * ts, valor, qos) over the period, bounded for drawing.
 */

const id = z.number().int();
/** Epoch seconds, up to 2100-01-01. */
const epochSeconds = z.coerce.number().int().min(0).max(4_102_444_800);

/** `inicio` and `fim` are epoch seconds, both inclusive; at most 31 calendar days apart. */
export const chartHistoryQuery = z.object({
  inicio: epochSeconds,
  fim: epochSeconds,
  idDispositivo: queryId,
});
export type ChartHistoryQuery = z.input<typeof chartHistoryQuery>;

/** The readings to draw (the chart's pens), in the order the lines are drawn. */
export const chartHistoryBody = z.object({
  nomes: z.array(z.string().trim().min(1).max(100)).min(1).max(MAX_CHART_LINES),
});
export type ChartHistoryBody = z.input<typeof chartHistoryBody>;

/**
 * A point of a series. Raw readings carry their own `ts`, `valor` and `qos`.
 * In a bucketed series (`agrupamento` set) `ts` is the bucket's start,
 * `valor` the average of its readings, `minimo`/`maximo` their extremes and
 * `qos` the highest (worst) among them.
 */
export const chartPoint = z.object({
  ts: z.number().int(),
  valor: z.number(),
  qos: z.number().int(),
  minimo: z.number().optional(),
  maximo: z.number().optional(),
});
export type ChartPoint = z.infer<typeof chartPoint>;

/** One pen: the reading (tag) with its name, unit and scale, and its series in time order. */
export const chartPen = z.object({
  id,
  nome: z.string(),
  apelido: z.string(),
  unidade: z.string(),
  scaleMin: z.number().nullable(),
  scaleMax: z.number().nullable(),
  /** Bucket length in seconds when the period held more than MAX_CHART_POINTS readings; else null. */
  agrupamento: z.number().int().positive().nullable(),
  serie: z.array(chartPoint),
  /** The newest reading of the period (a bucketed series only has averages); null when none. */
  ultimo: z.object({ ts: z.number().int(), valor: z.number() }).nullable(),
});
export type ChartPen = z.infer<typeof chartPen>;

export const chartHistory = z.object({
  idDispositivo: id,
  inicio: z.number().int(),
  fim: z.number().int(),
  penas: z.array(chartPen),
});
export type ChartHistory = z.infer<typeof chartHistory>;

export const CHART_HISTORY_API = {
  pens: defineRoute({
    method: 'POST',
    path: '/api/taginfoHistorico/dispositivo/id/penas/infosLista',
    query: chartHistoryQuery,
    body: chartHistoryBody,
    answer: chartHistory,
    uncheckedAnswer: true,
    errors: {
      400: 'Período inválido ou maior que 31 dias, ou leituras que o dispositivo não tem',
      401: 'Sem sessão válida',
      404: 'Dispositivo fora dos sistemas do usuário',
    },
    tags: ['dispositivos'],
    summary: 'Histórico das leituras `nomes` de um dispositivo, para gráfico',
    description:
      '`inicio` e `fim` em segundos (inclusivos), no máximo 31 dias. Cada pena traz sua ' +
      `série em ordem de tempo; acima de ${MAX_CHART_POINTS} leituras no período, a série ` +
      'vem em intervalos de `agrupamento` segundos (média, com mínimo e máximo de cada um).',
  }),
};
