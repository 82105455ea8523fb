import { formatDate, formatNumber, formatTime, PLACEHOLDER_NUMBER } from '@vigia/domain';

/** 'dd/MM/yyyy HH:mm' in Brasília time: charts read to the minute. */
export function formatDateMinute(epochSec: number | null | undefined): string {
  if (epochSec === null || epochSec === undefined) return PLACEHOLDER_NUMBER;
  return `${formatDate(epochSec)} ${formatTime(epochSec)}`;
}

/** A value with its line's decimals (comma) and unit; '---' when missing. */
export function formatValue(value: number | null | undefined, decimals: number, unit: string) {
  const text = formatNumber(value, decimals);
  return text === PLACEHOLDER_NUMBER || !unit ? text : `${text} ${unit}`;
}

/** A bucket length in words: '5 min', '1 h'. */
export function bucketLabel(seconds: number): string {
  return seconds % 3600 === 0 ? `${seconds / 3600} h` : `${Math.round(seconds / 60)} min`;
}

/** Decimals an axis needs to tell its ticks apart: those of its step (0,25 needs two). */
export function axisDecimals(step: number): number {
  if (!(step > 0)) return 0;
  const fraction = step.toFixed(6).replace(/0+$/, '').split('.')[1] ?? '';
  return fraction.length;
}
