import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { columnTypes } from './columnTypes.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * Hourly and daily aggregates of the readings (store/rollups): a 31-day chart
 * or a monthly report reads these instead of raw rows. `inicio` is the hour
 * (UTC) or the local day (America/Sao_Paulo midnight) in epoch seconds;
 * `rollup_state.ate` is the hour up to which the aggregates are complete.
 */
export function readingRollupsMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      for (const table of ['reading_hours', 'reading_days']) {
        await db.schema
          .createTable(table)
          .addColumn('tag_id', 'integer', (c) => c.notNull())
          .addColumn('inicio', t.time, (c) => c.notNull())
          .addColumn('n', 'integer', (c) => c.notNull())
          .addColumn('soma', t.real, (c) => c.notNull())
          .addColumn('minimo', t.real, (c) => c.notNull())
          .addColumn('maximo', t.real, (c) => c.notNull())
          .addColumn('qos', 'integer', (c) => c.notNull())
          .addColumn('primeiro_ts', t.time, (c) => c.notNull())
          .addColumn('primeiro', t.real, (c) => c.notNull())
          .addColumn('ultimo_ts', t.time, (c) => c.notNull())
          .addColumn('ultimo', t.real, (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['tag_id', 'inicio'])
          .execute();
      }
      await db.schema
        .createTable('rollup_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('ate', t.time, (c) => c.notNull())
        .execute();
    },
  };
}
