import { type InsertObject, sql } from 'kysely';
import { type Store, syncIdSequences } from '../store/database.js';
import type { Database } from '../store/schema.js';
import { catalogRows } from './catalogRows.js';

/** The catalog's tables, in the order they are written. */
const CATALOG_TABLES = [
  ['device_templates', 'templates'],
  ['alarm_rules', 'rules'],
  ['command_types', 'commandTypes'],
  ['graphical_configs', 'graphicals'],
  ['graphical_lines', 'lines'],
  ['table_configs', 'tables'],
  ['table_columns', 'columns'],
] as const;

/**
 * Writes the device models and presets (`catalogRows`) on a database that has
 * none: without the demo, a company's first device needs its model. The demo
 * seed writes the same rows itself. Safe on several nodes starting at once.
 */
export async function ensureCatalog(store: Store): Promise<boolean> {
  const present = async (db: Store['db']) =>
    (await db.selectFrom('device_templates').select('id').limit(1).executeTakeFirst()) !==
    undefined;
  if (await present(store.db)) return false;
  const catalog = catalogRows();
  const written = await store.db.transaction().execute(async (trx) => {
    if (store.dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(hashtext('vigia_catalog'))`.execute(trx);
    }
    if (await present(trx)) return false;
    for (const [table, key] of CATALOG_TABLES) {
      const rows = catalog[key];
      for (let i = 0; i < rows.length; i += 500) {
        await trx
          .insertInto(table)
          .values(rows.slice(i, i + 500) as unknown as InsertObject<Database, typeof table>[])
          .execute();
      }
    }
    return true;
  });
  if (written) {
    await syncIdSequences(
      store,
      CATALOG_TABLES.map(([table]) => table),
    );
  }
  return written;
}
