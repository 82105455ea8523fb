import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { type Store, withSqlite } from '../database.js';
import type { Database } from '../schema.js';

interface AppSecretsTable {
  name: string;
  value: string;
}

const TABLE = 'app_secrets';
/** Where versions before issue 30 kept the access-token signing key. */
const LEGACY_JWT_SECRET = 'jwt_hs256';

type SecretsDb = Kysely<Database & { app_secrets: AppSecretsTable }>;

/** Creates `app_secrets` if missing; two processes at once on PostgreSQL: one loses the race, retried. */
async function withSecretsTable<T>(
  store: Kysely<Database>,
  fn: (db: SecretsDb) => Promise<T>,
): Promise<T> {
  const db = store.withTables<{ app_secrets: AppSecretsTable }>();
  for (let attempt = 1; ; attempt++) {
    try {
      await db.schema
        .createTable(TABLE)
        .ifNotExists()
        .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
      return await fn(db);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * A random key of the deployment, generated on first use and kept in the
 * database under `name`, so every process on one database agrees. Only for
 * keys whose holder gains nothing the database does not already give (the
 * refresh successor, report download links): the access-token signing key is
 * kept out of the database (`auth/signingSecrets.ts`).
 */
export async function appSecret(store: Kysely<Database>, name: string): Promise<string> {
  return withSecretsTable(store, async (db) => {
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
  });
}

/**
 * Moves the signing key an older version kept in the database out of it: hands
 * it to `keep` (which writes it to its file) and only then deletes the row. On
 * SQLite the row's bytes are overwritten (`secure_delete`) and the WAL emptied,
 * so the file no longer holds them; on PostgreSQL the table is vacuumed. Answers whether there was one.
 */
export async function moveLegacyJwtSecret(
  store: Store,
  keep: (secret: string) => void,
): Promise<boolean> {
  const secret = await withSecretsTable(store.db, async (db) => {
    const row = await db
      .selectFrom(TABLE)
      .select('value')
      .where('name', '=', LEGACY_JWT_SECRET)
      .executeTakeFirst();
    return row?.value;
  });
  if (secret === undefined) return false;
  keep(secret);
  if (store.raw.dialect === 'sqlite') {
    await withSqlite(store, (sqlite) => {
      const before = sqlite.pragma('secure_delete', { simple: true });
      sqlite.pragma('secure_delete = ON');
      try {
        sqlite.prepare(`delete from ${TABLE} where name = ?`).run(LEGACY_JWT_SECRET);
      } finally {
        sqlite.pragma(`secure_delete = ${Number(before)}`);
      }
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
    });
  } else {
    await store.db
      .withTables<{ app_secrets: AppSecretsTable }>()
      .deleteFrom(TABLE)
      .where('name', '=', LEGACY_JWT_SECRET)
      .execute();
    // The dead row version goes at once rather than at the next autovacuum.
    await sql`vacuum app_secrets`.execute(store.db);
  }
  return true;
}
