import { addDays, calendarDateOf, startOfDaySec } from '@vigia/domain';
import type { Kysely } from 'kysely';
import type { Store } from '../database.js';
import { readingsIn } from '../packs/readingRange.js';
import { nextTurn, oldestOfEachTag } from '../readingSeek.js';
import type { ReadingBuffer } from '../readingsWriter.js';
import type { Database } from '../schema.js';

/*
 * Hourly and daily aggregates of the readings (min, max, sum and count for the
 * average, worst qos, first and last reading). Hours are UTC hours; days are
 * local days (America/Sao_Paulo, whose offsets are whole hours, so a day is
 * whole hours). `rollup_state.ate` is the hour up to which the aggregates are
 * complete: reads take aggregates before it and raw readings from it on, so an
 * answer is the same as one computed from raw rows (rollups.db.test.ts). A
 * reading that arrives late for an hour already aggregated (a device emptying
 * its buffer after an outage) is counted when the next hour closes, if it is
 * at most ROLLUP_LATE_S late; until then the aggregates leave it out.
 */

export const HOUR_S = 3600;

/** One tag's aggregate over an hour or a local day starting at `inicio`. */
export interface Aggregate {
  tag_id: number;
  inicio: number;
  n: number;
  soma: number;
  minimo: number;
  maximo: number;
  qos: number;
  primeiro_ts: number;
  primeiro: number;
  ultimo_ts: number;
  ultimo: number;
}

const COLUMNS = [
  'tag_id',
  'inicio',
  'n',
  'soma',
  'minimo',
  'maximo',
  'qos',
  'primeiro_ts',
  'primeiro',
  'ultimo_ts',
  'ultimo',
] as const;

type Db = Kysely<Database>;

type Column = (typeof COLUMNS)[number];

/** What a chart's hour bucket needs: no first and last reading, so fewer columns to read. */
const BUCKET_COLUMNS = ['tag_id', 'inicio', 'n', 'soma', 'minimo', 'maximo', 'qos'] as const;
export type HourBucket = Pick<Aggregate, (typeof BUCKET_COLUMNS)[number]>;

/** A row's `columns` as numbers (PostgreSQL's drivers may hand some back as text). */
function numbers<C extends Column>(columns: readonly C[]) {
  return (row: Record<string, unknown>) => {
    const out = {} as Record<C, number>;
    for (const column of columns) out[column] = Number(row[column]);
    return out;
  };
}

const toAggregate: (row: Record<string, unknown>) => Aggregate = numbers(COLUMNS);

/**
 * Readings in (tag, ts) order aggregated by tag and by `step` seconds aligned
 * on multiples of it (by default the UTC hour).
 */
export function aggregateBy(rows: ReadingBuffer, step = HOUR_S): Aggregate[] {
  const out: Aggregate[] = [];
  let i = 0;
  while (i < rows.length) {
    const tagId = rows.tagIds[i] as number;
    const inicio = Math.floor((rows.ts[i] as number) / step) * step;
    const a: Aggregate = {
      tag_id: tagId,
      inicio,
      n: 0,
      soma: 0,
      minimo: Number.POSITIVE_INFINITY,
      maximo: Number.NEGATIVE_INFINITY,
      qos: 0,
      primeiro_ts: rows.ts[i] as number,
      primeiro: rows.valores[i] as number,
      ultimo_ts: 0,
      ultimo: 0,
    };
    for (
      ;
      i < rows.length && rows.tagIds[i] === tagId && (rows.ts[i] as number) < inicio + step;
      i++
    ) {
      const valor = rows.valores[i] as number;
      a.n++;
      a.soma += valor;
      if (valor < a.minimo) a.minimo = valor;
      if (valor > a.maximo) a.maximo = valor;
      if ((rows.qos[i] as number) > a.qos) a.qos = rows.qos[i] as number;
      a.ultimo_ts = rows.ts[i] as number;
      a.ultimo = valor;
    }
    out.push(a);
  }
  return out;
}

/** The readings in [from, to] (epoch seconds, inclusive) aggregated by hour, packed hours included. */
async function rawHourly(db: Db, from: number, to: number, tagIds: readonly number[]) {
  if (to < from || tagIds.length === 0) return [];
  return aggregateBy(await readingsIn(db, tagIds, from, to));
}

/** Two aggregates of the same tag as one. */
export function combine(a: Aggregate, b: Aggregate): Aggregate {
  const first = a.primeiro_ts <= b.primeiro_ts ? a : b;
  const last = a.ultimo_ts >= b.ultimo_ts ? a : b;
  return {
    tag_id: a.tag_id,
    inicio: Math.min(a.inicio, b.inicio),
    n: a.n + b.n,
    soma: a.soma + b.soma,
    minimo: Math.min(a.minimo, b.minimo),
    maximo: Math.max(a.maximo, b.maximo),
    qos: Math.max(a.qos, b.qos),
    primeiro_ts: first.primeiro_ts,
    primeiro: first.primeiro,
    ultimo_ts: last.ultimo_ts,
    ultimo: last.ultimo,
  };
}

