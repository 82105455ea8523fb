import { describe, expect, it } from 'vitest';
import {
  ALARM_KPI,
  activeForLabel,
  brasiliaOffsetSec,
  fillKpiWindows,
  kpiTone,
  kpiWindowCount,
  kpiWindowStart,
  peakWindowTone,
  ratePer,
} from './alarmKpi.js';

describe('alarm KPI guidance (ISA-18.2 / EEMUA 191)', () => {
  it('keeps the standards’ figures', () => {
    expect(ALARM_KPI.guidancePer10Min).toBe(1);
    expect(ALARM_KPI.guidancePerDay).toBe(144);
    expect(ALARM_KPI.floodAbove).toBe(10);
    expect(ALARM_KPI.chatteringRaises).toBe(3);
    expect(ALARM_KPI.chatteringWindowSec).toBe(60);
    expect(ALARM_KPI.staleAfterSec).toBe(24 * 3600);
    expect(ALARM_KPI.windowSec * ALARM_KPI.guidancePerDay).toBe(86_400);
  });

  it.each([
    [0.5, 1, 'neutral'],
    [1, 1, 'neutral'],
    [1.01, 1, 'warning'],
    [2, 1, 'warning'],
    [2.01, 1, 'bad'],
    [300, 144, 'bad'],
    [0, 0, 'neutral'],
    [1, 0, 'warning'],
    [Number.NaN, 1, 'neutral'],
  ] as const)('%d against a guidance of %d is %s', (value, guidance, tone) => {
    expect(kpiTone(value, guidance)).toBe(tone);
  });

  it('cuts time in 10-minute windows from the epoch', () => {
    expect(kpiWindowStart(1_700_000_123)).toBe(1_699_999_800);
    expect(kpiWindowCount(0, 599)).toBe(1);
    expect(kpiWindowCount(0, 600)).toBe(2);
    expect(kpiWindowCount(599, 600)).toBe(2);
    expect(kpiWindowCount(0, 86_399)).toBe(144);
    expect(kpiWindowCount(10, 5)).toBe(0);
  });

  it('reads Brasília days at UTC−3', () => {
    expect(brasiliaOffsetSec(Date.UTC(2026, 10, 25, 12) / 1000)).toBe(-10_800);
  });

  it('gives a count as a rate over the period', () => {
    expect(ratePer(288, 0, 86_399, 86_400)).toBe(288);
    expect(ratePer(288, 0, 86_399, 600)).toBe(2);
    expect(ratePer(5, 10, 5, 600)).toBe(0);
  });

  it('marks a busiest window only when it floods (> 10)', () => {
    expect(peakWindowTone(10)).toBe('neutral');
    expect(peakWindowTone(11)).toBe('bad');
  });

  it.each([
    [59, '0 min'],
    [8 * 60, '8 min'],
    [5 * 3600 + 12 * 60, '5 h 12 min'],
    [3 * 86_400 + 4 * 3600 + 59, '3 d 4 h'],
  ])('%d s active reads %s', (seconds, label) => {
    expect(activeForLabel(seconds)).toBe(label);
  });

  it('fills the empty windows between the period’s start and its reference', () => {
    const { starts, totals } = fillKpiWindows(605, 2400, [
      { inicio: 1200, total: 3 },
      { inicio: 2400, total: 12 },
    ]);
    expect(starts).toEqual([600, 1200, 1800, 2400]);
    expect(totals).toEqual([0, 3, 0, 12]);
  });
});
