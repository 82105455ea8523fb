/**
 * Checks that the fast fill (upkeep set aside and rebuilt, `upkeep.ts`) ends
 * where a fill through the server's triggers ends: same occurrences, counters,
 * alarm names, indexes, triggers and constraints, on each database.
 *
 *   npx tsx --conditions=source bench/occurrences/checkFill.ts [--rows 30000] [--db sqlite,postgres]
 */
import { parseArgs } from 'node:util';
import { seedDemo } from '../../apps/server/src/seed/demoFleet.js';
import type { Store } from '../../apps/server/src/store/database.js';
import { openTestStore } from '../../apps/server/src/store/testStore.js';
import { bulkInsert } from './generate.js';
import { raw } from './raw.js';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '30000' },
    db: { type: 'string', default: 'sqlite,postgres' },
  },
});

const TABLES = [
  'occurrences',
  'occurrence_names',
  'occurrence_day_counts',
  'occurrence_hour_counts',
  'occurrence_device_day_counts',
  'occurrence_name_day_counts',
  'occurrence_block_counts',
  'occurrence_device_block_counts',
  'occurrence_name_block_counts',
  'occurrence_name_week_counts',
];

/** Every row of every table, in one order, as text; counters of zero are no rows. */
async function snapshot(store: Store): Promise<Map<string, string[]>> {
  const tables = new Map<string, string[]>();
  for (const table of TABLES) {
    const where = table.endsWith('_counts') ? 'where n <> 0' : '';
    const rows = await raw<Record<string, unknown>>(store, `select * from ${table} ${where}`);
    tables.set(table, rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort());
  }
  const schema =
    store.raw.dialect === 'sqlite'
      ? await raw<Record<string, unknown>>(
          store,
          `select type, name, sql from sqlite_master where tbl_name = 'occurrences' order by name`,
        )
      : await raw<Record<string, unknown>>(
          store,
          `select indexname as name, indexdef as sql from pg_indexes where tablename = 'occurrences'
           union all
           select tgname, tgenabled::text from pg_trigger
           where tgrelid = 'occurrences'::regclass and not tgisinternal
           union all
           select conname, pg_get_constraintdef(oid) from pg_constraint
           where conrelid = 'occurrences'::regclass
           order by 1`,
        );
  tables.set(
    'schema',
    schema.map((r) => JSON.stringify(r)),
  );
  return tables;
}

async function filled(kind: 'sqlite' | 'postgres', now: number, upkeep: 'rebuild' | 'triggers') {
  process.env.VIGIA_TEST_DB = kind;
  const store = await openTestStore();
  try {
    await seedDemo(store, { seed: 1, users: true, historyDays: 1, now });
    const times = await bulkInsert(store, now, Number(args.rows), upkeep);
    console.log(`[${kind}] ${upkeep}: ${times.total.toFixed(1)} s`);
    return await snapshot(store);
  } finally {
    await store.close();
  }
}

let failed = false;
const now = Math.floor(Date.now() / 1000);
for (const kind of args.db?.split(',') ?? []) {
  if (kind !== 'sqlite' && kind !== 'postgres') continue;
  const through = await filled(kind, now, 'triggers');
  const rebuilt = await filled(kind, now, 'rebuild');
  for (const [table, rows] of through) {
    const other = rebuilt.get(table) ?? [];
    const same = rows.length === other.length && rows.every((r, i) => r === other[i]);
    if (!same) {
      failed = true;
      console.log(
        ' only through the triggers:',
        rows.filter((r) => !other.includes(r)).slice(0, 5),
      );
      console.log(' only rebuilt:', other.filter((r) => !rows.includes(r)).slice(0, 5));
    }
    console.log(
      `[${kind}] ${table}: ${rows.length} rows through the triggers, ${other.length} rebuilt: ${same ? 'same' : 'DIFFERENT'}`,
    );
  }
}
if (failed) process.exit(1);
