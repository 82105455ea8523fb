import { describe, expect, it } from 'vitest';
import {
  CHART_PERIOD_DEFAULT,
  CHART_PERIOD_OPTIONS,
  chartPeriod,
  chartPeriodForMinutes,
  isChartPeriodChoice,
  isRollingChartPeriod,
} from './chartPeriod.js';

// 2024-05-15 (a Wednesday) 12:00 in São Paulo.
const NOW = new Date('2024-05-15T15:00:00Z');
const NOW_SEC = NOW.getTime() / 1000;
const CUSTOM = { inicio: 1, fim: 2 };

describe('chart periods', () => {
  it('Chart time defaults: the start is now and the end one day earlier', () => {
    expect(CHART_PERIOD_DEFAULT).toBe('ultimas24Horas');
    expect(chartPeriod('ultimas24Horas', NOW, CUSTOM)).toEqual({
      inicio: NOW_SEC - 86_400,
      fim: NOW_SEC,
    });
  });

  it('chart periods last month, last week, last 7 and 30 days, and a custom one', () => {
    expect(CHART_PERIOD_OPTIONS.map((o) => o.label)).toEqual([
      'Últimas 24 horas',
      'Últimos 7 dias',
      'Últimos 30 dias',
      'Semana Passada',
      'Mês Passado',
      'Período',
    ]);
    // Monday 2024-05-06 00:00 to Sunday 2024-05-12 23:59:59 in São Paulo (UTC-3).
    expect(chartPeriod('semanaPassada', NOW, CUSTOM)).toEqual({
      inicio: Date.UTC(2024, 4, 6, 3) / 1000,
      fim: Date.UTC(2024, 4, 13, 3) / 1000 - 1,
    });
    expect(chartPeriod('mesPassado', NOW, CUSTOM).inicio).toBe(Date.UTC(2024, 3, 1, 3) / 1000);
    expect(chartPeriod('ultimos7Dias', NOW, CUSTOM)).toEqual({
      inicio: Date.UTC(2024, 4, 9, 3) / 1000,
      fim: NOW_SEC,
    });
    expect(chartPeriod('periodo', NOW, CUSTOM)).toBe(CUSTOM);
  });

  it('fixed-window charts refresh each minute: only windows that end now', () => {
    expect(
      CHART_PERIOD_OPTIONS.filter((o) => isRollingChartPeriod(o.value)).map((o) => o.value),
    ).toEqual(['ultimas24Horas', 'ultimos7Dias', 'ultimos30Dias']);
  });

  it('recognises its choices', () => {
    expect(isChartPeriodChoice('mesPassado')).toBe(true);
    expect(isChartPeriodChoice('hoje')).toBe(false);
  });

  it("opens a preset's default time: the gas prediction week, a month, else 24 h", () => {
    expect(chartPeriodForMinutes(10_080)).toBe('ultimos7Dias');
    expect(chartPeriodForMinutes(43_200)).toBe('ultimos30Dias');
    expect(chartPeriodForMinutes(1440)).toBe(CHART_PERIOD_DEFAULT);
    expect(chartPeriodForMinutes(null)).toBe(CHART_PERIOD_DEFAULT);
  });
});
