import { createHash } from 'node:crypto';
import type SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { type Store, withSqlite } from '../database.js';

/** Distinct statement texts kept per SQLite connection (one per filter shape). */
const MAX_STATEMENTS = 256;
/**
 * Distinct texts this process names on PostgreSQL. A named statement lives as
 * long as its connection and the seek's texts carry their keys (systems,
 * devices, alarm names), so past this budget a text runs unnamed (planned each
 * time) instead of piling up prepared statements on the server.
 */
const MAX_NAMED = 200;
const named = new Set<string>();
const statements = new WeakMap<SqliteDatabase.Database, Map<string, SqliteDatabase.Statement>>();

/**
 * Runs a compiled query as a prepared statement: kept per connection on SQLite,
 * named after its text on PostgreSQL (parsed once per connection, its plan
 * reusable). For statements whose preparation costs about what their execution
 * does, such as the seek's chain of running sums; never a cache of results.
 */
export async function runPrepared<R>(store: Store, query: CompiledQuery<R>): Promise<R[]> {
  const raw = store.raw;
  if (raw.dialect === 'sqlite') {
    return withSqlite(store, (sqlite) => {
      let cache = statements.get(sqlite);
      if (!cache) {
        cache = new Map();
        statements.set(sqlite, cache);
      }
      let statement = cache.get(query.sql);
      if (!statement) {
        const oldest = cache.keys().next();
        if (cache.size >= MAX_STATEMENTS && !oldest.done) cache.delete(oldest.value);
        statement = sqlite.prepare(query.sql);
        cache.set(query.sql, statement);
      }
      return statement.all(...query.parameters) as R[];
    });
  }
  const name = `vigia_${createHash('sha1').update(query.sql).digest('hex').slice(0, 24)}`;
  if (!named.has(name) && named.size < MAX_NAMED) named.add(name);
  const { rows } = await raw.pool.query({
    ...(named.has(name) ? { name } : {}),
    text: query.sql,
    values: [...query.parameters],
  });
  return rows as R[];
}
