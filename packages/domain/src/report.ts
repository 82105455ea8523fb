import {
  addDays,
  calendarDateOf,
  calendarDaysInclusive,
  formatDateTime,
  startOfDaySec,
  zonedParts,
} from './date.js';
import { formatNumber } from './format.js';
import { PLACEHOLDER_MISSING } from './messages.js';
import { READING } from './readingNames.js';

/** Spec 000 §3: idTable of the built-in report column presets. */
export const REPORT_PRESET_TABLE_ID = 309;

/** Spec 001 §9: report group 0 Dia or 1 Mês. */
export const REPORT_GROUPS = [
  { value: 0, label: 'Dia' },
  { value: 1, label: 'Mês' },
] as const;

export type ReportGroup = (typeof REPORT_GROUPS)[number]['value'];

export const MONTHLY_REPORT_GROUP: ReportGroup = 1;

/** Spec 001 §9: report interval (and energy-meter report interval) 60. */
export const REPORT_INTERVAL_MIN = 60;

/** Spec 000 §3: column tipo Date or NUMERO; the DATE spelling also occurs. */
export function isDateColumn(tipo: string | null | undefined): boolean {
  return tipo?.trim().toLowerCase() === 'date';
}

export interface ReportColumnFormat {
  tipo?: string | null;
  casaDecimal?: number | null;
}

/** A report cell: dates as dd/MM/yyyy HH:mm:ss, numbers with comma and casaDecimal, text as is. */
export function formatReportCell(
  column: ReportColumnFormat,
  value: number | string | null | undefined,
): string {
  if (isDateColumn(column.tipo)) return formatDateTime(typeof value === 'number' ? value : null);
  if (typeof value === 'number') return formatNumber(value, column.casaDecimal ?? 2);
  if (value === null || value === undefined || value.trim() === '') return PLACEHOLDER_MISSING;
  return value;
}

/** Spec 000 §9: report data and list services default to 100 rows a page. */
export const REPORT_PAGE_SIZE = 100;
/** Spec 001 §9: report data pages of 20 on the report screens. */
export const REPORT_SCREEN_PAGE_SIZE = 20;

/**
 * Spec 001 §2 "maintenance (kWh, hour meter, total fuel with difference …)":
 * cumulative readings, which a report row shows as their advance over the
 * row (last minus first reading in it) instead of an average.
 */
export const REPORT_COUNTER_READINGS: readonly string[] = [
  READING.hourMeter,
  READING.starts,
  'kWh',
  READING.meterEnergy,
  READING.fuelTotal,
];

/** The maintenance report preset's `tipo` (table configuration `tipoRelatorio`). */
export const MAINTENANCE_REPORT_TIPO = 'manutencao';

/**
 * A counter's daily average over a period (spec 001 §2 maintenance report):
 * its advance over the period divided by the local calendar days the period
 * touches (America/Sao_Paulo); null without an advance.
 */
export function dailyAverage(advance: number | null, inicio: number, fim: number): number | null {
  if (advance === null || fim < inicio) return null;
  return advance / calendarDaysInclusive(inicio * 1000, fim * 1000);
}

export function isCounterReading(name: string): boolean {
  return REPORT_COUNTER_READINGS.includes(name);
}

/** Report row lengths (minutes) that tile a local day: whole hours dividing 24 h. */
export const REPORT_INTERVALS_MIN: readonly number[] = [60, 120, 180, 240, 360, 480, 720, 1440];

/**
 * The start (epoch seconds) of every report row touching [inicio, fim]: with
 * group 0 (Dia) rows of `intervaloMin` from each local midnight; with group 1
 * (Mês) one row per local day (America/Sao_Paulo).
 */
export function reportRowStarts(
  inicio: number,
  fim: number,
  group: ReportGroup,
  intervaloMin: number = REPORT_INTERVAL_MIN,
): number[] {
  const starts: number[] = [];
  if (fim < inicio) return starts;
  const step = intervaloMin * 60;
  for (let day = calendarDateOf(inicio * 1000); ; day = addDays(day, 1)) {
    const dayStart = startOfDaySec(day);
    if (dayStart > fim) break;
    const dayEnd = startOfDaySec(addDays(day, 1));
    if (group === MONTHLY_REPORT_GROUP) {
      starts.push(dayStart);
      continue;
    }
    for (let ts = dayStart; ts < dayEnd && ts <= fim; ts += step) {
      if (Math.min(ts + step, dayEnd) > inicio) starts.push(ts);
    }
  }
  return starts;
}

/**
 * One page of report rows: the row count of the whole period and the starts
 * of rows `offSet` to `offSet + limit`. Monthly grouping has no span limit, so
 * its days are counted, not listed (a century is 36 525 rows).
 */
export function reportRowPage(
  inicio: number,
  fim: number,
  group: ReportGroup,
  intervaloMin: number,
  offSet: number,
  limit: number,
): { total: number; starts: number[] } {
  if (group !== MONTHLY_REPORT_GROUP) {
    const all = reportRowStarts(inicio, fim, group, intervaloMin);
    return { total: all.length, starts: all.slice(offSet, offSet + limit) };
  }
  if (fim < inicio) return { total: 0, starts: [] };
  const first = calendarDateOf(inicio * 1000);
  const total = calendarDaysInclusive(inicio * 1000, fim * 1000);
  const starts: number[] = [];
  for (let i = offSet; i < Math.min(total, offSet + limit); i++) {
    starts.push(startOfDaySec(addDays(first, i)));
  }
  return { total, starts };
}

/** The row (index into `starts`, ascending) a time falls in, or -1 before the first. */
export function reportRowOf(starts: readonly number[], ts: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] as number) <= ts) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * A spreadsheet cell's date for epoch seconds: spreadsheets have no time zone,
 * so the Date's UTC fields are the wall clock in America/Sao_Paulo (what the
 * screen shows as dd/MM/yyyy HH:mm:ss).
 */
export function spreadsheetDate(epochSec: number): Date {
  const p = zonedParts(epochSec * 1000);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

/** Spreadsheet number format of a column with `casaDecimal` decimals (0 → '0', 2 → '0.00'). */
export function spreadsheetNumberFormat(casaDecimal: number | null | undefined): string {
  const decimals = Math.max(0, Math.min(10, casaDecimal ?? 2));
  return decimals === 0 ? '0' : `0.${'0'.repeat(decimals)}`;
}

export const SPREADSHEET_DATE_FORMAT = 'dd/mm/yyyy hh:mm:ss';