/** Aggregates folded by tag and by `keyOf(inicio)` (the new `inicio`). */
export function fold(
  aggregates: readonly Aggregate[],
  keyOf: (inicio: number) => number,
): Aggregate[] {
  const byKey = new Map<string, Aggregate>();
  for (const aggregate of aggregates) {
    const inicio = keyOf(aggregate.inicio);
    const key = `${aggregate.tag_id}:${inicio}`;
    const found = byKey.get(key);
    const moved = { ...aggregate, inicio };
    byKey.set(key, found ? { ...combine(found, moved), inicio } : moved);
  }
  return [...byKey.values()].sort((a, b) => a.tag_id - b.tag_id || a.inicio - b.inicio);
}

const localDays = new Map<number, { inicio: number; proximo: number }>();

/**
 * 00:00 (America/Sao_Paulo) of the day `ts` falls on, and of the next day.
 * Kept per hour (time zone offsets change on whole hours): the time zone
 * arithmetic costs tens of microseconds, and a pass folds thousands of hours.
 */
export function localDay(ts: number): { inicio: number; proximo: number } {
  const hour = Math.floor(ts / HOUR_S);
  let found = localDays.get(hour);
  if (!found) {
    const day = calendarDateOf(hour * HOUR_S * 1000);
    found = { inicio: startOfDaySec(day), proximo: startOfDaySec(addDays(day, 1)) };
    if (localDays.size > 100_000) localDays.clear();
    localDays.set(hour, found);
  }
  return found;
}

/** The hour up to which the aggregates are complete (0: none yet). */
export async function rollupsThrough(db: Db): Promise<number> {
  const row = await db
    .selectFrom('rollup_state')
    .select('ate')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ? Number(row.ate) : 0;
}

async function setThrough(db: Db, ate: number) {
  await db
    .insertInto('rollup_state')
    .values({ id: 1, ate })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ate }))
    .execute();
}

const INSERT_CHUNK = 500;

/**
 * Recomputes the aggregates of every hour touching [from, to] and of the local
 * days holding them, from the raw readings (idempotent: a late reading is
 * counted by recomputing its hour). With `tagIds`, only those tags: each is
 * then one range of the primary key (tag_id, ts) instead of the whole table.
 */
export async function refreshRollups(
  store: Store,
  from: number,
  to: number,
  tagIds: readonly number[],
): Promise<void> {
  const firstHour = Math.floor(from / HOUR_S) * HOUR_S;
  const lastHour = Math.floor(to / HOUR_S) * HOUR_S;
  const days = { inicio: localDay(firstHour).inicio, fim: localDay(lastHour).proximo };
  await store.db.transaction().execute(async (trx) => {
    let hoursGone = trx
      .deleteFrom('reading_hours')
      .where('inicio', '>=', firstHour)
      .where('inicio', '<=', lastHour);
    hoursGone = hoursGone.where('tag_id', 'in', tagIds);
    await hoursGone.execute();
    const hours = await rawHourly(trx, firstHour, lastHour + HOUR_S - 1, tagIds);
    for (let i = 0; i < hours.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('reading_hours')
        .values(hours.slice(i, i + INSERT_CHUNK))
        .execute();
    }
    let hoursQuery = trx
      .selectFrom('reading_hours')
      .selectAll()
      .where('inicio', '>=', days.inicio)
      .where('inicio', '<', days.fim);
    hoursQuery = hoursQuery.where('tag_id', 'in', tagIds);
    const daily = fold(
      (await hoursQuery.execute()).map(toAggregate),
      (inicio) => localDay(inicio).inicio,
    );
    let daysGone = trx
      .deleteFrom('reading_days')
      .where('inicio', '>=', days.inicio)
      .where('inicio', '<', days.fim);
    daysGone = daysGone.where('tag_id', 'in', tagIds);
    await daysGone.execute();
    for (let i = 0; i < daily.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('reading_days')
        .values(daily.slice(i, i + INSERT_CHUNK))
        .execute();
    }
  });
}

/** Tags aggregated together in one step of a pass of the usual length (the late margin and an hour). */
const TAGS_PER_STEP = 25;

/** Late readings up to this long before the watermark are still counted by the job. */
export const ROLLUP_LATE_S = 2 * HOUR_S;

/**
 * One pass of the rollup job: aggregates every closed hour since the
 * watermark (on first run, since the oldest reading), recomputing the last
 * ROLLUP_LATE_S before it for late readings, then moves the watermark to the
 * current hour. It goes a few tags at a time over the whole period (each tag
 * one range of the primary key) with the event loop served between steps: on
 * SQLite a step runs in this thread, and a first catch-up over weeks of
 * history must not hold requests for its whole length. Stopped (a shutdown),
 * the watermark stays: the next pass does the period again.
 */
