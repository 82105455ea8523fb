import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { columnTypes } from './columnTypes.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * Closed hours of history packed one row per tag and hour (issue 31,
 * store/packs): a row of `readings` costs 20–24 bytes on SQLite and 84–100 on
 * PostgreSQL, a packed reading 4–11. On SQLite a rowid table, not `WITHOUT
 * ROWID`: its rows are kilobytes, which a `WITHOUT ROWID` tree spills to
 * overflow pages past about 1 kB.
 */
export function readingPacksMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('reading_packs')
        .addColumn('tag_id', 'integer', (c) => c.notNull())
        .addColumn('inicio', t.time, (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('pontos', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addPrimaryKeyConstraint('reading_packs_pk', ['tag_id', 'inicio'])
        .execute();
    },
  };
}
