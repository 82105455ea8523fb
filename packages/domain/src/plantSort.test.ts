import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLANT_SORT,
  PLANT_SORT_LABELS,
  PLANT_SORTS,
  type PlantSort,
  parsePlantSort,
  plantComparator,
} from './plantSort.js';

describe('Sort values for plants: maiorenergia (default), menorenergia, variacaopositiva, variacaonegativa', () => {
  it('values and default', () => {
    expect(PLANT_SORTS).toEqual([
      'maiorenergia',
      'menorenergia',
      'variacaopositiva',
      'variacaonegativa',
    ]);
    expect(DEFAULT_PLANT_SORT).toBe('maiorenergia');
    for (const sort of PLANT_SORTS) expect(PLANT_SORT_LABELS[sort]).toBeTruthy();
  });

  it.each([
    ['menorenergia', 'menorenergia'],
    ['VariacaoPositiva', 'variacaopositiva'],
    ['qualquer', 'maiorenergia'],
    [undefined, 'maiorenergia'],
    [3, 'maiorenergia'],
  ])('parsePlantSort(%s) is %s', (value, expected) => {
    expect(parsePlantSort(value)).toBe(expected);
  });

  const plants = [
    { id: 'a', energy: 10, variation: -5 },
    { id: 'b', energy: 30, variation: 12 },
    { id: 'c', energy: null, variation: null },
    { id: 'd', energy: 20, variation: 0 },
  ];

  it.each([
    ['maiorenergia', ['b', 'd', 'a', 'c']],
    ['menorenergia', ['a', 'd', 'b', 'c']],
    ['variacaopositiva', ['b', 'd', 'a', 'c']],
    ['variacaonegativa', ['a', 'd', 'b', 'c']],
  ] as const)('%s orders %o (missing values last)', (sort: PlantSort, order) => {
    const sorted = [...plants].sort(plantComparator(sort, (p) => p));
    expect(sorted.map((p) => p.id)).toEqual(order);
  });

  it('two rows without a value are equal', () => {
    const compare = plantComparator('maiorenergia', (p: { energy: null }) => ({
      energy: p.energy,
      variation: null,
    }));
    expect(compare({ energy: null }, { energy: null })).toBe(0);
  });
});
