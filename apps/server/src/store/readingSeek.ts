import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/** The tables keyed (tag_id, time): the raw and packed readings and their aggregates. */
const TIME_COLUMN = {
  readings: 'ts',
  reading_packs: 'inicio',
  reading_hours: 'inicio',
  reading_days: 'inicio',
} as const;
export type TagTimeTable = keyof typeof TIME_COLUMN;

/**
 * Each tag that has rows in `table` with its oldest time, in tag order: one
 * seek on the primary key (tag_id, time) per tag, where `min(time)` over the
 * table would read every row.
 */
export async function* oldestOfEachTag(
  db: Kysely<Database>,
  table: TagTimeTable = 'readings',
): AsyncGenerator<{ tag_id: number; ts: number }> {
  const column = TIME_COLUMN[table];
  // Below every id of the 32-bit column (PostgreSQL refuses a wider literal).
  let after = -2_147_483_648;
  for (;;) {
    const { rows } = await sql<{ tag_id: number; ts: number }>`
      select tag_id, ${sql.ref(column)} as ts from ${sql.table(table)}
      where tag_id > ${after} order by tag_id, ${sql.ref(column)} limit 1`.execute(db);
    const next = rows[0];
    if (!next) return;
    after = next.tag_id;
    yield { tag_id: next.tag_id, ts: Number(next.ts) };
  }
}

/** Lets the event loop serve requests between the steps of a long job (SQLite runs in this thread). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `read` over the distinct `ids` in slices, the event loop served between them; rows in order. */
export async function inSlices<T>(
  ids: readonly number[],
  size: number,
  read: (slice: number[]) => Promise<T[]>,
): Promise<T[]> {
  const distinct = [...new Set(ids)];
  if (distinct.length <= size) return read(distinct);
  const rows: T[] = [];
  for (let i = 0; i < distinct.length; i += size) {
    if (i > 0) await nextTurn();
    for (const row of await read(distinct.slice(i, i + size))) rows.push(row);
  }
  return rows;
}
