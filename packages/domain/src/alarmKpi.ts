import { zonedParts } from './date.js';
import type { Tone } from './tone.js';

/**
 * Alarm-management figures of ISA-18.2 / IEC 62682 and EEMUA 191 (issue 17):
 * the guidance an alarm system is measured against. Alarms only (events are
 * records); an alarm counts once, at its activation time.
 */
export const ALARM_KPI = {
  /** Length of the rate window, seconds (10 minutes). */
  windowSec: 600,
  /** Guidance: about one alarm per operator per 10 minutes… */
  guidancePer10Min: 1,
  /** …so about 144 a day. */
  guidancePerDay: 144,
  /** A 10-minute window with more alarms raised than this is in flood. */
  floodAbove: 10,
  /** Guidance: under 1 % of the time in flood. */
  guidanceFloodShare: 0.01,
  /** The most frequent alarms listed… */
  topCount: 10,
  /** …and the guidance for their share of all alarms (at most 5 %). */
  guidanceTopShare: 0.05,
  /** Chattering: this many raises of the same device and rule… */
  chatteringRaises: 3,
  /** …within this many seconds (both ends inclusive). */
  chatteringWindowSec: 60,
  /** Stale: an alarm active for longer than this, seconds (24 h). */
  staleAfterSec: 86_400,
  /** Guidance: fewer than 5 stale alarms at a time (at most 4). */
  guidanceStale: 4,
  /** Guidance for the share of critical alarms (the high priority: about 5 %). */
  guidanceCriticalShare: 0.05,
  /** Longest chattering and stale lists one answer carries (the stale count is always whole). */
  maxListed: 100,
} as const;

/** Labels of the figures, pt-BR. */
export const ALARM_KPI_LABELS = {
  title: 'Indicadores de Alarmes',
  total: 'Alarmes no período',
  averagePer10Min: 'Média por 10 min',
  peakPer10Min: 'Pico em 10 min',
  averagePerDay: 'Média por dia',
  peakPerDay: 'Pico em um dia',
  floodShare: 'Tempo em inundação',
  topShare: 'Participação dos 10 mais frequentes',
  chattering: 'Alarmes oscilantes',
  stale: 'Alarmes obsoletos (ativos > 24 h)',
  critical: 'Críticos',
  notCritical: 'Não críticos',
  timeline: 'Alarmes por janela de 10 min',
  topTable: 'Os 10 alarmes mais frequentes',
} as const;

/**
 * The state of a figure against its guidance: within it neutral (calm), above
 * it 'warning', above twice it 'bad' (ISA-18.2's "maximum manageable" is twice
 * the acceptable rate). A guidance of 0 makes any occurrence a warning.
 */
export function kpiTone(value: number, guidance: number): Tone {
  if (!Number.isFinite(value)) return 'neutral';
  if (guidance <= 0) return value > 0 ? 'warning' : 'neutral';
  if (value > 2 * guidance) return 'bad';
  if (value > guidance) return 'warning';
  return 'neutral';
}

/** The 10-minute window an instant falls in: its start, epoch seconds. */
export function kpiWindowStart(epochSec: number): number {
  return Math.floor(epochSec / ALARM_KPI.windowSec) * ALARM_KPI.windowSec;
}

/** How many 10-minute windows a period touches (both ends inclusive). */
export function kpiWindowCount(inicio: number, fim: number): number {
  if (fim < inicio) return 0;
  return (kpiWindowStart(fim) - kpiWindowStart(inicio)) / ALARM_KPI.windowSec + 1;
}

/**
 * Seconds to add to an instant to read its Brasília wall clock as UTC
 * (−10800 today): a day's bucket is `floor((t + offset) / 86400)`.
 */
export function brasiliaOffsetSec(epochSec: number): number {
  const p = zonedParts(epochSec * 1000);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) / 1000;
  return wall - Math.floor(epochSec);
}

/** A count per length of time as a rate over the period (`fim − inicio + 1` seconds). */
export function ratePer(count: number, inicio: number, fim: number, perSec: number): number {
  const span = fim - inicio + 1;
  return span > 0 ? (count * perSec) / span : 0;
}

/** A busiest 10-minute window is a state only when it is a flood. */
export function peakWindowTone(peak: number): Tone {
  return peak > ALARM_KPI.floodAbove ? 'bad' : 'neutral';
}

/** How long an alarm has been active, pt-BR: '3 d 4 h', '5 h 12 min', '8 min'. */
export function activeForLabel(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}

/**
 * Every 10-minute window from `inicio` to `referencia` with its count (the
 * answer leaves empty windows out): the flood timeline's bars.
 */
export function fillKpiWindows(
  inicio: number,
  referencia: number,
  windows: readonly { inicio: number; total: number }[],
): { starts: number[]; totals: number[] } {
  const first = kpiWindowStart(inicio);
  const count = kpiWindowCount(inicio, referencia);
  const starts = Array.from({ length: count }, (_, i) => first + i * ALARM_KPI.windowSec);
  const totals = new Array<number>(count).fill(0);
  for (const w of windows) {
    const i = (kpiWindowStart(w.inicio) - first) / ALARM_KPI.windowSec;
    if (i >= 0 && i < count) totals[i] = (totals[i] ?? 0) + w.total;
  }
  return { starts, totals };
}
