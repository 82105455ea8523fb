import { describe, expect, it } from 'vitest';
import { averageEnergy, energyValue, energyVariation } from './energy.js';

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
