import { describe, expect, it } from 'vitest';
import {
  formatReportCell,
  isDateColumn,
  MONTHLY_REPORT_GROUP,
  REPORT_GROUPS,
  REPORT_INTERVAL_MIN,
  REPORT_PRESET_TABLE_ID,
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
