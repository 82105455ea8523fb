import { formatNumber } from './format.js';
import { PLACEHOLDER_NUMBER } from './messages.js';

/** Spec 001 §5: 32767 is the "no value" marker of generator controllers. */
export const INVALID_READING_SENTINEL = 32767;

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Spec 001 §5: readings below 0 or equal to 32767 are invalid in generator panels. */
export function isInvalidReading(value: number | null | undefined): boolean {
  return !isNumber(value) || value < 0 || value === INVALID_READING_SENTINEL;
}

/** A generator-panel reading: '---' when invalid, else `decimals` digits with a comma. */
export function generatorReadingDisplay(value: number | null | undefined, decimals: number) {
  return isInvalidReading(value) ? PLACEHOLDER_NUMBER : formatNumber(value, decimals);
}

/** Spec 001 §5: signal below 0 or missing is '---'. */
export function signalDisplay(value: number | null | undefined): string {
  return isNumber(value) && value >= 0 ? formatNumber(value, 0) : PLACEHOLDER_NUMBER;
}

/** Spec 001 §5: fuel level below 0 is '---' on screen … */
export function fuelLevelDisplay(value: number | null | undefined, decimals = 2): string {
  return isNumber(value) && value >= 0 ? formatNumber(value, decimals) : PLACEHOLDER_NUMBER;
}

/** … and 0 in graphs. */
export function fuelLevelForChart(value: number | null | undefined): number {
  return isNumber(value) && value >= 0 ? value : 0;
}
