import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { columnTypes } from './columnTypes.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * Device messages refused for good, per device and reason (`grande`,
 * `invalida`, `horario`), added to by every node (store/ingest/refusals.ts).
 * No foreign key: a device removed leaves its counts, which no listing joins.
 */
export function ingestRefusalsMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('ingest_refusals')
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('motivo', 'varchar(16)', (c) => c.notNull())
        .addColumn('recusadas', t.time, (c) => c.notNull())
        .addColumn('ultima', t.time, (c) => c.notNull())
        .addPrimaryKeyConstraint('ingest_refusals_pkey', ['device_id', 'motivo'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('ingest_refusals').execute();
    },
  };
}
