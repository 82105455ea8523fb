import {
  addDays,
  addMonths,
  type CalendarDate,
  endOfDaySec,
  startOfDaySec,
  today,
  weekdayOf,
} from './date.js';

/** A period on the wire: epoch seconds, both ends inclusive. */
export interface Period {
  inicio: number;
  fim: number;
}

export type PeriodPreset =
  | 'hoje'
  | 'ontem'
  | 'estaSemana'
  | 'semanaPassada'
  | 'esteMes'
  | 'ultimos7Dias'
  | 'ultimos30Dias'
  | 'mesPassado';

export const PERIOD_PRESETS: readonly PeriodPreset[] = [
  'hoje',
  'ontem',
  'estaSemana',
  'semanaPassada',
  'esteMes',
  'ultimos7Dias',
  'ultimos30Dias',
  'mesPassado',
];

/** The combo's custom entry. */
export const CUSTOM_PERIOD = 'periodo';
export const CUSTOM_PERIOD_LABEL = 'Período';

export type PeriodChoice = PeriodPreset | typeof CUSTOM_PERIOD;

/**
 * Spec 001 §9 combo, in its order. Its labels are the spec's, in correct
 * Portuguese (issue 27): 'Últimos Mês' reads 'Mês Passado', 'Periodo' 'Período'.
 */
export const PERIOD_COMBO: readonly { value: PeriodChoice; label: string }[] = [
  { value: 'hoje', label: 'Hoje' },
  { value: 'ontem', label: 'Ontem' },
  { value: 'ultimos7Dias', label: 'Últimos 7 dias' },
  { value: 'ultimos30Dias', label: 'Últimos 30 dias' },
  { value: 'esteMes', label: 'Este Mês' },
  { value: 'mesPassado', label: 'Mês Passado' },
  { value: 'estaSemana', label: 'Esta Semana' },
  { value: CUSTOM_PERIOD, label: CUSTOM_PERIOD_LABEL },
];

/** Labels of every preset; 'Semana Passada' is Vigia's (the combo does not offer it). */
export const PERIOD_PRESET_LABELS: Readonly<Record<PeriodPreset, string>> = {
  hoje: 'Hoje',
  ontem: 'Ontem',
  estaSemana: 'Esta Semana',
  semanaPassada: 'Semana Passada',
  esteMes: 'Este Mês',
  ultimos7Dias: 'Últimos 7 dias',
  ultimos30Dias: 'Últimos 30 dias',
  mesPassado: 'Mês Passado',
};

export function isPeriodPreset(value: unknown): value is PeriodPreset {
  return typeof value === 'string' && (PERIOD_PRESETS as readonly string[]).includes(value);
}

function nowSec(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}

function days(first: CalendarDate, last: CalendarDate): Period {
  return { inicio: startOfDaySec(first), fim: endOfDaySec(last) };
}

function untilNow(first: CalendarDate, now: Date): Period {
  return { inicio: startOfDaySec(first), fim: nowSec(now) };
}

/**
 * Spec 001 §9 presets in America/Sao_Paulo. Periods that contain today end now;
 * past periods end at 23:59:59 of their last day. Weeks start on Monday.
 * 'Últimos N dias' are the N calendar days ending today.
 */
export function periodPreset(preset: PeriodPreset, now: Date): Period {
  const day = today(now);
  const monday = addDays(day, -weekdayOf(day));
  const firstOfMonth = { ...day, day: 1 };
  switch (preset) {
    case 'hoje':
      return untilNow(day, now);
    case 'ontem':
      return days(addDays(day, -1), addDays(day, -1));
    case 'estaSemana':
      return untilNow(monday, now);
    case 'semanaPassada':
      return days(addDays(monday, -7), addDays(monday, -1));
    case 'esteMes':
      return untilNow(firstOfMonth, now);
    case 'ultimos7Dias':
      return untilNow(addDays(day, -6), now);
    case 'ultimos30Dias':
      return untilNow(addDays(day, -29), now);
    case 'mesPassado':
      return days(addMonths(firstOfMonth, -1), addDays(firstOfMonth, -1));
  }
}

const DAY_SEC = 86_400;

/** Spec 000 §9 chart default: from one day before now to now (seconds). */
export function chartDefaultWindow(now: Date): Period {
  const fim = nowSec(now);
  return { inicio: fim - DAY_SEC, fim };
}

/** Spec 001 §9 energy default: the previous 8 days up to yesterday. */
export function energyDefaultWindow(now: Date): Period {
  const day = today(now);
  return days(addDays(day, -8), addDays(day, -1));
}

/** Spec 001 §4 history default: today from midnight to now. */
export function historyDefaultWindow(now: Date): Period {
  return untilNow(today(now), now);
}

/** Spec 001 §4 fuel entry listing default: 30 days (the 30 calendar days ending today). */
export const FUEL_LISTING_DAYS = 30;

export function fuelListingDefaultWindow(now: Date): Period {
  return untilNow(addDays(today(now), -(FUEL_LISTING_DAYS - 1)), now);
}
