import type { EnergySummary } from '@vigia/contract';
import { energyVariation, parsePlantSort, plantComparator } from '@vigia/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../store/schema.js';
import { rowComparator, sortRows } from './listing.js';

/** The energy counter reading of generators, transfer panels and meters of the fleet. */
export const ENERGY_READING = 'kWh';
const DAY = 86_400;

const NO_ENERGY: EnergySummary = {
  energia24h: null,
  energia24hAnterior: null,
  diferenca: null,
  diferencaPorcentagem: null,
};

/** A counter's advance; a counter that went back (reset or replaced) gives no value. */
function advance(later: number | null, earlier: number | null): number | null {
  if (later === null || earlier === null) return null;
  const delta = later - earlier;
  return delta >= 0 ? delta : null;
}

export function energySummary(last24h: number | null, previous24h: number | null): EnergySummary {
  return {
    energia24h: last24h,
    energia24hAnterior: previous24h,
    ...energyVariation(last24h, previous24h),
  };
}

/**
 * Energy of the last 24 h and of the 24 h before, per device, from its
 * `kWh` counter: the current value and the newest readings at or before 24 h
 * and 48 h ago. One query (two index seeks per counter).
 */
export async function energyByDevice(
  db: Kysely<Database>,
  deviceIds: readonly number[],
  nowSec: number,
): Promise<Map<number, EnergySummary>> {
  const out = new Map<number, EnergySummary>();
  if (deviceIds.length === 0) return out;
  // The newest counter reading at or before `ts`: one backward index seek on (tag_id, ts).
  const valueAt = (ts: number) =>
    sql<
      number | null
    >`(select r.valor from readings r where r.tag_id = tags.id and r.ts <= ${ts} order by r.ts desc limit 1)`;
  const rows = await db
    .selectFrom('tags')
    .leftJoin('current_values', 'current_values.tag_id', 'tags.id')
    .select([
      'tags.device_id as deviceId',
      'current_values.valor as agora',
      valueAt(nowSec - DAY).as('antes24h'),
      valueAt(nowSec - 2 * DAY).as('antes48h'),
    ])
    .where('tags.device_id', 'in', deviceIds)
    .where('tags.nome', '=', ENERGY_READING)
    .execute();
  for (const row of rows) {
    const v24 = row.antes24h === null ? null : Number(row.antes24h);
    const v48 = row.antes48h === null ? null : Number(row.antes48h);
    out.set(row.deviceId, energySummary(advance(row.agora, v24), advance(v24, v48)));
  }
  return out;
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
