import type SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * Bulk writes of readings, the one hot path of the store (ingest and the demo
 * seed). Rows travel as parallel columns so no object per reading is made.
 * SQLite: prepared multi-row statements, run synchronously by the caller
 * inside one transaction (see `withSqlite`). PostgreSQL: one `unnest` statement
 * per chunk.
 */
export interface ReadingColumns {
  tagIds: number[];
  ts: number[];
  valores: number[];
  qos: number[];
}

export interface SeenColumns {
  deviceIds: number[];
  ts: number[];
}

export const emptyReadings = (): ReadingColumns => ({ tagIds: [], ts: [], valores: [], qos: [] });

const ROWS_PER_STATEMENT = 128;
const PG_CHUNK = 20_000;

const INSERT_READINGS = 'insert into readings (tag_id, ts, valor, qos) values ';
const INSERT_READINGS_TAIL = ' on conflict do nothing';
const UPSERT_CURRENT = 'insert into current_values (tag_id, valor, ts, qos) values ';
// Only a newer reading moves the current value; a late or repeated one leaves it.
const UPSERT_CURRENT_TAIL =
  ' on conflict (tag_id) do update set valor = excluded.valor, ts = excluded.ts, qos = excluded.qos where excluded.ts > current_values.ts';

export interface SqliteReadingStatements {
  /** Answers how many rows were added (repeated (tag, ts) are not). */
  insertReadings(rows: ReadingColumns): number;
  upsertCurrent(rows: ReadingColumns): void;
  markSeen(rows: SeenColumns): void;
}

const statementsCache = new WeakMap<SqliteDatabase.Database, SqliteReadingStatements>();

export function sqliteReadingStatements(db: SqliteDatabase.Database): SqliteReadingStatements {
  const cached = statementsCache.get(db);
  if (cached) return cached;
  const values = (n: number) => Array.from({ length: n }, () => '(?,?,?,?)').join(',');
  const readingsMany = db.prepare(
    INSERT_READINGS + values(ROWS_PER_STATEMENT) + INSERT_READINGS_TAIL,
  );
  const readingsOne = db.prepare(INSERT_READINGS + values(1) + INSERT_READINGS_TAIL);
  const currentMany = db.prepare(UPSERT_CURRENT + values(ROWS_PER_STATEMENT) + UPSERT_CURRENT_TAIL);
  const currentOne = db.prepare(UPSERT_CURRENT + values(1) + UPSERT_CURRENT_TAIL);
  const seen = db.prepare(
    'update devices set last_seen_at = ? where id = ? and (last_seen_at is null or last_seen_at < ?)',
  );
  const params = new Array<number>(ROWS_PER_STATEMENT * 4);

  const run = (
    many: SqliteDatabase.Statement,
    one: SqliteDatabase.Statement,
    rows: ReadingColumns,
    valueFirst: boolean,
  ): number => {
    const { tagIds, ts, valores, qos } = rows;
    const n = tagIds.length;
    let changes = 0;
    let i = 0;
    for (; i + ROWS_PER_STATEMENT <= n; i += ROWS_PER_STATEMENT) {
      for (let k = 0; k < ROWS_PER_STATEMENT; k++) {
        const j = i + k;
        const p = k * 4;
        params[p] = tagIds[j] as number;
        params[p + 1] = (valueFirst ? valores[j] : ts[j]) as number;
        params[p + 2] = (valueFirst ? ts[j] : valores[j]) as number;
        params[p + 3] = qos[j] as number;
      }
      changes += many.run(params).changes;
    }
    for (; i < n; i++) {
      const row = [
        tagIds[i],
        valueFirst ? valores[i] : ts[i],
        valueFirst ? ts[i] : valores[i],
        qos[i],
      ];
      changes += one.run(row).changes;
    }
    return changes;
  };

  const statements: SqliteReadingStatements = {
    insertReadings: (rows) => run(readingsMany, readingsOne, rows, false),
    upsertCurrent: (rows) => {
      run(currentMany, currentOne, rows, true);
    },
    markSeen: ({ deviceIds, ts }) => {
      for (let i = 0; i < deviceIds.length; i++) seen.run(ts[i], deviceIds[i], ts[i]);
    },
  };
  statementsCache.set(db, statements);
  return statements;
}

type Executor = Kysely<Database>;

/** Answers how many rows were added (repeated (tag, ts) are not). */
export async function pgInsertReadings(db: Executor, rows: ReadingColumns): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.tagIds.length; i += PG_CHUNK) {
    const end = i + PG_CHUNK;
    const result = await sql`insert into readings (tag_id, ts, valor, qos)
      select * from unnest(${rows.tagIds.slice(i, end)}::int[], ${rows.ts.slice(i, end)}::bigint[],
        ${rows.valores.slice(i, end)}::float8[], ${rows.qos.slice(i, end)}::int[])
      on conflict do nothing`.execute(db);
    inserted += Number(result.numAffectedRows ?? 0);
  }
  return inserted;
}

export async function pgUpsertCurrent(db: Executor, rows: ReadingColumns): Promise<void> {
  for (let i = 0; i < rows.tagIds.length; i += PG_CHUNK) {
    const end = i + PG_CHUNK;
    await sql`insert into current_values (tag_id, valor, ts, qos)
      select * from unnest(${rows.tagIds.slice(i, end)}::int[], ${rows.valores.slice(i, end)}::float8[],
        ${rows.ts.slice(i, end)}::bigint[], ${rows.qos.slice(i, end)}::int[])
      on conflict (tag_id) do update set valor = excluded.valor, ts = excluded.ts, qos = excluded.qos
      where excluded.ts > current_values.ts`.execute(db);
  }
}

export async function pgMarkSeen(db: Executor, rows: SeenColumns): Promise<void> {
  if (rows.deviceIds.length === 0) return;
  await sql`update devices d set last_seen_at = v.ts
    from unnest(${rows.deviceIds}::int[], ${rows.ts}::bigint[]) as v(id, ts)
    where d.id = v.id and (d.last_seen_at is null or d.last_seen_at < v.ts)`.execute(db);
}

/**
 * Keeps only the newest reading per tag (ties: the last one), so a batch
 * upserts each current value once.
 */
export function newestPerTag(rows: ReadingColumns): ReadingColumns {
  const index = new Map<number, number>();
  for (let i = 0; i < rows.tagIds.length; i++) {
    const tag = rows.tagIds[i] as number;
    const prev = index.get(tag);
    if (prev === undefined || (rows.ts[i] as number) >= (rows.ts[prev] as number))
      index.set(tag, i);
  }
  const out = emptyReadings();
  for (const i of index.values()) {
    out.tagIds.push(rows.tagIds[i] as number);
    out.ts.push(rows.ts[i] as number);
    out.valores.push(rows.valores[i] as number);
    out.qos.push(rows.qos[i] as number);
  }
  return out;
}

/** The rows ordered by (tag, ts): consecutive inserts then touch the same index pages. */
export function sortedByTag(rows: ReadingColumns): ReadingColumns {
  const order = Array.from({ length: rows.tagIds.length }, (_, i) => i);
  order.sort(
    (a, b) =>
      (rows.tagIds[a] as number) - (rows.tagIds[b] as number) ||
      (rows.ts[a] as number) - (rows.ts[b] as number),
  );
  return {
    tagIds: order.map((i) => rows.tagIds[i] as number),
    ts: order.map((i) => rows.ts[i] as number),
    valores: order.map((i) => rows.valores[i] as number),
    qos: order.map((i) => rows.qos[i] as number),
  };
}
