/**
 * A bulk load without the per-row upkeep of `occurrences`: its secondary
 * indexes, the insert triggers that keep the paging counters (migrations
 * 0100–0104) and, on PostgreSQL, its foreign keys are set aside, then rebuilt
 * once: the counters recomputed from the table with the triggers' own keys,
 * the rest restored from their stored definitions. `checkFill.ts` compares
 * the end state with a load through the triggers.
 */
import { performance } from 'node:perf_hooks';
import type { Store } from '../../apps/server/src/store/database.js';
import { BLOCK_SECONDS } from '../../apps/server/src/store/migrations/0102_occurrence_block_counts.js';
import { NAME_WEEK_SECONDS } from '../../apps/server/src/store/migrations/0104_occurrence_name_week_counts.js';
import { raw } from './raw.js';

/** The counter tables the insert triggers keep: key columns, bucket column and width. */
const COUNTERS: { table: string; keys: string[]; bucket: string; width: number }[] = [
  { table: 'occurrence_day_counts', keys: ['system_id', 'is_evt'], bucket: 'dia', width: 86_400 },
  { table: 'occurrence_hour_counts', keys: ['system_id', 'is_evt'], bucket: 'hora', width: 3600 },
  {
    table: 'occurrence_device_day_counts',
    keys: ['device_id', 'is_evt'],
    bucket: 'dia',
    width: 86_400,
  },
  {
    table: 'occurrence_name_day_counts',
    keys: ['nome_alarme', 'system_id', 'is_evt'],
    bucket: 'dia',
    width: 86_400,
  },
  {
    table: 'occurrence_block_counts',
    keys: ['system_id', 'is_evt'],
    bucket: 'bloco',
    width: BLOCK_SECONDS,
  },
  {
    table: 'occurrence_device_block_counts',
    keys: ['device_id', 'is_evt'],
    bucket: 'bloco',
    width: BLOCK_SECONDS,
  },
  {
    table: 'occurrence_name_block_counts',
    keys: ['nome_alarme', 'system_id', 'is_evt'],
    bucket: 'bloco',
    width: BLOCK_SECONDS,
  },
  {
    table: 'occurrence_name_week_counts',
    keys: ['nome_alarme', 'system_id', 'is_evt'],
    bucket: 'semana',
    width: NAME_WEEK_SECONDS,
  },
];

/** Insert triggers this file knows how to replay; the others stay (an insert does not fire them). */
const INSERT_TRIGGERS = {
  sqlite: [
    'occurrences_counts_ai',
    'occurrences_key_counts_ai',
    'occurrences_block_counts_ai',
    'occurrences_name_week_counts_ai',
  ],
  postgres: [
    'occurrences_counts_ins',
    'occurrences_key_counts_ins',
    'occurrences_block_counts_ins',
    'occurrences_name_week_counts_ins',
  ],
};

/** Every trigger on `occurrences` the migrations create: a new one stops the bench until it is handled here. */
const KNOWN_TRIGGERS = new Set([
  ...['counts', 'key_counts', 'block_counts', 'name_week_counts'].flatMap((f) => [
    ...['ai', 'ad', 'au'].map((e) => `occurrences_${f}_${e}`),
    ...['ins', 'del', 'upd', 'truncate'].map((e) => `occurrences_${f}_${e}`),
  ]),
  'occurrences_names_au',
]);

export interface SetAside {
  indexes: { name: string; sql: string }[];
  triggers: { name: string; sql: string }[];
  /** PostgreSQL: checked row by row (a queued trigger each), then once for the table when added back. */
  foreignKeys: { name: string; sql: string }[];
}

export async function setAsideUpkeep(store: Store): Promise<SetAside> {
  const dialect = store.raw.dialect;
  const triggers =
    dialect === 'sqlite'
      ? await raw<{ name: string; sql: string }>(
          store,
          `select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'occurrences'`,
        )
      : await raw<{ name: string; sql: string }>(
          store,
          `select tgname as name, '' as sql from pg_trigger
           where tgrelid = 'occurrences'::regclass and not tgisinternal`,
        );
  const unknown = triggers.filter((t) => !KNOWN_TRIGGERS.has(t.name)).map((t) => t.name);
  if (unknown.length > 0) {
    throw new Error(`bench/occurrences: no recompute for trigger(s) ${unknown.join(', ')}`);
  }
  const insertTriggers = triggers.filter((t) => INSERT_TRIGGERS[dialect].includes(t.name));
  if (insertTriggers.length !== INSERT_TRIGGERS[dialect].length) {
    throw new Error('bench/occurrences: an insert trigger of the paging counters is missing');
  }
  const indexes =
    dialect === 'sqlite'
      ? await raw<{ name: string; sql: string }>(
          store,
          `select name, sql from sqlite_master
           where type = 'index' and tbl_name = 'occurrences' and sql is not null`,
        )
      : await raw<{ name: string; sql: string }>(
          store,
          `select indexname as name, indexdef as sql from pg_indexes
           where schemaname = current_schema() and tablename = 'occurrences'
             and indexname not in (select conname from pg_constraint where conrelid = 'occurrences'::regclass)`,
        );
  for (const t of insertTriggers) {
    await raw(
      store,
      dialect === 'sqlite'
        ? `drop trigger ${t.name}`
        : `alter table occurrences disable trigger ${t.name}`,
    );
  }
  const foreignKeys =
    dialect === 'sqlite'
      ? []
      : await raw<{ name: string; sql: string }>(
          store,
          `select conname as name, pg_get_constraintdef(oid) as sql from pg_constraint
           where conrelid = 'occurrences'::regclass and contype = 'f'`,
        );
  for (const i of indexes) await raw(store, `drop index ${i.name}`);
  for (const k of foreignKeys)
    await raw(store, `alter table occurrences drop constraint ${k.name}`);
  return { indexes, triggers: insertTriggers, foreignKeys };
}

/** Rebuilds what `setAsideUpkeep` set aside; answers seconds for the indexes (and keys) and the counters. */
export async function restoreUpkeep(
  store: Store,
  aside: SetAside,
): Promise<{ indexes: number; counters: number }> {
  const dialect = store.raw.dialect;
  let started = performance.now();
  for (const i of aside.indexes) {
    await raw(
      store,
      dialect === 'sqlite'
        ? i.sql
        : `begin; set local maintenance_work_mem = '512MB'; ${i.sql}; commit`,
    );
  }
  for (const k of aside.foreignKeys) {
    await raw(store, `alter table occurrences add constraint ${k.name} ${k.sql}`);
  }
  const indexes = (performance.now() - started) / 1000;
  started = performance.now();
  for (const c of COUNTERS) {
    const keys = c.keys.join(', ');
    await raw(store, `delete from ${c.table}`);
    await raw(
      store,
      `insert into ${c.table} (${keys}, ${c.bucket}, n)
       select ${keys}, hora_ativacao / ${c.width}, count(*) from occurrences
       group by ${keys}, hora_ativacao / ${c.width}`,
    );
  }
  await raw(
    store,
    // `where true`: SQLite would read `on` as a join constraint.
    `insert into occurrence_names (nome_alarme) select distinct nome_alarme from occurrences
     where true on conflict do nothing`,
  );
  for (const t of aside.triggers) {
    await raw(
      store,
      dialect === 'sqlite' ? t.sql : `alter table occurrences enable trigger ${t.name}`,
    );
  }
  return { indexes, counters: (performance.now() - started) / 1000 };
}
