import { addDays, compareDates, isoDate, parseIsoDate, today } from './date.js';
import { parseDecimal } from './format.js';
import { MESSAGES } from './messages.js';

/**
 * Spec 001 §4: the fuel screen's date moves a day back or forward; the forward step is
 * blocked when the date is today (or later). Dates are 'YYYY-MM-DD' in America/Sao_Paulo;
 * an unreadable date steps from today.
 */
export function canStepFuelDateForward(dataRef: string, now: Date): boolean {
  const date = parseIsoDate(dataRef);
  return date !== null && compareDates(date, today(now)) < 0;
}

export function stepFuelDate(dataRef: string, step: -1 | 1, now: Date): string {
  const date = parseIsoDate(dataRef) ?? today(now);
  if (step === 1 && !canStepFuelDateForward(isoDate(date), now)) return isoDate(date);
  return isoDate(addDays(date, step));
}

/** A typed daily consumption in litres (comma or dot decimal, not negative), or null. */
export function parseFuelLitres(text: string | number | null | undefined): number | null {
  const value = parseDecimal(text);
  return value !== null && value >= 0 ? value : null;
}

export function validateFuelLitres(text: string | number | null | undefined): string | null {
  return parseFuelLitres(text) === null ? MESSAGES.invalidFuelValue : null;
}

/** Spec 001 §3: valorReferencia is an integer (Vigia: not negative). */
export function validateReferenceValue(value: string | number | null | undefined): string | null {
  const n = parseDecimal(value);
  return n !== null && Number.isInteger(n) && n >= 0 ? null : MESSAGES.invalidReferenceValue;
}

/** Spec 001 §3: habilitado is 0 or 1 on the wire. */
export function fuelConfigEnabled(habilitado: number | boolean | null | undefined): boolean {
  return habilitado === true || habilitado === 1;
}
