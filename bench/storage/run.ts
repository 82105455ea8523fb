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
 * Last, on both, the closed hours are packed one row per tag and hour
 * (store/packs) and the whole history measured again.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { type Store, withSqlite } from '../../apps/server/src/store/database.js';
import { insertGenerators } from '../../apps/server/src/store/devices/fixtures.js';
import { packClosedHours } from '../../apps/server/src/store/packs/packing.js';
import {
  compactClosedReadingPartitions,
  ensureReadingPartitions,
} from '../../apps/server/src/store/partitions.js';
import {
  historyStorage,
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
const INSTANTS = Number(args.instants ?? (args.smoke ? 20 : 720));
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

const tagIds = Array.from({ length: TAGS }, (_, i) => i + 1);

/** A device with the bench's tags (packing goes tag by tag through `tags`). */
async function createTags(store: Store) {
  await insertGenerators(store, [{ id: 1, system: 1 }], MONTH_START);
  for (let i = 0; i < tagIds.length; i += 500) {
    await store.db
      .insertInto('tags')
      .values(
        tagIds
          .slice(i, i + 500)
          .map((id) => ({ id, device_id: 1, nome: `t${id}`, apelido: `t${id}`, unidade: '' })),
      )
      .execute();
  }
}

/** The closed hours packed (store/packs), as the rollup job does after an hour's margin. */
async function packed(store: Store, label: string): Promise<string> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const pass = await packClosedHours(store, NOW);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuS = (used.user + used.system) / 1e6;
  if (store.dialect === 'postgres') {
    // In service the month is packed hour by hour and compacted a day after it closes
    // (compactClosedReadingPartitions); here it was compacted first, so its emptied
    // index is rebuilt as that would, and the vacuum gives the emptied heap back.
    await pgQuery(store, 'vacuum analyze readings');
    await pgQuery(store, 'reindex table readings_202603');
  }
  const history = await historyStorage(store);
  const per = (bytes: number) => (bytes / history.readings).toFixed(1);
  return (
    `${label}: ${per(history.bytes)} B a reading (${pass.packs} packs of ${pass.readings} readings; ` +
    `packs ${per(history.packs.total)}, rows left ${per(history.rows.total)}); packed in ` +
    `${seconds.toFixed(1)} s, ${(pass.readings / seconds / 1000).toFixed(0)}k readings/s, ` +
    `this process's CPU ${cpuS.toFixed(1)} s`
  );
}

async function write(store: Store, table: string) {
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
    await createTags(store);
    await write(store, 'readings');
    return [
      line('[sqlite] readings', await readingStorageBytes(store)),
      await packed(store, '[sqlite] closed hours packed'),
    ];
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
    await createTags(store);
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
      await packed(store, '[postgres] closed hours packed'),
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
