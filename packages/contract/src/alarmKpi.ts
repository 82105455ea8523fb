import { ALARM_KPI } from '@vigia/domain';
import { z } from 'zod';
import { querySisId } from './ids.js';
import { defineRoute } from './route.js';

/**
 * Alarm KPIs of a system, or of all the caller's systems (issue 17; ISA-18.2 /
 * IEC 62682, EEMUA 191). Alarms only (events are records), counted at their
 * activation time inside the period; thresholds are `ALARM_KPI` of
 * @vigia/domain. How each figure is computed: apps/server/src/store/alarmKpi/README.md.
 */

const epochSeconds = z.coerce.number().int().min(0).max(4_102_444_800);

export const alarmKpiQuery = z.object({
  /** A system; 0: all the caller's systems. */
  sisid: querySisId,
  /** Period start, epoch seconds (inclusive); at most 31 days with `fim`. */
  inicio: epochSeconds,
  /** Period end, epoch seconds (inclusive). */
  fim: epochSeconds,
});
export type AlarmKpiQuery = z.input<typeof alarmKpiQuery>;

const count = z.number().int();
const device = {
  idDispositivo: z.number().int(),
  idSistema: z.number().int(),
  nomeDispositivo: z.string(),
  patrimonio: z.string(),
};

/** A rate against its guidance: the period's average and its busiest window. */
const rate = z.object({ media: z.number(), pico: count, referencia: z.number() });

export const alarmKpiTop = z.object({
  ...device,
  nomeAlarme: z.string(),
  total: count,
  /** Share of all the period's alarms, 0–1. */
  fracao: z.number(),
});
export type AlarmKpiTop = z.infer<typeof alarmKpiTop>;

export const alarmKpiChattering = z.object({
  ...device,
  nomeAlarme: z.string(),
  /** Raises of this device and rule in the period. */
  total: count,
  /** Most raises inside any 60 s. */
  picoEm60s: count,
});
export type AlarmKpiChattering = z.infer<typeof alarmKpiChattering>;

export const alarmKpiStale = z.object({
  ...device,
  id: z.number().int(),
  nomeAlarme: z.string(),
  critico: count,
  horaAtivacao: count,
  /** Seconds active at the reference time. */
  ativoHaSeg: count,
});
export type AlarmKpiStale = z.infer<typeof alarmKpiStale>;

export const alarmKpiSystem = z.object({
  idSistema: z.number().int(),
  nome: z.string(),
  total: count,
  mediaPor10min: z.number(),
  picoPor10min: count,
  janelasEmInundacao: count,
});
export type AlarmKpiSystem = z.infer<typeof alarmKpiSystem>;

export const alarmKpi = z.object({
  sisid: z.number().int(),
  inicio: count,
  fim: count,
  /** Stale alarms are counted at this instant: the period's end, or now when it ends later. */
  referencia: count,
  /** Alarms raised in the period. */
  total: count,
  /** 10-minute windows the period touches. */
  janelas: count,
  por10min: rate,
  porDia: rate,
  inundacao: z.object({
    /** Windows with more than `limite` alarms. */
    janelas: count,
    fracao: z.number(),
    limite: count,
  }),
  /** Alarms per 10-minute window (its start, epoch seconds), oldest first; empty windows left out. */
  linhaDoTempo: z.array(z.object({ inicio: count, total: count })),
  top10: z.array(alarmKpiTop),
  /** Share of the period's alarms the ten most frequent make, 0–1. */
  fracaoTop10: z.number(),
  oscilantes: z.array(alarmKpiChattering),
  obsoletos: z.object({ total: count, lista: z.array(alarmKpiStale) }),
  prioridade: z.object({ criticos: count, naoCriticos: count }),
  /** Per system of the scope, busiest first. */
  sistemas: z.array(alarmKpiSystem),
});
export type AlarmKpi = z.infer<typeof alarmKpi>;

export const ALARM_KPI_API = {
  get: defineRoute({
    method: 'GET',
    path: '/api/ocorrencias/indicadores',
    query: alarmKpiQuery,
    answer: alarmKpi,
    errors: {
      400: 'Período ausente, invertido ou maior que 31 dias',
      401: 'Sem sessão válida',
      404: 'Sistema fora do usuário',
    },
    tags: ['ocorrências'],
    summary: 'Indicadores de alarmes (ISA-18.2) de um sistema ou de todos os do usuário',
    description:
      `Alarmes por 10 min e por dia (média e pico; orientação ${ALARM_KPI.guidancePer10Min} e ` +
      `${ALARM_KPI.guidancePerDay}), fração das janelas de 10 min em inundação (mais de ` +
      `${ALARM_KPI.floodAbove} alarmes), os ${ALARM_KPI.topCount} mais frequentes, oscilantes ` +
      `(${ALARM_KPI.chatteringRaises} ou mais em ${ALARM_KPI.chatteringWindowSec} s), obsoletos ` +
      '(ativos há mais de 24 h) e divisão crítico / não crítico.',
  }),
};
