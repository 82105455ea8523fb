import { type Kysely, sql, type Transaction } from 'kysely';
import type { Store } from '../database.js';
import { nextTurn } from '../readingSeek.js';
import { ReadingBuffer } from '../readingsWriter.js';
import type { Database } from '../schema.js';
import { decodePack, encodePack, hourOf, PACK_HOUR_S } from './packCodec.js';
import { mergeKeepingFirst } from './readingRange.js';

/*
 * Packing moves the readings of closed hours from `readings` (a row each) into
 * `reading_packs` (a row per tag and hour), issue 31. It runs after the rollup
 * job and only on hours the rollups no longer recompute (before the watermark
 * less ROLLUP_LATE_S), so the rollups read raw rows only. A reading that comes
 * later still for a packed hour is stored as a row and joins its pack on the
 * next pass. Reads see both (readingRange.ts).
 */

/**
 * Tags packed together in one transaction. SQLite runs a step's statements in
 * this thread, so few; PostgreSQL only the step's decoding and encoding, and
 * there a step's round trips weigh most (30,000 tags of 15 readings: 7.2 s at
 * 12 a step, 3.2 s at 48).
 */
const TAGS_PER_STEP = { sqlite: 12, postgres: 48 } as const;
/**
 * Readings moved in one transaction, about: a first pass over weeks of history
 * goes in steps of this many (a step's window in hours follows the tags' density).
 */
const READINGS_PER_STEP = 5_000;
/** Packs written per statement (4 parameters each). */
const PACKS_PER_STATEMENT = 100;

export interface PackingPass {
  packs: number;
  readings: number;
}

/**
 * Packs every reading before `before` (rounded down to its hour), a few tags
 * and hours per transaction with the event loop served between them. Stopped
 * (`signal`), what is packed stays packed and the rest waits for the next pass.
 */
export async function packClosedHours(
  store: Store,
  before: number,
  signal?: AbortSignal,
): Promise<PackingPass> {
  const until = hourOf(before);
  const done: PackingPass = { packs: 0, readings: 0 };
  const tagIds = (await store.db.selectFrom('tags').select('id').orderBy('id').execute()).map(
    (t) => t.id,
  );
  const perStep = TAGS_PER_STEP[store.dialect];
  for (let i = 0; i < tagIds.length && !signal?.aborted; i += perStep) {
    const slice = tagIds.slice(i, i + perStep);
    const waiting = await waitingIn(store, slice, until);
    if (!waiting || waiting.oldest === null || Number(waiting.n) === 0) continue;
    const first = hourOf(Number(waiting.oldest));
    const hours = (until - first) / PACK_HOUR_S;
    const steps = Math.ceil(Number(waiting.n) / READINGS_PER_STEP);
    const window = Math.max(1, Math.ceil(hours / steps)) * PACK_HOUR_S;
    for (let from = first; from < until && !signal?.aborted; ) {
      const to = Math.min(until, from + window);
      const step = await store.db
        .transaction()
        .execute((trx) => packWindow(store, trx, slice, from, to));
      done.packs += step.packs;
      done.readings += step.readings;
      from = to;
      await nextTurn();
    }
  }
  return done;
}

/**
 * How many readings of `tagIds` wait before `until`, and the oldest. On
 * PostgreSQL without parallel workers: a partition filling faster than its
 * statistics follow looked like ~15,000 rows a tag, and the planner's Gather
 * made this probe 8-18 ms instead of under 1 (a 20k-device fleet runs it
 * 12,500 times a pass).
 */
async function waitingIn(store: Store, tagIds: readonly number[], until: number) {
  const probe = (db: Kysely<Database>) =>
    db
      .selectFrom('readings')
      .select(({ fn }) => [
        fn.min<number | string>('ts').as('oldest'),
        fn.countAll<number | string>().as('n'),
      ])
      .where('tag_id', 'in', tagIds)
      .where('ts', '<', until)
      .executeTakeFirst();
  if (store.dialect !== 'postgres') return probe(store.db);
  return store.db.transaction().execute(async (trx) => {
    await serialPlans(trx);
    return probe(trx);
  });
}

/** This transaction's plans without parallel workers (see waitingIn). */
function serialPlans(trx: Transaction<Database>) {
  return sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
}

/** The readings of `tagIds` in [from, to) into their hours' packs, merged with packs already there. */
async function packWindow(
  store: Store,
  trx: Transaction<Database>,
  tagIds: readonly number[],
  from: number,
  to: number,
): Promise<PackingPass> {
  // Two nodes packing the same hour at once would each write their own merge.
  if (store.dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtext('vigia_reading_packs'))`.execute(trx);
    await serialPlans(trx);
  }
  // What is deleted is exactly what gets packed, even with a late reading written meanwhile.
  const gone = await trx
    .deleteFrom('readings')
    .where('tag_id', 'in', tagIds)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .returning(['tag_id', 'ts', 'valor', 'qos'])
    .execute();
  if (gone.length === 0) return { packs: 0, readings: 0 };
  const raw = new ReadingBuffer(gone.length);
  gone.sort((a, b) => a.tag_id - b.tag_id || Number(a.ts) - Number(b.ts));
  for (const row of gone) raw.push(row.tag_id, Number(row.ts), row.valor, row.qos);

  // Packs already there for the hours that have new rows (late readings), merged with them.
  const touched = new Set<string>();
  const hours = new Set<number>();
  for (let i = 0; i < raw.length; i++) {
    const hour = hourOf(raw.ts[i] as number);
    hours.add(hour);
    touched.add(`${raw.tagIds[i]}:${hour}`);
  }
  const packed = new ReadingBuffer(1024);
  const earlier = await trx
    .selectFrom('reading_packs')
    .select(['tag_id', 'inicio', 'pontos'])
    .where('tag_id', 'in', tagIds)
    .where('inicio', 'in', [...hours])
    .orderBy('tag_id')
    .orderBy('inicio')
    .execute();
  for (const pack of earlier) {
    if (!touched.has(`${pack.tag_id}:${pack.inicio}`)) continue;
    decodePack(pack.tag_id, Number(pack.inicio), pack.pontos, packed);
  }
  const rows = mergeKeepingFirst(packed, raw);

  const packs: { tag_id: number; inicio: number; n: number; pontos: Buffer }[] = [];
  for (let start = 0; start < rows.length; ) {
    const tagId = rows.tagIds[start] as number;
    const hour = hourOf(rows.ts[start] as number);
    let end = start + 1;
    while (
      end < rows.length &&
      rows.tagIds[end] === tagId &&
      (rows.ts[end] as number) < hour + PACK_HOUR_S
    ) {
      end++;
    }
    packs.push({
      tag_id: tagId,
      inicio: hour,
      n: end - start,
      pontos: encodePack(hour, rows, start, end),
    });
    start = end;
  }
  for (let i = 0; i < packs.length; i += PACKS_PER_STATEMENT) {
    await trx
      .insertInto('reading_packs')
      .values(packs.slice(i, i + PACKS_PER_STATEMENT))
      .onConflict((oc) =>
        oc.columns(['tag_id', 'inicio']).doUpdateSet((eb) => ({
          n: eb.ref('excluded.n'),
          pontos: eb.ref('excluded.pontos'),
        })),
      )
      .execute();
  }
  return { packs: packs.length, readings: gone.length };
}
