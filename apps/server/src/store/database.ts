import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Dialect } from './dialect.js';
import { migrationProvider } from './migrations/index.js';
import { ownerOnlyDatabase } from './ownerOnlyFile.js';
import { ensureReadingPartitions, PARTITION_MONTHS_AHEAD } from './partitions.js';
import type { Database } from './schema.js';
import { checkpointOffLoop } from './sqliteCheckpointer.js';
import { sqliteWorkerReads } from './sqliteWorkerReads.js';
import { withStatementCache } from './statementCache.js';

export type { Dialect } from './dialect.js';

/** The driver under Kysely, for the few hot paths that need it (see README.md). */
export type RawDriver =
  | { dialect: 'sqlite'; sqlite: SqliteDatabase.Database }
  | {
      dialect: 'postgres';
      pool: pg.Pool;
      /** One connection of its own for `/api/health` (`store/ping.ts`). */
      healthPool: pg.Pool;
    };

export interface Store {
  db: Kysely<Database>;
  /**
   * For the polled reads, which must not wait behind a write transaction. On a SQLite
   * file a second, read-only connection (WAL: it reads the last commit while a write is
   * open; `db` is one connection, held by a transaction for all of it, awaits included);
   * in memory and on PostgreSQL (a pool) `db` itself.
   */
  reads: Kysely<Database>;
  /**
   * For the heavy reads (energy periods, reports, chart history; `plugins/heavyCalls.ts`):
   * on a SQLite file a read-only connection in a worker thread, so the event loop never
   * waits for them, each statement bounded by `SQLITE_STATEMENT_TIMEOUT_MS` (past it the
   * call answers 503); on PostgreSQL (asynchronous already) a pool of their own
   * (`PG_POOL_SIZE`); in memory `db` itself.
   */
  offLoopReads: Kysely<Database>;
  /**
   * For the alarm engine: on PostgreSQL a pool of its own (`PG_POOL_SIZE`), so an alarm
   * never waits for a connection behind the lists and the ingest; on SQLite `db` itself
   * (one writer).
   */
  alarms: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  raw: RawDriver;
}

/**
 * SQLite page caches, in KiB (the pragma's negative form). The writing connection keeps
 * what it wrote (the ingest's tags' last leaves, the seed's last pages). At 20,000
 * devices the ingest writes across the whole table either way: 16 MB instead of 32 MB
 * cost its statements about 20 % more time (2 % of a core) and the node 8–15 MB less
 * resident memory (bench/fleet); the demo seed took as long. The read connection's cache
 * is emptied whenever another connection has committed (WAL), i.e. several times a
 * second under ingest, so it only ever holds what one read touches: 8 MB bounds it when
 * nothing is written either.
 */
export const SQLITE_CACHE_KIB = { writer: 16_000, reader: 8_000 } as const;

/** Longest a heavy read's statement may run on SQLite (`offLoopReads`). */
export const SQLITE_STATEMENT_TIMEOUT_MS = 10_000;

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PARTITION_TIMER_MS = 6 * 3600 * 1000;
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Failures that say the database cannot be reached now (stopped, restarting,
 * out of connections, locked), not that a query is wrong: SQLSTATE classes 08
 * (connection) and 57P (shut down, starting), 53300, the socket's own errors,
 * SQLite's busy timeout.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '53300',
  'SQLITE_BUSY',
  // A heavy read's statement past its bound (`StatementTimeout`).
  'SQLITE_INTERRUPT',
]);
/** What `pg` throws without a code when a connection drops or cannot open in time. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/** Whether an error means the database is unavailable for now (answered 503, retried later). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^(08|57P)/.test(code))) {
    return true;
  }
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/**
 * Opens `sqlite:<path>` (`sqlite::memory:` for an in-memory database) or
 * `postgres://…` and migrates it to the latest schema.
 */
export interface StoreOptions {
  /** A background part of the store failed (SQLite's checkpoint worker); the store goes on. */
  onBackgroundError?: (error: Error) => void;
}

export async function openStore(databaseUrl: string, options: StoreOptions = {}): Promise<Store> {
  const store = databaseUrl.startsWith('sqlite:')
    ? openSqlite(databaseUrl.slice('sqlite:'.length), options)
    : /^postgres(ql)?:\/\//.test(databaseUrl)
      ? openPostgres(databaseUrl)
      : null;
  if (!store) {
    throw new Error(`DATABASE_URL inválida: use sqlite:<arquivo> ou postgres://… (${databaseUrl})`);
  }
  try {
    await migrateToLatest(store);
    if (store.dialect === 'postgres') await keepPartitionsAhead(store);
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}

function openSqlite(path: string, options: StoreOptions): Store {
  const memory = path === ':memory:' || path === '';
  if (!memory) {
    mkdirSync(dirname(resolve(path)), { recursive: true, mode: 0o700 });
    ownerOnlyDatabase(path);
  }
  const sqlite = new SqliteDatabase(memory ? ':memory:' : path);
  // Only takes effect on a new file. 8 KiB pages insert history ~1.5× faster than 4 KiB
  // (bench/ingest): each tag appends to its own leaf, and bigger leaves split less often.
  sqlite.pragma('page_size = 8192');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB.writer}`);
  sqlite.pragma('temp_store = MEMORY');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  const reads = memory ? db : openSqliteReader(path);
  const offLoopReads = memory
    ? db
    : sqliteWorkerReads({
        path,
        cacheKib: SQLITE_CACHE_KIB.reader,
        statementTimeoutMs: SQLITE_STATEMENT_TIMEOUT_MS,
      });
  const stopCheckpoints = memory
    ? async () => {}
    : checkpointOffLoop(path, sqlite, { onError: options.onBackgroundError });
  return {
    db,
    reads,
    offLoopReads,
    alarms: db,
    dialect: 'sqlite',
    raw: { dialect: 'sqlite', sqlite },
    close: async () => {
      await stopCheckpoints();
      await Promise.all(
        [db, reads, offLoopReads]
          .filter((k, i, all) => all.indexOf(k) === i)
          .map((k) => k.destroy()),
      );
    },
  };
}

/** A read-only connection to a SQLite file already open in WAL mode. */
function openSqliteReader(path: string): Kysely<Database> {
  const sqlite = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB.reader}`);
  sqlite.pragma('temp_store = MEMORY');
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
}

