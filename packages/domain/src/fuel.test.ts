import { describe, expect, it } from 'vitest';
import {
  canStepFuelDateForward,
  fuelConfigEnabled,
  parseFuelLitres,
  stepFuelDate,
  validateFuelLitres,
  validateReferenceValue,
} from './fuel.js';
import { MESSAGES } from './messages.js';

// 13 March 2024, 10:00 in São Paulo.
const NOW = new Date(Date.UTC(2024, 2, 13, 13));

describe('The date moves a day back or forward; the forward step is blocked when the date is today', () => {
  it.each([
    ['back from today', '2024-03-13', -1, '2024-03-12'],
    ['forward to today', '2024-03-12', 1, '2024-03-13'],
    ['forward from today is blocked', '2024-03-13', 1, '2024-03-13'],
    ['forward from a future date is blocked', '2024-03-20', 1, '2024-03-20'],
    ['back across a month (leap year)', '2024-03-01', -1, '2024-02-29'],
    ['an unreadable date steps back from today', 'x', -1, '2024-03-12'],
    ['an unreadable date cannot step past today', 'x', 1, '2024-03-13'],
  ] as const)('%s', (_name, date, step, expected) => {
    expect(stepFuelDate(date, step, NOW)).toBe(expected);
  });

  it.each([
    ['2024-03-12', true],
    ['2024-03-13', false],
    ['bad', false],
  ])('canStepFuelDateForward(%s) is %s', (date, expected) => {
    expect(canStepFuelDateForward(date, NOW)).toBe(expected);
  });

  it('today is the São Paulo day (23:30 local on the 13th is 02:30 UTC on the 14th)', () => {
    const lateEvening = new Date(Date.UTC(2024, 2, 14, 2, 30));
    expect(canStepFuelDateForward('2024-03-13', lateEvening)).toBe(false);
  });
});

describe('fuel values', () => {
  it.each([
    ['120', 120],
    ['7,5', 7.5],
    [0, 0],
    ['-1', null],
    ['abc', null],
    [null, null],
  ])('parseFuelLitres(%s) is %s', (text, expected) => {
    expect(parseFuelLitres(text)).toBe(expected);
    expect(validateFuelLitres(text)).toBe(expected === null ? MESSAGES.invalidFuelValue : null);
  });

  it.each([
    [50, null],
    ['50', null],
    [0, null],
    ['12,5', MESSAGES.invalidReferenceValue],
    [-1, MESSAGES.invalidReferenceValue],
    [null, MESSAGES.invalidReferenceValue],
  ])('valorReferencia (integer) %s → %s', (value, expected) => {
    expect(validateReferenceValue(value)).toBe(expected);
  });

  it.each([
    [1, true],
    [true, true],
    [0, false],
    [null, false],
  ])('habilitado %s is enabled: %s', (value, expected) => {
    expect(fuelConfigEnabled(value)).toBe(expected);
  });
});
