import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/** Counter tables of migrations 0100–0102 and their key columns, in primary-key order. */
const COUNTERS: { table: string; keys: string[]; rowid: boolean }[] = [
  { table: 'occurrence_day_counts', keys: ['system_id', 'is_evt', 'dia'], rowid: true },
  { table: 'occurrence_hour_counts', keys: ['system_id', 'is_evt', 'hora'], rowid: true },
  { table: 'occurrence_device_day_counts', keys: ['device_id', 'is_evt', 'dia'], rowid: true },
  {
    table: 'occurrence_name_day_counts',
    keys: ['nome_alarme', 'system_id', 'is_evt', 'dia'],
    rowid: true,
  },
  // Without rowid on SQLite (0102): the count already lives in the key's b-tree.
  { table: 'occurrence_block_counts', keys: ['system_id', 'is_evt', 'bloco'], rowid: false },
  { table: 'occurrence_device_block_counts', keys: ['device_id', 'is_evt', 'bloco'], rowid: false },
  {
    table: 'occurrence_name_block_counts',
    keys: ['nome_alarme', 'system_id', 'is_evt', 'bloco'],
    rowid: false,
  },
];

/**
 * Covering indexes for the occurrence counters (the deep-offset walk of
 * apps/server/src/occurrences/seekStatement.ts sums thousands of counter rows
 * for a text filter): the key columns then `n`, so a walk reads one index and
 * never the table (`include (n)` on PostgreSQL).
 */
export function occurrenceCountCoveringMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      for (const { table, keys, rowid } of COUNTERS) {
        const name = sql.id(`${table}_n_idx`);
        const columns = sql.join(keys.map((k) => sql.id(k)));
        if (dialect === 'postgres') {
          await sql`create index ${name} on ${sql.table(table)} (${columns}) include (n)`.execute(
            db,
          );
        } else if (rowid) {
          await sql`create index ${name} on ${sql.table(table)} (${columns}, n)`.execute(db);
        }
      }
    },
  };
}