/**
 * Connections of a node's PostgreSQL pools: the main one; the heavy reads' own
 * (`offLoopReads`), so that reports and energy periods (each user 4 at once) never hold
 * every connection while the live lists and the ingest wait for one; the alarm engine's
 * own (`alarms`), so an alarm is written without waiting for a connection (at 20k devices
 * the main pool's waits reached 70–150 ms in some seconds); and one for `/api/health`, which says whether the database answers, not how long this node's
 * queue for a connection is (100 list calls at once kept it 500–750 ms in the main pool's).
 */
export const PG_POOL_SIZE = { main: 10, heavyReads: 4, alarms: 2, health: 1 } as const;

function openPostgres(url: string): Store {
  const pool = postgresPool(url, PG_POOL_SIZE.main);
  const heavyPool = postgresPool(url, PG_POOL_SIZE.heavyReads);
  const healthPool = postgresPool(url, PG_POOL_SIZE.health);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const offLoopReads = new Kysely<Database>({ dialect: new PostgresDialect({ pool: heavyPool }) });
  const alarms = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: postgresPool(url, PG_POOL_SIZE.alarms) }),
  });
  const store: Store & { timer?: NodeJS.Timeout } = {
    db,
    reads: db,
    offLoopReads,
    alarms,
    dialect: 'postgres',
    raw: { dialect: 'postgres', pool, healthPool },
    close: async () => {
      if (store.timer) clearInterval(store.timer);
      await Promise.all([db.destroy(), offLoopReads.destroy(), alarms.destroy(), healthPool.end()]);
    },
  };
  return store;
}

function postgresPool(url: string, max: number): pg.Pool {
  const numeric = (value: string | null) => (value === null ? null : Number(value));
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // The console's tables live in memory or on SSD, where a random page costs about what a
    // sequential one does (PostgreSQL's default of 4 is for spinning disks): without this
    // the current values of a 4,000-device list were a scan of the whole table (33 → 9.5 ms).
    options: '-c random_page_cost=1.1',
    // A database that does not answer (or a pool busy that long) fails the request with a
    // 503 instead of holding it until the request timeout (30 s).
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // bigint (epoch seconds, count()) and numeric (sum()) come back as numbers, as on SQLite.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8 || oid === PG_NUMERIC
          ? numeric
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection can be cut by the server (restart, admin termination): the
  // pool drops it and the next query opens a new one. Without a listener the
  // 'error' event would crash the process.
  pool.on('error', () => {});
  // The same for a connection in use: when the server goes away mid-query, the query
  // fails (503) and the client also emits 'error', which nobody listens to while it
  // is checked out — the process would crash. A dead client is dropped on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

async function migrateToLatest(store: Store): Promise<void> {
  const migrator = new Migrator({ db: store.db, provider: migrationProvider(store.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? '?';
    throw new Error(`Falha na migração ${failed} do banco de dados`, { cause: error });
  }
}

/** Creates the monthly reading partitions ahead now and every few hours after. */
async function keepPartitionsAhead(store: Store & { timer?: NodeJS.Timeout }): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await ensureReadingPartitions(store, now - 62 * 86400, now + PARTITION_MONTHS_AHEAD * 31 * 86400);
  store.timer = setInterval(() => {
    const t = Math.floor(Date.now() / 1000);
    ensureReadingPartitions(store, t, t + PARTITION_MONTHS_AHEAD * 31 * 86400).catch((err) =>
      console.error('[store] falha ao criar partições de leituras', err),
    );
  }, PARTITION_TIMER_MS);
  store.timer.unref();
}

/**
 * Runs `fn` on the SQLite connection while holding Kysely's connection, so it
 * never interleaves with a Kysely transaction that is awaiting between statements.
 */
export async function withSqlite<T>(
  store: Store,
  fn: (sqlite: SqliteDatabase.Database) => T,
): Promise<T> {
  const raw = store.raw;
  if (raw.dialect !== 'sqlite') throw new Error('withSqlite: store is not SQLite');
  return store.db.connection().execute(async () => fn(raw.sqlite));
}

/**
 * After inserting explicit ids (the demo seed), moves PostgreSQL identity
 * sequences past the highest id so generated ids do not collide.
 */
export async function syncIdSequences(store: Store, tables: readonly string[]): Promise<void> {
  if (store.dialect !== 'postgres') return;
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      store.db,
    );
  }
}