export async function catchUpRollups(
  store: Store,
  nowSec: number,
  signal?: AbortSignal,
): Promise<number> {
  const currentHour = Math.floor(nowSec / HOUR_S) * HOUR_S;
  const through = await rollupsThrough(store.db);
  // No hour has closed since the last pass: nothing to do (it used to redo the last
  // two hours of every tag each minute, at 20k devices a pass that never ended).
  if (through >= currentHour) return through;
  let from = through - ROLLUP_LATE_S;
  if (from < 0) {
    let oldest: number | null = null;
    for await (const tag of oldestOfEachTag(store.db)) {
      if (oldest === null || tag.ts < oldest) oldest = tag.ts;
    }
    if (oldest === null) {
      await setThrough(store.db, currentHour);
      return currentHour;
    }
    from = oldest;
  }
  const tagIds = (await store.db.selectFrom('tags').select('id').orderBy('id').execute()).map(
    (t) => t.id,
  );
  // A first pass over weeks of history takes fewer tags a step, so a step reads about as
  // many readings as a usual pass's (the demo's 30 days: 167 ms steps at 25 tags).
  const usual = ROLLUP_LATE_S + HOUR_S;
  const perStep = Math.max(
    1,
    Math.min(TAGS_PER_STEP, Math.floor((TAGS_PER_STEP * usual) / (currentHour - from))),
  );
  for (let i = 0; i < tagIds.length; i += perStep) {
    if (signal?.aborted) return through;
    await refreshRollups(store, from, currentHour - 1, tagIds.slice(i, i + perStep));
    await nextTurn();
  }
  await setThrough(store.db, currentHour);
  return currentHour;
}

/**
 * Each tag's aggregates per hour over [inicio, fim] (inclusive), exact: whole
 * hours before the watermark from `reading_hours`, the partial hours at either
 * end and everything after the watermark from the raw readings.
 */
export function hourAggregates(
  db: Db,
  tagIds: readonly number[],
  inicio: number,
  fim: number,
): Promise<Aggregate[]> {
  return hourly(db, tagIds, inicio, fim, COLUMNS);
}

/** hourAggregates without each hour's first and last reading: what a chart's buckets read. */
export function hourBuckets(
  db: Db,
  tagIds: readonly number[],
  inicio: number,
  fim: number,
): Promise<HourBucket[]> {
  return hourly(db, tagIds, inicio, fim, BUCKET_COLUMNS);
}

async function hourly<C extends Column>(
  db: Db,
  tagIds: readonly number[],
  inicio: number,
  fim: number,
  columns: readonly C[],
): Promise<Record<C, number>[]> {
  if (tagIds.length === 0 || fim < inicio) return [];
  const ate = await rollupsThrough(db);
  const fullStart = Math.ceil(inicio / HOUR_S) * HOUR_S;
  const fullEnd = Math.floor((fim + 1) / HOUR_S) * HOUR_S;
  const rolledEnd = Math.min(fullEnd, Math.max(fullStart, ate));
  if (rolledEnd <= fullStart) return rawHourly(db, inicio, fim, tagIds);
  const [head, rolled, tail] = await Promise.all([
    rawHourly(db, inicio, fullStart - 1, tagIds),
    db
      .selectFrom('reading_hours')
      .select(columns)
      .where('tag_id', 'in', tagIds)
      .where('inicio', '>=', fullStart)
      .where('inicio', '<', rolledEnd)
      .execute(),
    rawHourly(db, rolledEnd, fim, tagIds),
  ]);
  return [...head, ...rolled.map(numbers(columns)), ...tail];
}

/**
 * Each tag's aggregates per local day over [inicio, fim]: whole days before
 * the watermark from `reading_days`, the rest from hourAggregates.
 */
export async function dayAggregates(
  db: Db,
  tagIds: readonly number[],
  inicio: number,
  fim: number,
): Promise<Aggregate[]> {
  if (tagIds.length === 0 || fim < inicio) return [];
  const ate = await rollupsThrough(db);
  const start = localDay(inicio);
  const fullStart = start.inicio === inicio ? inicio : start.proximo;
  let fullEnd = fullStart;
  for (let day = localDay(fullStart); day.proximo <= Math.min(fim + 1, ate); ) {
    fullEnd = day.proximo;
    day = localDay(day.proximo);
  }
  const toDay = (ts: number) => localDay(ts).inicio;
  if (fullEnd <= fullStart) return fold(await hourAggregates(db, tagIds, inicio, fim), toDay);
  const [head, rolled, tail] = await Promise.all([
    hourAggregates(db, tagIds, inicio, fullStart - 1),
    db
      .selectFrom('reading_days')
      .selectAll()
      .where('tag_id', 'in', tagIds)
      .where('inicio', '>=', fullStart)
      .where('inicio', '<', fullEnd)
      .execute(),
    hourAggregates(db, tagIds, fullEnd, fim),
  ]);
  return fold([...head, ...rolled.map(toAggregate), ...tail], toDay);
}
