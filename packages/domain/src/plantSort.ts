/** Spec 001 §7 sort values for plants (stored locally by the web app). */
export const PLANT_SORTS = [
  'maiorenergia',
  'menorenergia',
  'variacaopositiva',
  'variacaonegativa',
] as const;

export type PlantSort = (typeof PLANT_SORTS)[number];

export const DEFAULT_PLANT_SORT: PlantSort = 'maiorenergia';

/** Vigia's own labels for the sort choice. */
export const PLANT_SORT_LABELS: Readonly<Record<PlantSort, string>> = {
  maiorenergia: 'Maior energia',
  menorenergia: 'Menor energia',
  variacaopositiva: 'Variação positiva',
  variacaonegativa: 'Variação negativa',
};

/** A stored or requested sort value; anything unknown is the default. */
export function parsePlantSort(value: unknown): PlantSort {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (PLANT_SORTS as readonly string[]).includes(text)
    ? (text as PlantSort)
    : DEFAULT_PLANT_SORT;
}

export interface PlantSortKeys {
  energy: number | null;
  variation: number | null;
}

/**
 * Comparator for `Array.prototype.sort`: energy (maior/menor) or variation
 * (positiva = largest first, negativa = smallest first). Rows without the value go last.
 */
export function plantComparator<T>(
  sort: PlantSort,
  keys: (row: T) => PlantSortKeys,
): (a: T, b: T) => number {
  const field: keyof PlantSortKeys =
    sort === 'maiorenergia' || sort === 'menorenergia' ? 'energy' : 'variation';
  const descending = sort === 'maiorenergia' || sort === 'variacaopositiva';
  return (a, b) => {
    const x = keys(a)[field];
    const y = keys(b)[field];
    if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0);
    return descending ? y - x : x - y;
  };
}
