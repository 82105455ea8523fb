import { describe, expect, it } from 'vitest';
import {
  CUSTOM_PERIOD,
  chartDefaultWindow,
  energyDefaultWindow,
  FUEL_LISTING_DAYS,
  fuelListingDefaultWindow,
  historyDefaultWindow,
  isPeriodPreset,
  PERIOD_COMBO,
  PERIOD_PRESET_LABELS,
  PERIOD_PRESETS,
  type PeriodPreset,
  periodPreset,
} from './period.js';
import { validatePeriodSec } from './validation.js';

/** Wall-clock time in São Paulo (UTC-3 since 2019) as epoch seconds. */
const sp = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) =>
  Date.UTC(y, m - 1, d, h + 3, mi, s) / 1000;

// Wednesday 13 March 2024, 15:30 in São Paulo.
const NOW = new Date(sp(2024, 3, 13, 15, 30) * 1000);
const NOW_SEC = sp(2024, 3, 13, 15, 30);

describe('period presets (America/Sao_Paulo, week starts Monday)', () => {
  it.each([
    ['hoje', sp(2024, 3, 13), NOW_SEC],
    ['ontem', sp(2024, 3, 12), sp(2024, 3, 12, 23, 59, 59)],
    ['estaSemana', sp(2024, 3, 11), NOW_SEC],
    ['semanaPassada', sp(2024, 3, 4), sp(2024, 3, 10, 23, 59, 59)],
    ['esteMes', sp(2024, 3, 1), NOW_SEC],
    ['ultimos7Dias', sp(2024, 3, 7), NOW_SEC],
    ['ultimos30Dias', sp(2024, 2, 13), NOW_SEC],
    ['mesPassado', sp(2024, 2, 1), sp(2024, 2, 29, 23, 59, 59)],
  ] as const)('%s on Wed 13/03/2024 15:30', (preset, inicio, fim) => {
    expect(periodPreset(preset, NOW)).toEqual({ inicio, fim });
  });

  it.each([
    [
      'Sunday belongs to the week that started on Monday',
      new Date(sp(2024, 3, 17, 10) * 1000),
      sp(2024, 3, 11),
    ],
    [
      'Monday just after midnight starts a new week',
      new Date(sp(2024, 3, 11, 0, 30) * 1000),
      sp(2024, 3, 11),
    ],
  ])('estaSemana (Monday start): %s', (_name, now, inicio) => {
    expect(periodPreset('estaSemana', now).inicio).toBe(inicio);
  });

  it('mesPassado in January is December of the year before', () => {
    expect(periodPreset('mesPassado', new Date(sp(2024, 1, 10) * 1000))).toEqual({
      inicio: sp(2023, 12, 1),
      fim: sp(2023, 12, 31, 23, 59, 59),
    });
  });

  it('at 22:00 in São Paulo (01:00 UTC next day) hoje is still the São Paulo day', () => {
    expect(periodPreset('hoje', new Date(Date.UTC(2024, 2, 14, 1))).inicio).toBe(sp(2024, 3, 13));
  });

  it('every preset passes the 31-day rule on any day of the year', () => {
    for (let day = 0; day < 366; day += 1) {
      const now = new Date(sp(2024, 1, 1, 12) * 1000 + day * 86_400_000);
      for (const preset of PERIOD_PRESETS) {
        const { inicio, fim } = periodPreset(preset, now);
        expect(validatePeriodSec(inicio, fim), `${preset} on day ${day}`).toBeNull();
      }
    }
  });
});

describe("Combo: Hoje, Ontem, Últimos 7 dias, Últimos 30 dias, Este Mês, Mês Passado (the spec's 'Últimos Mês'), Esta Semana (Monday start), custom 'Período'", () => {
  it('labels in order', () => {
    expect(PERIOD_COMBO.map((c) => c.label)).toEqual([
      'Hoje',
      'Ontem',
      'Últimos 7 dias',
      'Últimos 30 dias',
      'Este Mês',
      'Mês Passado',
      'Esta Semana',
      'Período',
    ]);
    expect(PERIOD_COMBO.at(-1)?.value).toBe(CUSTOM_PERIOD);
  });

  it('every combo preset has the same label in PERIOD_PRESET_LABELS', () => {
    for (const { value, label } of PERIOD_COMBO) {
      if (value !== CUSTOM_PERIOD) expect(PERIOD_PRESET_LABELS[value]).toBe(label);
    }
  });

  it.each([
    ['hoje', true],
    ['semanaPassada', true],
    ['periodo', false],
    [42, false],
  ])('isPeriodPreset(%s) is %s', (value, expected) => {
    expect(isPeriodPreset(value)).toBe(expected);
    if (expected) expect(PERIOD_PRESET_LABELS[value as PeriodPreset]).toBeTruthy();
  });
});

describe('default windows', () => {
  it('Chart time defaults: now and one day earlier, as timestamps in seconds', () => {
    expect(chartDefaultWindow(NOW)).toEqual({ inicio: NOW_SEC - 86_400, fim: NOW_SEC });
  });

  it('Default energy window: previous 8 days to yesterday', () => {
    expect(energyDefaultWindow(NOW)).toEqual({
      inicio: sp(2024, 3, 5),
      fim: sp(2024, 3, 12, 23, 59, 59),
    });
  });

  it('The default history period is today from midnight to now', () => {
    expect(historyDefaultWindow(NOW)).toEqual({ inicio: sp(2024, 3, 13), fim: NOW_SEC });
  });

  it('Default period 30 days for fuel entry listing', () => {
    expect(FUEL_LISTING_DAYS).toBe(30);
    expect(fuelListingDefaultWindow(NOW)).toEqual({ inicio: sp(2024, 2, 13), fim: NOW_SEC });
  });
});
