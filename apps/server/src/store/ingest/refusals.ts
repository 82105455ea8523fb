import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';

type Db = Kysely<Database>;

export interface RefusalDeltaRow {
  deviceId: number;
  motivo: string;
  count: number;
  /** Epoch seconds. */
  lastAt: number;
}

export interface DeviceRefusalRow {
  deviceId: number;
  nome: string;
  sisId: number;
  motivo: string;
  recusadas: number;
  ultima: number;
}

const CHUNK = 500;

/**
 * Adds a node's refusals to every node's counts. Only devices that exist are
 * counted (an id no device has would grow the table for anyone able to name
 * one; those stay in the node's totals of `/api/health`).
 */
export async function addIngestRefusals(db: Db, deltas: readonly RefusalDeltaRow[]) {
  for (let from = 0; from < deltas.length; from += CHUNK) {
    const chunk = deltas.slice(from, from + CHUNK);
    const ids = [...new Set(chunk.map((d) => d.deviceId))];
    const existing = await db.selectFrom('devices').select('id').where('id', 'in', ids).execute();
    const known = new Set(existing.map((row) => row.id));
    const rows = chunk
      .filter((d) => known.has(d.deviceId))
      .map((d) => ({
        device_id: d.deviceId,
        motivo: d.motivo,
        recusadas: d.count,
        ultima: d.lastAt,
      }));
    if (rows.length === 0) continue;
    await db
      .insertInto('ingest_refusals')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['device_id', 'motivo']).doUpdateSet({
          recusadas: sql`ingest_refusals.recusadas + excluded.recusadas`,
          ultima: sql`case when excluded.ultima > ingest_refusals.ultima then excluded.ultima else ingest_refusals.ultima end`,
        }),
      )
      .execute();
  }
}

/** The counts of the devices of `systemIds`, one row per device and reason. */
export function deviceRefusals(db: Db, systemIds: readonly number[]): Promise<DeviceRefusalRow[]> {
  if (systemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ingest_refusals as r')
    .innerJoin('devices as d', 'd.id', 'r.device_id')
    .select([
      'r.device_id as deviceId',
      'd.nome as nome',
      'd.system_id as sisId',
      'r.motivo as motivo',
      'r.recusadas as recusadas',
      'r.ultima as ultima',
    ])
    .where('d.system_id', 'in', systemIds)
    .execute();
}
