import { describe, expect, it } from 'vitest';
import { startOfDaySec } from './date.js';
import {
  formatReportCell,
  isCounterReading,
  isDateColumn,
  MONTHLY_REPORT_GROUP,
  REPORT_GROUPS,
  REPORT_INTERVAL_MIN,
  REPORT_PRESET_TABLE_ID,
  reportRowOf,
  reportRowPage,
  reportRowStarts,
  spreadsheetDate,
  spreadsheetNumberFormat,
} from './report.js';

describe('report constants', () => {
  it('Report group 0 Dia or 1 Mês; report interval 60; idTable 309', () => {
    expect(REPORT_GROUPS).toEqual([
      { value: 0, label: 'Dia' },
      { value: 1, label: 'Mês' },
    ]);
    expect(MONTHLY_REPORT_GROUP).toBe(1);
    expect(REPORT_INTERVAL_MIN).toBe(60);
    expect(REPORT_PRESET_TABLE_ID).toBe(309);
  });
});

describe('column tipo Date or NUMERO; the DATE spelling also occurs', () => {
  it.each([
    ['Date', true],
    ['DATE', true],
    ['NUMERO', false],
    [null, false],
  ])('%s is a date column: %s', (tipo, expected) => {
    expect(isDateColumn(tipo)).toBe(expected);
  });

  it.each([
    ['a date column', { tipo: 'DATE' }, 1_700_000_000, '14/11/2023 19:13:20'],
    ['a date column without value', { tipo: 'Date' }, null, '---'],
    ['report numbers use comma decimals', { tipo: 'NUMERO', casaDecimal: 1 }, 12.34, '12,3'],
    ['two decimals when casaDecimal is absent', { tipo: 'NUMERO' }, 5, '5,00'],
    ['text as is', { tipo: 'NUMERO' }, 'GMG1', 'GMG1'],
    ["missing text is '--'", { tipo: 'NUMERO' }, '', '--'],
    ["null is '--'", {}, null, '--'],
  ])('%s', (_name, column, value, expected) => {
    expect(formatReportCell(column, value)).toBe(expected);
  });
});

describe('report rows', () => {
  // 2026-03-10 00:00 in America/Sao_Paulo (UTC-3).
  const day = startOfDaySec({ year: 2026, month: 3, day: 10 });

  it('Dia: one row per 60 min from local midnight, rows touching the period', () => {
    expect(day).toBe(Date.UTC(2026, 2, 10, 3) / 1000);
    const starts = reportRowStarts(day + 1800, day + 3 * 3600, 0);
    expect(starts).toEqual([day, day + 3600, day + 7200, day + 3 * 3600]);
    expect(reportRowStarts(day, day + 86_399, 0)).toHaveLength(24);
    expect(reportRowStarts(day, day + 86_399, 0, 360)).toEqual(
      [0, 1, 2, 3].map((k) => day + k * 21_600),
    );
  });

  it('Mês: one row per local day, over any span', () => {
    const starts = reportRowStarts(day, day + 40 * 86_400 - 1, 1);
    expect(starts).toHaveLength(40);
    expect(starts[1]).toBe(day + 86_400);
  });

  it('a page of rows: Mês counts the days of any span and lists only the page', () => {
    const century = reportRowPage(day, day + 36_525 * 86_400 - 1, 1, 60, 10, 3);
    expect(century.total).toBe(36_525);
    expect(century.starts).toEqual([10, 11, 12].map((k) => day + k * 86_400));
    expect(reportRowPage(day, day + 86_399, 0, 60, 20, 100)).toEqual({
      total: 24,
      starts: [20, 21, 22, 23].map((k) => day + k * 3600),
    });
  });

  it('end before start has no rows; a time finds its row', () => {
    expect(reportRowStarts(day, day - 1, 0)).toEqual([]);
    const starts = [10, 20, 30];
    expect([5, 10, 19, 20, 99].map((ts) => reportRowOf(starts, ts))).toEqual([-1, 0, 0, 1, 2]);
  });

  it('counters: hour meter, starts and energy counters', () => {
    expect(['horimetro', 'Partidas', 'kWh', 'KWH_TOTAL_H'].every(isCounterReading)).toBe(true);
    expect(isCounterReading('kW')).toBe(false);
  });
});

describe('spreadsheet cells', () => {
  it('a date is the wall clock in America/Sao_Paulo; decimals from casaDecimal', () => {
    const ts = Date.UTC(2026, 2, 10, 2, 30, 5) / 1000; // 09/03/2026 23:30:05 in São Paulo
    expect(spreadsheetDate(ts).toISOString()).toBe('2026-03-09T23:30:05.000Z');
    expect([0, 1, 2, null].map(spreadsheetNumberFormat)).toEqual(['0', '0.0', '0.00', '0.00']);
  });
});
