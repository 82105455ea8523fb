import type { EnergySummary } from '@vigia/contract';
import { type Kysely, sql } from 'kysely';
import { energySummary } from '../devices/energy.js';
import type { Database } from '../schema.js';

/** The energy counter reading of generators, transfer panels and meters of the fleet. */
const ENERGY_READING = 'kWh';
const DAY = 86_400;

/** A counter's advance; a counter that went back (reset or replaced) gives no value. */
function advance(later: number | null, earlier: number | null): number | null {
  if (later === null || earlier === null) return null;
  const delta = later - earlier;
  return delta >= 0 ? delta : null;
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
