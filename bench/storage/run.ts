/**
 * Bytes a stored reading costs, table plus indexes, on each database (issue 18).
 *
 *   npx tsx --conditions=source bench/storage/run.ts [--tags 1000] [--instants 300] [--db sqlite,postgres]
 *
 * Writes `tags × instants` readings the way ingest does (every tag at each
 * instant, one statement per instant, so each tag's key range grows at its
 * own end) into one month of a throwaway database made by the migrations,
 * then prints bytes per reading. On PostgreSQL the same rows also go into a
 * scratch partitioned table laid out as before migration 0180 (`partition
 * of`, parent's column order) in the same run, and both are measured again
 * after the closed month is packed (`compactClosedReadingPartitions`).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type Store, withSqlite } from '../../apps/server/src/store/database.js';
import {
  compactClosedReadingPartitions,
  ensureReadingPartitions,
} from '../../apps/server/src/store/partitions.js';
import {
  readingStorageBytes,
  type StorageBytes,
} from '../../apps/server/src/store/readingStorage.js';
import { openTestStore } from '../../apps/server/src/store/testStore.js';
import { postgresAvailable } from '../../test-support/services.js';
import { exitAfter, SMOKE_TIME_LIMIT_S, timeLimitOf } from '../timeLimit.js';

const { values: args } = parseArgs({
  options: {
    tags: { type: 'string' },
    instants: { type: 'string' },
    db: { type: 'string', default: 'sqlite,postgres' },
    /** Tiny run for the test suite (bench/smoke.test.ts): 50 tags × 20 instants. */
    smoke: { type: 'boolean', default: false },
    /** Seconds the run may take; past it the bench stops with exit code 1. */
    'time-limit': { type: 'string' },
  },
});
const TAGS = Number(args.tags ?? (args.smoke ? 50 : 1000));
const INSTANTS = Number(args.instants ?? (args.smoke ? 20 : 300));
exitAfter('storage', timeLimitOf(args['time-limit'], args.smoke ? SMOKE_TIME_LIMIT_S : 900));
/** A query on PostgreSQL's pool (the bench has no query builder of its own). */
async function pgQuery<R>(store: Store, text: string, values: unknown[] = []): Promise<R[]> {
  if (store.raw.dialect !== 'postgres') throw new Error('not PostgreSQL');
  return (await store.raw.pool.query(text, values)).rows as R[];
}

/** 2026-03-01 UTC: a closed month, readings every 10 s from its start. */
const MONTH_START = Date.UTC(2026, 2, 1) / 1000;
const STEP_S = 10;
const NOW = Date.UTC(2026, 4, 1) / 1000;

async function write(store: Store, table: string) {
  const tagIds = Array.from({ length: TAGS }, (_, i) => i + 1);
  for (let k = 0; k < INSTANTS; k++) {
    const ts = MONTH_START + k * STEP_S;
    const valores = tagIds.map((id) => 200 + ((id * 7 + k) % 50) + k / 1000);
    if (store.dialect === 'postgres') {
      await pgQuery(
        store,
        `insert into ${table} (tag_id, ts, valor, qos)
         select * from unnest($1::int[], $2::bigint[], $3::float8[], $4::int[])`,
        [tagIds, tagIds.map(() => ts), valores, tagIds.map(() => 0)],
      );
    } else {
      await withSqlite(store, (db) => {
        const insert = db.prepare(
          `insert into ${table} (tag_id, ts, valor, qos) values (?, ?, ?, 0)`,
        );
        db.transaction(() => {
          for (const [i, id] of tagIds.entries()) insert.run(id, ts, valores[i]);
        })();
      });
    }
  }
}

const perReading = (bytes: number) => (bytes / (TAGS * INSTANTS)).toFixed(1);
const line = (label: string, b: StorageBytes) =>
  `${label}: ${perReading(b.total)} B a reading (table ${perReading(b.table)}, indexes ${perReading(b.indexes)})`;

async function sqlite(): Promise<string[]> {
  const store = await openTestStore();
  try {
    await write(store, 'readings');
    return [line('[sqlite] readings', await readingStorageBytes(store))];
  } finally {
    await store.close();
  }
}

async function postgres(): Promise<string[]> {
  const previous = process.env.VIGIA_TEST_DB;
  process.env.VIGIA_TEST_DB = 'postgres';
  const store = await openTestStore();
  if (previous === undefined) delete process.env.VIGIA_TEST_DB;
  else process.env.VIGIA_TEST_DB = previous;
  try {
    await ensureReadingPartitions(store, MONTH_START, MONTH_START);
    // The layout before 0180: a partition that takes the parent's column order.
    await pgQuery(
      store,
      `create table readings_antes (
         tag_id integer not null, ts bigint not null,
         valor double precision not null, qos integer not null default 0,
         primary key (tag_id, ts)) partition by range (ts)`,
    );
    await pgQuery(
      store,
      `create table readings_antes_202603 partition of readings_antes
       for values from (${MONTH_START}) to (${Date.UTC(2026, 3, 1) / 1000})`,
    );
    await write(store, 'readings');
    await write(store, 'readings_antes');
    await pgQuery(store, 'vacuum analyze');
    const out = [
      line(
        '[postgres] before 0180 (parent order)',
        await readingStorageBytes(store, 'readings_antes'),
      ),
      line('[postgres] now (tag_id, qos, ts, valor)', await readingStorageBytes(store, 'readings')),
    ];
    const compacted = await compactClosedReadingPartitions(store, NOW);
    await pgQuery(store, 'reindex table readings_antes_202603');
    out.push(
      line(
        '[postgres] before 0180, index rebuilt',
        await readingStorageBytes(store, 'readings_antes'),
      ),
      line(
        `[postgres] now, closed month packed (${compacted.join(', ')})`,
        await readingStorageBytes(store, 'readings'),
      ),
    );
    return out;
  } finally {
    await store.close();
  }
}

const lines: string[] = [];
const wanted = new Set(args.db.split(','));
if (wanted.has('sqlite')) lines.push(...(await sqlite()));
if (wanted.has('postgres')) {
  if (await postgresAvailable()) lines.push(...(await postgres()));
  else lines.push('[postgres] not available: skipped');
}
const load = loadavg().map((l) => l.toFixed(1));
console.log(lines.join('\n'));
console.log(
  `${TAGS} tags × ${INSTANTS} instants = ${TAGS * INSTANTS} readings; load ${load.join(' / ')}`,
);
process.exit(0);
