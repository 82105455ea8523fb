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
  readonly length: number;
  readonly tagIds: ArrayLike<number>;
  readonly ts: ArrayLike<number>;
  readonly valores: ArrayLike<number>;
  readonly qos: ArrayLike<number>;
}

/**
 * Reading rows in typed arrays that grow as needed and are reused after
 * `clear()`: the hot path allocates nothing per batch once warmed up.
 */
export class ReadingBuffer implements ReadingColumns {
  tagIds: Int32Array;
  ts: Float64Array;
  valores: Float64Array;
  qos: Int32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.tagIds = new Int32Array(capacity);
    this.ts = new Float64Array(capacity);
    this.valores = new Float64Array(capacity);
    this.qos = new Int32Array(capacity);
  }

  push(tagId: number, ts: number, valor: number, qos: number): number {
    if (this.length === this.tagIds.length) this.grow();
    const i = this.length++;
    this.tagIds[i] = tagId;
    this.ts[i] = ts;
    this.valores[i] = valor;
    this.qos[i] = qos;
    return i;
  }

  clear(): void {
    this.length = 0;
  }

  private grow() {
    const capacity = this.tagIds.length * 2;
    const copy = <T extends Int32Array | Float64Array>(from: T, to: T) => {
      to.set(from);
      return to;
    };
    this.tagIds = copy(this.tagIds, new Int32Array(capacity));
    this.ts = copy(this.ts, new Float64Array(capacity));
    this.valores = copy(this.valores, new Float64Array(capacity));
    this.qos = copy(this.qos, new Int32Array(capacity));
  }
}

export interface SeenColumns {
  deviceIds: number[];
  ts: number[];
}

const ROWS_PER_STATEMENT = 128;
const PG_CHUNK = 20_000;

const INSERT_READINGS = 'insert into readings (tag_id, ts, valor, qos) values ';
const INSERT_READINGS_TAIL = ' on conflict do nothing';
const UPSERT_CURRENT = 'insert into current_values (tag_id, valor, ts, qos) values ';
// Only a newer reading moves the current value; a late or repeated one leaves it.
const UPSERT_CURRENT_TAIL =
  ' on conflict (tag_id) do update set valor = excluded.valor, ts = excluded.ts, qos = excluded.qos where excluded.ts > current_values.ts';

/** Rows [from, to) of the columns (default: all). */
export interface SqliteReadingStatements {
  /** Answers how many rows were added (repeated (tag, ts) are not). */
  insertReadings(rows: ReadingColumns, from?: number, to?: number): number;
  upsertCurrent(rows: ReadingColumns, from?: number, to?: number): void;
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
    from = 0,
    to = rows.length,
  ): number => {
    const { tagIds, ts, valores, qos } = rows;
    const n = Math.min(to, rows.length);
    let changes = 0;
    let i = from;
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
    insertReadings: (rows, from, to) => run(readingsMany, readingsOne, rows, false, from, to),
    upsertCurrent: (rows, from, to) => {
      run(currentMany, currentOne, rows, true, from, to);
    },
    markSeen: ({ deviceIds, ts }) => {
      for (let i = 0; i < deviceIds.length; i++) seen.run(ts[i], deviceIds[i], ts[i]);
    },
  };
  statementsCache.set(db, statements);
  return statements;
}

type Executor = Kysely<Database>;

/** A plain array of part of a column (what the pg driver serialises as an array). */
function slice(column: ArrayLike<number>, start: number, end: number): number[] {
  const out = new Array<number>(end - start);
  for (let i = start; i < end; i++) out[i - start] = column[i] as number;
  return out;
}

/** Answers how many rows were added (repeated (tag, ts) are not). */
export async function pgInsertReadings(db: Executor, rows: ReadingColumns): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += PG_CHUNK) {
    const end = Math.min(rows.length, i + PG_CHUNK);
    const result = await sql`insert into readings (tag_id, ts, valor, qos)
      select * from unnest(${slice(rows.tagIds, i, end)}::int[], ${slice(rows.ts, i, end)}::bigint[],
        ${slice(rows.valores, i, end)}::float8[], ${slice(rows.qos, i, end)}::int[])
      on conflict do nothing`.execute(db);
    inserted += Number(result.numAffectedRows ?? 0);
  }
  return inserted;
}

export async function pgUpsertCurrent(db: Executor, rows: ReadingColumns): Promise<void> {
  for (let i = 0; i < rows.length; i += PG_CHUNK) {
    const end = Math.min(rows.length, i + PG_CHUNK);
    await sql`insert into current_values (tag_id, valor, ts, qos)
      select * from unnest(${slice(rows.tagIds, i, end)}::int[], ${slice(rows.valores, i, end)}::float8[],
        ${slice(rows.ts, i, end)}::bigint[], ${slice(rows.qos, i, end)}::int[])
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
 * Picks the newest reading per tag (ties: the last one) so a batch upserts
 * each current value once. Tag ids index typed arrays stamped per call, so
 * nothing is allocated per batch.
 */
export class NewestPerTag {
  private slot = new Int32Array(1024);
  private stamp = new Uint32Array(1024);
  private generation = 0;
  private readonly out = new ReadingBuffer();

  collect(rows: ReadingColumns): ReadingColumns {
    const out = this.out;
    out.clear();
    this.generation = (this.generation + 1) >>> 0 || 1;
    const gen = this.generation;
    for (let i = 0; i < rows.length; i++) {
      const tag = rows.tagIds[i] as number;
      if (tag >= this.slot.length) this.grow(tag);
      const ts = rows.ts[i] as number;
      if (this.stamp[tag] !== gen) {
        this.stamp[tag] = gen;
        this.slot[tag] = out.push(tag, ts, rows.valores[i] as number, rows.qos[i] as number);
      } else {
        const j = this.slot[tag] as number;
        if (ts >= (out.ts[j] as number)) {
          out.ts[j] = ts;
          out.valores[j] = rows.valores[i] as number;
          out.qos[j] = rows.qos[i] as number;
        }
      }
    }
    return out;
  }

  private grow(tag: number) {
    let size = this.slot.length;
    while (size <= tag) size *= 2;
    const slot = new Int32Array(size);
    slot.set(this.slot);
    const stamp = new Uint32Array(size);
    stamp.set(this.stamp);
    this.slot = slot;
    this.stamp = stamp;
  }
}

/** The rows ordered by (tag, ts): consecutive inserts then touch the same index pages. */
export function sortedByTag(rows: ReadingColumns): ReadingBuffer {
  const order = Array.from({ length: rows.length }, (_, i) => i);
  order.sort(
    (a, b) =>
      (rows.tagIds[a] as number) - (rows.tagIds[b] as number) ||
      (rows.ts[a] as number) - (rows.ts[b] as number),
  );
  const out = new ReadingBuffer(Math.max(1, rows.length));
  for (const i of order) {
    out.push(
      rows.tagIds[i] as number,
      rows.ts[i] as number,
      rows.valores[i] as number,
      rows.qos[i] as number,
    );
  }
  return out;
}
