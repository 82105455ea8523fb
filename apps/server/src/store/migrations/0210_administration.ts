import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { columnTypes } from './columnTypes.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * Administration (issue 28): platform administrators above the system
 * administrators (`administrator`), a user's e-mail and a temporary password
 * to change at the next sign-in; an address on every kind of place and UF and
 * GPS on venues; the hashed one-time code of the first run.
 */
export function administrationMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      const s = db.schema;
      await s.alterTable('users').addColumn('email', 'text').execute();
      await s
        .alterTable('users')
        .addColumn('platform_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await s
        .alterTable('users')
        .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const table of ['plants', 'scds', 'venues']) {
        await s.alterTable(table).addColumn('endereco', 'text').execute();
      }
      await s.alterTable('venues').addColumn('uf', 'text').execute();
      await s.alterTable('venues').addColumn('lat', t.real).execute();
      await s.alterTable('venues').addColumn('lon', t.real).execute();
      await s
        .createTable('first_run_codes')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
    },
  };
}
