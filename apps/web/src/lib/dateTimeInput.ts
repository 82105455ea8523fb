import { zonedParts, zonedTimeToEpochMs } from '@vigia/domain';

const pad = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` value ('yyyy-MM-ddTHH:mm') in Brasília time of epoch seconds. */
export function toDateTimeInput(epochSec: number): string {
  const p = zonedParts(epochSec * 1000);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

const INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/**
 * Epoch seconds of a `datetime-local` value read as Brasília time (the
 * browser's own zone may differ), at second `second` of that minute; null
 * when the field is empty or incomplete.
 */
export function fromDateTimeInput(text: string, second = 0): number | null {
  const match = INPUT.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  return Math.floor(zonedTimeToEpochMs({ year: y, month: mo, day: d }, h, mi, second) / 1000);
}
