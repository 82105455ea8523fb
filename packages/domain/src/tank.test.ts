import { describe, expect, it } from 'vitest';
import {
  fuelLevelTone,
  TANK_COLOR_TONE,
  TANK_LEGEND,
  TANK_LEVEL_BANDS,
  tankColor,
  tankCritico,
  tankLevelBand,
  tankLevelPercent,
  tankStatus,
} from './tank.js';

describe('Tank bits: 1 valve closed, 8 blocked, 16 empty, 24 not full', () => {
  it.each([
    [1, ['Válvula fechada']],
    [8, ['Bloqueado']],
    [16, ['Vazio']],
    [24, ['Não cheio']],
    [1 + 16, ['Válvula fechada', 'Vazio']],
    [0, []],
    [null, []],
  ])('status %s → %o', (status, expected) => {
    expect(tankStatus(status)).toEqual(expected);
  });
});

describe('Tank colour: critico at or above 80 red; 65 to under 80 yellow or orange; otherwise white', () => {
  it.each([
    [100, 'red'],
    [80, 'red'],
    [79.9, 'yellow'],
    [65, 'yellow'],
    [64.9, 'white'],
    [0, 'white'],
    [null, 'white'],
  ] as const)('critico %s → %s', (critico, color) => {
    expect(tankColor(critico)).toBe(color);
  });

  it("General tank legend: 'Crítico' and 'Atenção'", () => {
    expect(TANK_LEGEND).toEqual([
      { color: 'red', label: 'Crítico' },
      { color: 'yellow', label: 'Atenção' },
    ]);
    expect(TANK_COLOR_TONE).toEqual({ red: 'bad', yellow: 'warning', white: 'neutral' });
  });
});

describe('Table legends: below 25%, 25 to 49.9%, 50 to 99.9%, 100%', () => {
  it.each([
    [0, 'below-25'],
    [24.99, 'below-25'],
    [25, '25-50'],
    [49.9, '25-50'],
    [50, '50-100'],
    [99.9, '50-100'],
    [100, 'full'],
    [104, 'full'],
    [-1, null],
    [null, null],
  ])('level %s%% → %s', (level, band) => {
    expect(tankLevelBand(level)).toBe(band);
  });

  it('legend labels', () => {
    expect(TANK_LEVEL_BANDS.map((b) => b.label)).toEqual([
      'Abaixo de 25%',
      '25% a 49,9%',
      '50% a 99,9%',
      '100%',
    ]);
  });

  it.each([
    [500, 1000, 50],
    [0, 1000, 0],
    [null, 1000, null],
    [500, 0, null],
    [500, null, null],
  ])('tankLevelPercent(%s, %s) is %s', (litros, capacidade, expected) => {
    expect(tankLevelPercent(litros, capacidade)).toBe(expected);
  });
});

describe('fuel level colour follows the tank rule (critico = 100 − level; issue 27)', () => {
  it.each([
    [0, 100, 'bad'],
    [12, 88, 'bad'],
    [20, 80, 'bad'],
    [25, 75, 'warning'],
    [35, 65, 'warning'],
    [36, 64, undefined],
    [88, 12, undefined],
    [null, null, undefined],
    [-1, null, undefined],
  ] as const)('level %s → critico %s → %s', (level, critico, tone) => {
    expect(tankCritico(level)).toBe(critico);
    expect(fuelLevelTone(level)).toBe(tone);
  });
});
