import { PLACEHOLDER_MISSING, PLACEHOLDER_NUMBER } from './messages.js';

export interface NumberFormatOptions {
  /**
   * Group thousands with '.' (pt-BR; issue 27: every figure on screen reads the
   * same). Off only for what is not a quantity: serial numbers, words of bits.
   */
  grouping?: boolean;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Comma decimal separator, `decimals` digits (casaDecimal), thousands grouped; '---' when missing. */
export function formatNumber(
  value: number | null | undefined,
  decimals: number,
  options: NumberFormatOptions = {},
): string {
  if (!isNumber(value)) return PLACEHOLDER_NUMBER;
  const digits = Number.isFinite(decimals) ? Math.min(Math.max(Math.round(decimals), 0), 20) : 0;
  const fixed = Math.abs(value).toFixed(digits);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = (options.grouping ?? true) ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : whole;
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped},${fraction}`;
}

/**
 * A number typed by a user or exported as text: accepts a comma or a dot as the
 * decimal separator (no thousands separator). Null when it is not a number.
 */
export function parseDecimal(text: string | number | null | undefined): number | null {
  if (isNumber(text)) return text;
  if (typeof text !== 'string') return null;
  const normalised = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normalised)) return null;
  return Number(normalised);
}

/** The most a count badge writes out; above it reads '99+'. */
export const BADGE_COUNT_MAX = 99;

/** A count on a badge: whole up to 99 ('12' stays '12'), then '99+'. */
export function formatBadgeCount(count: number): string {
  if (!isNumber(count) || count < 0) return '0';
  return count > BADGE_COUNT_MAX ? `${BADGE_COUNT_MAX}+` : String(Math.trunc(count));
}

/** '--' for a missing text value (spec 000 §8). */
export function formatText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return PLACEHOLDER_MISSING;
  const text = String(value);
  return text.trim() === '' ? PLACEHOLDER_MISSING : text;
}

/** Spec 000 §9 'percentage': the value times 100 with 2 decimals (and '%'). */
export function percentage(value: number | null | undefined): string {
  if (!isNumber(value)) return PLACEHOLDER_NUMBER;
  return `${formatNumber(value * 100, 2)}%`;
}

/** Spec 000 §9: title case keeps com, de, do, da, em, no, na lower-case. */
export const TITLE_CASE_LOWER_WORDS: readonly string[] = [
  'com',
  'de',
  'do',
  'da',
  'em',
  'no',
  'na',
];

export function titleCase(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .toLocaleLowerCase('pt-BR')
    .split(/(\s+)/)
    .map((word) =>
      TITLE_CASE_LOWER_WORDS.includes(word) || word.length === 0
        ? word
        : word.charAt(0).toLocaleUpperCase('pt-BR') + word.slice(1),
    )
    .join('');
}

/** Spec 000 §9 zero pad: `zeroPad(5) === '05'`, `zeroPad(7, 3) === '007'`. */
export function zeroPad(value: number | string, width = 2): string {
  const text = String(value);
  if (text.startsWith('-')) return `-${text.slice(1).padStart(width, '0')}`;
  return text.padStart(width, '0');
}

const ONE_DECIMAL = new Set(['hz', 'oiltemp', 'po']);
const ZERO_DECIMALS = new Set(['loadspeed']);

/** Spec 001 §5: Hz, OilTemp, PO one decimal; LoadSpeed zero; others two. */
export function readingDecimals(name: string): number {
  const key = name.trim().toLowerCase();
  if (ONE_DECIMAL.has(key)) return 1;
  if (ZERO_DECIMALS.has(key)) return 0;
  return 2;
}

/** A reading on screen: its decimals (§5) and thousands grouped, '2.619.020,90' (issue 27). */
export function formatReading(name: string, value: number | null | undefined): string {
  return formatNumber(value, readingDecimals(name));
}

/** Spec 001 §5: meter power and energy are divided by 1000 for display. */
export const METER_SCALE = 1000;
export const METER_SCALED_READINGS: readonly string[] = ['KWH_TOTAL_H', 'KW', 'MAX_KW'];

export function meterDisplayValue(name: string, value: number | null | undefined): number | null {
  if (!isNumber(value)) return null;
  return METER_SCALED_READINGS.includes(name.trim().toUpperCase()) ? value / METER_SCALE : value;
}
