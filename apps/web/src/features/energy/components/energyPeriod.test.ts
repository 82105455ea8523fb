import { energyDefaultWindow, formatIsoDate } from '@vigia/domain';
import { describe, expect, it } from 'vitest';
import { excelEnergy, formatKwh, formatVariation, variationTone } from './energyFormat';
import { dayFromRoute, periodFromRoute, periodParams } from './energyPeriod';

describe('energy period from the route', () => {
  it('reads local days and epoch seconds, whole days', () => {
    const p = periodFromRoute('2026-03-01', '2026-03-08');
    expect(new Date(p.inicio * 1000).toISOString()).toBe('2026-03-01T03:00:00.000Z');
    expect(new Date((p.fim + 1) * 1000).toISOString()).toBe('2026-03-09T03:00:00.000Z');
    expect(periodParams(p)).toEqual({ tsInit: '2026-03-01', tsEnd: '2026-03-08' });
    expect(periodFromRoute(String(p.inicio + 5000), '2026-03-08')).toEqual(p);
  });

  it('missing or unreadable ends take the default window (previous 8 days to yesterday)', () => {
    const fallback = energyDefaultWindow(new Date());
    expect(periodFromRoute(undefined, 'amanhã')).toEqual(fallback);
    expect(formatIsoDate(dayFromRoute(undefined))).toBe(formatIsoDate(fallback.fim));
  });

  it('keeps an end before the start as given (the page shows the message)', () => {
    const p = periodFromRoute('2026-03-08', '2026-03-01');
    expect(p.fim).toBeLessThan(p.inicio);
  });
});

describe('energy formats', () => {
  it("kWh with comma decimals, '---' for a day without readings", () => {
    expect(formatKwh(12345.678)).toBe('12.345,68 kWh');
    expect(formatKwh('---')).toBe('---');
    expect(formatKwh(null)).toBe('---');
    expect(excelEnergy('---')).toBe('---');
    expect(excelEnergy(3.5)).toBe(3.5);
  });

  it('variation sign and tone', () => {
    expect(formatVariation(12.5)).toBe('+12,50 %');
    expect(formatVariation(-3)).toBe('-3,00 %');
    expect(formatVariation(null)).toBe('---');
    expect([variationTone(1), variationTone(-1), variationTone(null)]).toEqual([
      'good',
      'bad',
      'neutral',
    ]);
  });
});
