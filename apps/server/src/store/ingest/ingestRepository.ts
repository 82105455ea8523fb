import type { Kysely } from 'kysely';
import { type Store, withSqlite } from '../database.js';
import { ensureReadingPartitions } from '../partitions.js';
import { nextTurn } from '../readingSeek.js';
import {
  pgInsertReadings,
  pgMarkSeen,
  pgUpsertCurrent,
  type ReadingColumns,
  type SeenColumns,
  sqliteReadingStatements,
} from '../readingsWriter.js';
import type { Database } from '../schema.js';

/**
 * Queries of the ingest (apps/server/src/ingest/README.md): the devices and
 * tags a batch needs, the tags it creates, the batch's one transaction, and
 * the device keys.
 */

type Db = Kysely<Database>;

export interface IngestDeviceRow {
  id: number;
  system_id: number;
  template_id: number;
  last_seen_at: number | null;
}

export interface IngestTagRow {
  id: number;
  device_id: number;
  nome: string;
}

export function ingestDevices(db: Db, ids: readonly number[]): Promise<IngestDeviceRow[]> {
  return db
    .selectFrom('devices')
    .select(['id', 'system_id', 'template_id', 'last_seen_at'])
    .where('id', 'in', ids)
    .execute();
}

export function tagsOfDevices(db: Db, deviceIds: readonly number[]): Promise<IngestTagRow[]> {
  return db
    .selectFrom('tags')
    .select(['id', 'device_id', 'nome'])
    .where('device_id', 'in', deviceIds)
    .execute();
}

/** New tags (name = nickname, no unit); one that exists already is left as it is. */
export async function insertTags(
  db: Db,
  rows: readonly { device_id: number; nome: string }[],
): Promise<void> {
  await db
    .insertInto('tags')
    .values(
      rows.map((r) => ({ device_id: r.device_id, nome: r.nome, apelido: r.nome, unidade: '' })),
    )
    .onConflict((oc) => oc.columns(['device_id', 'nome']).doNothing())
    .execute();
}

/** Rows a SQLite write transaction of the ingest takes at most (~30 ms). */
const SQLITE_SLICE_ROWS = 4096;

/**
 * One batch: the history rows (a repeated (tag, ts) is ignored), the current
 * values (only when newer) and the devices' last-seen time. Answers how many
 * history rows were added. SQLite: slices of rows, a transaction each.
 * PostgreSQL: the history in one transaction and the current values with the
 * last-seen times in another, on two connections at once, so two backends
 * share the work (at 58k readings a batch, 1.1 s → 0.5 s). Every part may be
 * run again after a failure (a repeated reading is ignored, an older current
 * value never wins), so the caller retries the whole batch; a reader may see
 * part of a batch a moment before the rest.
 */
export async function commitReadings(
  store: Store,
  rows: ReadingColumns,
  current: ReadingColumns,
  seen: SeenColumns,
): Promise<number> {
  if (store.dialect === 'sqlite') {
    // SQLite writes in this thread: slices of a few thousand rows, one transaction
    // each, with the event loop served between them, so a batch of 2,000 messages
    // (58k readings, ~400 ms) does not hold every request for its whole length.
    const total = Math.max(rows.length, current.length);
    let inserted = 0;
    let from = 0;
    for (;;) {
      const to = from + SQLITE_SLICE_ROWS;
      const last = to >= total;
      inserted += await withSqlite(store, (db) => {
        const statements = sqliteReadingStatements(db);
        return db.transaction(() => {
          const added = statements.insertReadings(rows, from, to);
          statements.upsertCurrent(current, from, to);
          if (last) statements.markSeen(seen);
          return added;
        })();
      });
      if (last) return inserted;
      from = to;
      await nextTurn();
    }
  }
  let minTs = Infinity;
  let maxTs = -Infinity;
  for (let i = 0; i < rows.length; i++) {
    const ts = rows.ts[i] as number;
    if (ts < minTs) minTs = ts;
    if (ts > maxTs) maxTs = ts;
  }
  await ensureReadingPartitions(store, minTs, maxTs);
  // Both settle before a failure is reported, so a retry never overlaps a half still running.
  const [history, latest] = await Promise.allSettled([
    store.db.transaction().execute((trx) => pgInsertReadings(trx, rows)),
    store.db.transaction().execute(async (trx) => {
      await pgUpsertCurrent(trx, current);
      await pgMarkSeen(trx, seen);
    }),
  ]);
  if (history.status === 'rejected') throw history.reason;
  if (latest.status === 'rejected') throw latest.reason;
  return history.value;
}

/** The device holding the ingest key with this sha256, if any. */
export async function deviceIdByKeyHash(db: Db, hash: string): Promise<number | undefined> {
  const device = await db
    .selectFrom('devices')
    .select('id')
    .where('ingest_key_hash', '=', hash)
    .executeTakeFirst();
  return device?.id;
}

export function deviceKeyHashes(db: Db): Promise<{ id: number; ingest_key_hash: string | null }[]> {
  return db.selectFrom('devices').select(['id', 'ingest_key_hash']).orderBy('id').execute();
}

export async function setDeviceKeyHashes(
  db: Db,
  hashes: readonly { deviceId: number; hash: string }[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { deviceId, hash } of hashes) {
      await trx
        .updateTable('devices')
        .set({ ingest_key_hash: hash })
        .where('id', '=', deviceId)
        .execute();
    }
  });
}
