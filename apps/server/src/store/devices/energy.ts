import type { EnergySummary } from '@vigia/contract';
import { energyVariation, parsePlantSort, plantComparator } from '@vigia/domain';
import { rowComparator, sortRows } from './listing.js';

const NO_ENERGY: EnergySummary = {
  energia24h: null,
  energia24hAnterior: null,
  diferenca: null,
  diferencaPorcentagem: null,
};

export function energySummary(last24h: number | null, previous24h: number | null): EnergySummary {
  return {
    energia24h: last24h,
    energia24hAnterior: previous24h,
    ...energyVariation(last24h, previous24h),
  };
}

export function energyOf(map: Map<number, EnergySummary>, deviceId: number): EnergySummary {
  return map.get(deviceId) ?? NO_ENERGY;
}

/** The sum over several devices (values that are missing are left out; all missing: null). */
export function sumEnergy(summaries: readonly EnergySummary[]): EnergySummary {
  const sum = (pick: (s: EnergySummary) => number | null) => {
    let total: number | null = null;
    for (const s of summaries) {
      const value = pick(s);
      if (value !== null) total = (total ?? 0) + value;
    }
    return total;
  };
  return energySummary(
    sum((s) => s.energia24h),
    sum((s) => s.energia24hAnterior),
  );
}

/**
 * `sortby` of the energy reads: `nome`, or a plant sort (domain
 * `parsePlantSort` / `plantComparator` on energia24h and
 * diferencaPorcentagem, unknown values taken as 'maiorenergia'); ties by name.
 */
export function sortByEnergy<T extends { id: number; nome: string; energia: EnergySummary }>(
  rows: T[],
  sortby: string | undefined,
): T[] {
  if (sortby?.trim().toLowerCase() === 'nome') {
    return sortRows(rows, [{ value: (r) => r.nome }], (r) => r.id);
  }
  const byEnergy = plantComparator<T>(parsePlantSort(sortby), (r) => ({
    energy: r.energia.energia24h,
    variation: r.energia.diferencaPorcentagem,
  }));
  const byName = rowComparator<T>([{ value: (r) => r.nome }], (r) => r.id);
  return rows.sort((a, b) => byEnergy(a, b) || byName(a, b));
}
