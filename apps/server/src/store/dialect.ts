import { type Kysely, PostgresAdapter } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** The dialect behind a query handle, for the few queries written apart per database. */
export function dialectOf<DB>(db: Kysely<DB>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
