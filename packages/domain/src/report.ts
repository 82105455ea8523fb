import { formatDateTime } from './date.js';
import { formatNumber } from './format.js';
import { PLACEHOLDER_MISSING } from './messages.js';

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
