import { addDays, calendarDateOf, startOfDaySec } from '@vigia/domain';
import { type Kysely, sql } from 'kysely';
import type { Store } from '../database.js';
import type { Database } from '../schema.js';

/*
 * Hourly and daily aggregates of the readings (min, max, sum and count for the
 * average, worst qos, first and last reading). Hours are UTC hours; days are
 * local days (America/Sao_Paulo, whose offsets are whole hours, so a day is
 * whole hours). `rollup_state.ate` is the hour up to which the aggregates are
 * complete: reads take aggregates before it and raw readings from it on, so an
 * answer is the same as one computed from raw rows (see rollups.db.test.ts).
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

function toAggregate(row: Record<string, unknown>): Aggregate {
  const out = {} as Record<(typeof COLUMNS)[number], number>;
  for (const column of COLUMNS) out[column] = Number(row[column]);
  return out;
}

/** The readings in [from, to] (epoch seconds, inclusive) grouped by hour, with first and last. */
function rawHourlyQuery(from: number, to: number, tagIds?: readonly number[]) {
  const tags =
    tagIds === undefined
      ? sql``
      : sql`and tag_id in (${sql.join(tagIds.length > 0 ? tagIds : [-1])})`;
  return sql<Record<string, unknown>>`
    select g.tag_id, g.inicio, g.n, g.soma, g.minimo, g.maximo, g.qos,
           g.primeiro_ts, f.valor as primeiro, g.ultimo_ts, l.valor as ultimo
    from (
      select tag_id, cast(ts / 3600 as bigint) * 3600 as inicio, count(*) as n,
             sum(valor) as soma, min(valor) as minimo, max(valor) as maximo, max(qos) as qos,
             min(ts) as primeiro_ts, max(ts) as ultimo_ts
      from readings
      where ts >= ${from} and ts <= ${to} ${tags}
      group by tag_id, cast(ts / 3600 as bigint)
    ) g
    join readings f on f.tag_id = g.tag_id and f.ts = g.primeiro_ts
    join readings l on l.tag_id = g.tag_id and l.ts = g.ultimo_ts`;
}

async function rawHourly(db: Db, from: number, to: number, tagIds: readonly number[]) {
  if (to < from || tagIds.length === 0) return [];
  const { rows } = await rawHourlyQuery(from, to, tagIds).execute(db);
  return rows.map(toAggregate);
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

/** 00:00 (America/Sao_Paulo) of the day `ts` falls on, and of the next day. */
export function localDay(ts: number): { inicio: number; proximo: number } {
  const day = calendarDateOf(ts * 1000);
  return { inicio: startOfDaySec(day), proximo: startOfDaySec(addDays(day, 1)) };
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
 * counted by recomputing its hour).
 */
export async function refreshRollups(store: Store, from: number, to: number): Promise<void> {
  const firstHour = Math.floor(from / HOUR_S) * HOUR_S;
  const lastHour = Math.floor(to / HOUR_S) * HOUR_S;
  const days = { inicio: localDay(firstHour).inicio, fim: localDay(lastHour).proximo };
  await store.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('reading_hours')
      .where('inicio', '>=', firstHour)
      .where('inicio', '<=', lastHour)
      .execute();
    await sql`insert into reading_hours (${sql.join(COLUMNS.map((c) => sql.ref(c)))})
      ${rawHourlyQuery(firstHour, lastHour + HOUR_S - 1)}`.execute(trx);
    const hours = await trx
      .selectFrom('reading_hours')
      .selectAll()
      .where('inicio', '>=', days.inicio)
      .where('inicio', '<', days.fim)
      .execute();
    const daily = fold(hours.map(toAggregate), (inicio) => localDay(inicio).inicio);
    await trx
      .deleteFrom('reading_days')
      .where('inicio', '>=', days.inicio)
      .where('inicio', '<', days.fim)
      .execute();
    for (let i = 0; i < daily.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('reading_days')
        .values(daily.slice(i, i + INSERT_CHUNK))
        .execute();
    }
  });
}

/** Late readings up to this long before the watermark are still counted by the job. */
export const ROLLUP_LATE_S = 2 * HOUR_S;

/**
 * One pass of the rollup job: aggregates every closed hour since the
 * watermark (on first run, since the oldest reading), a local day at a time,
 * recomputing the last ROLLUP_LATE_S before it for late readings, then moves
 * the watermark to the current hour.
 */
export async function catchUpRollups(store: Store, nowSec: number): Promise<number> {
  const currentHour = Math.floor(nowSec / HOUR_S) * HOUR_S;
  let from = (await rollupsThrough(store.db)) - ROLLUP_LATE_S;
  if (from < 0) {
    const oldest = await store.db
      .selectFrom('readings')
      .select(({ fn }) => fn.min('ts').as('ts'))
      .executeTakeFirst();
    if (oldest?.ts === null || oldest?.ts === undefined) {
      await setThrough(store.db, currentHour);
      return currentHour;
    }
    from = Number(oldest.ts);
  }
  while (from < currentHour) {
    const until = Math.min(localDay(from).proximo, currentHour);
    await refreshRollups(store, from, until - 1);
    from = until;
  }
  await setThrough(store.db, currentHour);
  return currentHour;
}

/**
 * Each tag's aggregates per hour over [inicio, fim] (inclusive), exact: whole
 * hours before the watermark from `reading_hours`, the partial hours at either
 * end and everything after the watermark from the raw readings.
 */
export async function hourAggregates(
  db: Db,
  tagIds: readonly number[],
  inicio: number,
  fim: number,
): Promise<Aggregate[]> {
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
      .selectAll()
      .where('tag_id', 'in', tagIds)
      .where('inicio', '>=', fullStart)
      .where('inicio', '<', rolledEnd)
      .execute(),
    rawHourly(db, rolledEnd, fim, tagIds),
  ]);
  return [...head, ...rolled.map(toAggregate), ...tail];
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
