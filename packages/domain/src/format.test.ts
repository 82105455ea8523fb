import { describe, expect, it } from 'vitest';
import {
  formatBadgeCount,
  formatNumber,
  formatReading,
  formatText,
  meterDisplayValue,
  parseDecimal,
  percentage,
  readingDecimals,
  titleCase,
  zeroPad,
} from './format.js';

describe('formatNumber: comma decimal separator, decimals from casaDecimal, thousands grouped', () => {
  it.each([
    [1234.567, 2, '1.234,57'],
    [2619020.9, 2, '2.619.020,90'],
    [10, 1, '10,0'],
    [3.4, 0, '3'],
    [-2.5, 2, '-2,50'],
    [-0.001, 2, '0,00'],
    [0, 3, '0,000'],
    [null, 2, '---'],
    [undefined, 2, '---'],
    [Number.NaN, 2, '---'],
    [Number.POSITIVE_INFINITY, 2, '---'],
    [1.5, -1, '2'],
    [1.25, 2.4, '1,25'],
    [1.5, Number.NaN, '2'],
  ])('%s with %d decimals is %s', (value, decimals, expected) => {
    expect(formatNumber(value, decimals)).toBe(expected);
  });

  it.each([
    [1234567.891, 2, '1.234.567,89'],
    [-1000, 0, '-1.000'],
    [999, 1, '999,0'],
  ])('with grouping %s is %s', (value, decimals, expected) => {
    expect(formatNumber(value, decimals, { grouping: true })).toBe(expected);
  });

  it.each([
    [1234567.891, 2, '1234567,89'],
    [32766, 0, '32766'],
  ])('without grouping (serial numbers, words of bits) %s is %s', (value, decimals, expected) => {
    expect(formatNumber(value, decimals, { grouping: false })).toBe(expected);
  });
});

describe('parseDecimal', () => {
  it.each([
    ['12,5', 12.5],
    ['12.5', 12.5],
    [' -3 ', -3],
    ['.5', 0.5],
    [7, 7],
    ['1.234,5', null],
    ['abc', null],
    ['', null],
    [null, null],
  ])('%s → %s', (text, expected) => {
    expect(parseDecimal(text)).toBe(expected);
  });
});

describe("formatText: '--' for a missing value", () => {
  it.each([
    [null, '--'],
    [undefined, '--'],
    ['  ', '--'],
    ['GMG1', 'GMG1'],
    [0, '0'],
  ])('%s → %s', (value, expected) => {
    expect(formatText(value)).toBe(expected);
  });
});

describe("'percentage' shows the value times 100 with 2 decimals", () => {
  it.each([
    [0.1234, '12,34%'],
    [1, '100,00%'],
    [0, '0,00%'],
    [null, '---'],
  ])('%s → %s', (value, expected) => {
    expect(percentage(value)).toBe(expected);
  });
});

describe('Title case keeps com, de, do, da, em, no, na lowercase', () => {
  it.each([
    ['RIO DE JANEIRO', 'Rio de Janeiro'],
    ['usina do sol', 'Usina do Sol'],
    ['posto na estrada com gás em são paulo', 'Posto na Estrada com Gás em São Paulo'],
    ['ilha da MAGIA no  sul', 'Ilha da Magia no  Sul'],
    ['ÁGUA BRANCA', 'Água Branca'],
    ['', ''],
    [null, ''],
  ])('%s → %s', (text, expected) => {
    expect(titleCase(text)).toBe(expected);
  });
});

describe('A zero-pad filter exists', () => {
  it.each([
    [5, 2, '05'],
    [12, 2, '12'],
    [7, 3, '007'],
    [-5, 2, '-05'],
    ['9', 2, '09'],
  ] as const)('zeroPad(%s, %d) is %s', (value, width, expected) => {
    expect(zeroPad(value, width)).toBe(expected);
  });

  it('pads to 2 by default', () => {
    expect(zeroPad(3)).toBe('03');
  });
});

describe('readingDecimals: Hz, OilTemp, PO one decimal; LoadSpeed zero; others two', () => {
  it.each([
    ['Hz', 1],
    ['OilTemp', 1],
    ['PO', 1],
    ['HZ', 1],
    ['LoadSpeed', 0],
    ['kW', 2],
    ['Vab', 2],
    ['Vcc', 2],
  ])('%s → %d', (name, expected) => {
    expect(readingDecimals(name)).toBe(expected);
  });

  it.each([
    ['Hz', 60.04, '60,0'],
    ['LoadSpeed', 72.6, '73'],
    ['kW', 125.456, '125,46'],
    ['kW', 1630.7, '1.630,70'],
    ['kWh', 2619020.9, '2.619.020,90'],
    ['kW', null, '---'],
  ])('formatReading(%s, %s) is %s', (name, value, expected) => {
    expect(formatReading(name, value)).toBe(expected);
  });
});

describe('meter power and energy divided by 1000', () => {
  it.each([
    ['KWH_TOTAL_H', 1_234_000, 1234],
    ['KW', 5500, 5.5],
    ['MAX_KW', 8000, 8],
    ['HZ', 60, 60],
    ['PF', 0.92, 0.92],
    ['KW', null, null],
  ])('%s %s → %s', (name, value, expected) => {
    expect(meterDisplayValue(name, value)).toBe(expected);
  });
});

describe('formatBadgeCount: a badge writes its whole count, up to 99+', () => {
  it.each([
    [0, '0'],
    [5, '5'],
    [12, '12'],
    [99, '99'],
    [100, '99+'],
    [1234, '99+'],
  ])('%d → %s', (count, expected) => {
    expect(formatBadgeCount(count)).toBe(expected);
  });
});
