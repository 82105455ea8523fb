import { describe, expect, it } from 'vitest';
import {
  averageEnergy,
  dailyCounterEnergy,
  energyCard,
  energyDays,
  energyValue,
  energyVariation,
  previousEnergyDays,
  sumEnergySeries,
} from './energy.js';
import { energyDefaultWindow } from './period.js';

describe("energia, energiaTotalRede (either may be the text '---')", () => {
  it.each([
    [12.5, 12.5],
    ['12,5', 12.5],
    ['---', null],
    ['', null],
    [null, null],
    [Number.NaN, null],
  ])('%s → %s', (value, expected) => {
    expect(energyValue(value)).toBe(expected);
  });
});

describe('energy card: energiaMedia, energiaMediaPassada, diferenca, diferencaPorcentagem', () => {
  it.each([
    [[10, 20, null, 30], 20],
    [[], null],
    [[null, undefined], null],
  ])('averageEnergy(%o) is %s', (values, expected) => {
    expect(averageEnergy(values)).toBe(expected);
  });

  it.each([
    [120, 100, { diferenca: 20, diferencaPorcentagem: 20 }],
    [80, 100, { diferenca: -20, diferencaPorcentagem: -20 }],
    [10, 0, { diferenca: 10, diferencaPorcentagem: null }],
    [null, 100, { diferenca: null, diferencaPorcentagem: null }],
    [-50, -100, { diferenca: 50, diferencaPorcentagem: 50 }],
  ])('energyVariation(%s, %s)', (media, passada, expected) => {
    expect(energyVariation(media, passada)).toEqual(expected);
  });
});

describe('dailyCounterEnergy: per local day, resets, gaps', () => {
  const day = (n: number) => ({
    inicio: 1_000_000 + n * 86_400,
    fim: 1_000_000 + (n + 1) * 86_400 - 1,
  });
  const at = (n: number, h: number, valor: number) => ({ ts: day(n).inicio + h * 3600, valor });

  it('counts the advance from the last reading of the day before', () => {
    const readings = [at(0, 23, 100), at(1, 6, 110), at(1, 18, 130)];
    expect(dailyCounterEnergy(readings, [day(0), day(1)])).toEqual([0, 30]);
  });

  it('a drop starts a new run: the runs are summed, the drop counts nothing', () => {
    const readings = [at(0, 1, 500), at(0, 10, 520), at(0, 11, 3), at(0, 20, 13)];
    expect(dailyCounterEnergy(readings, [day(0)])).toEqual([30]);
  });

  it("a day without readings is null ('---'); the advance across a longer gap is left out", () => {
    const readings = [at(0, 12, 100), at(2, 12, 180), at(2, 13, 185)];
    expect(dailyCounterEnergy(readings, [day(0), day(1), day(2)])).toEqual([0, null, 5]);
  });

  it('scales the counter unit (meters count Wh)', () => {
    expect(dailyCounterEnergy([at(0, 1, 1000), at(0, 2, 3500)], [day(0)], 1 / 1000)).toEqual([2.5]);
  });

  it('sums series day by day, keeping a day missing in all of them null', () => {
    expect(
      sumEnergySeries([
        [1, null, 2],
        [3, null, null],
      ]),
    ).toEqual([4, null, 2]);
  });
});

describe('energyCard against the previous period of equal length', () => {
  it('total, means and variation of the means', () => {
    expect(energyCard([10, null, 20], [5, 5, 5])).toEqual({
      energiaTotal: 30,
      energiaMedia: 15,
      energiaMediaPassada: 5,
      diferenca: 10,
      diferencaPorcentagem: 200,
    });
  });

  it('nothing present: nulls', () => {
    expect(energyCard([null], [])).toEqual({
      energiaTotal: null,
      energiaMedia: null,
      energiaMediaPassada: null,
      diferenca: null,
      diferencaPorcentagem: null,
    });
  });
});

describe('energyDays and previousEnergyDays (America/Sao_Paulo)', () => {
  it('the default window: 8 local days, the previous period the 8 before', () => {
    const window = energyDefaultWindow(new Date('2026-03-10T15:00:00Z'));
    const days = energyDays(window.inicio, window.fim);
    expect(days).toHaveLength(8);
    expect(new Date((days[0]?.inicio ?? 0) * 1000).toISOString()).toBe('2026-03-02T03:00:00.000Z');
    const previous = previousEnergyDays(days);
    expect(previous).toHaveLength(8);
    expect(new Date((previous[0]?.inicio ?? 0) * 1000).toISOString()).toBe(
      '2026-02-22T03:00:00.000Z',
    );
    expect(previous[7]?.fim).toBe((days[0]?.inicio ?? 0) - 1);
  });
});
