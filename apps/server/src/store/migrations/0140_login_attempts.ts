import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { columnTypes } from './columnTypes.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * The sign-in throttle's windows (auth/loginLimiter.ts), kept in the database
 * so every node on one PostgreSQL database counts the same attempts. `chave` is
 * the sha256 of the counter's key (never the typed username).
 */
export function loginAttemptsMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('login_attempts')
        .addColumn('chave', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('inicio', t.time, (c) => c.notNull())
        .addColumn('tentativas', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_attempts_inicio_idx')
        .on('login_attempts')
        .column('inicio')
        .execute();
    },
  };
}
