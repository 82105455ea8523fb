import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

interface AppSecretsTable {
  name: string;
  value: string;
}

const TABLE = 'app_secrets';
const JWT_SECRET = 'jwt_hs256';

/**
 * The access-token signing key. Configured (`VIGIA_JWT_SECRET`) it is used as
 * is; otherwise one random key is generated on the first start and kept in the
 * database, so restarts keep sessions and every process on one PostgreSQL
 * database signs alike. Owns its table (`app_secrets`), created if missing.
 */
export async function resolveJwtSecret(
  store: Kysely<Database>,
  configured: string | undefined,
): Promise<string> {
  return configured ?? appSecret(store, JWT_SECRET);
}

/**
 * A random key of the deployment, generated on first use and kept in the
 * database under `name`, so every process on one database agrees.
 */
export async function appSecret(store: Kysely<Database>, name: string): Promise<string> {
  const db = store.withTables<{ app_secrets: AppSecretsTable }>();
  for (let attempt = 1; ; attempt++) {
    try {
      await db.schema
        .createTable(TABLE)
        .ifNotExists()
        .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
      await db
        .insertInto(TABLE)
        .values({ name, value: randomBytes(48).toString('base64url') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom(TABLE)
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.value;
    } catch (error) {
      // Two processes creating the table at once on PostgreSQL: one loses the race; retry.
      if (attempt >= 3) throw error;
    }
  }
}
