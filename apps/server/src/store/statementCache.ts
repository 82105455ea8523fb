import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** Distinct SQL texts kept; a list of n ids is its own text, so the bound matters. */
const DEFAULT_SIZE = 500;

/**
 * The database Kysely's SQLite dialect sees, with its statements kept:
 * Kysely prepares every query anew, and on a small read the prepare costs
 * about a third of the CPU (bench/occurrences). Values are bound parameters,
 * so texts repeat; the least recently used are dropped past `size`.
 * Kysely runs one query at a time on its single connection, so a kept
 * statement is never used by two queries at once.
 */
export function withStatementCache(
  sqlite: SqliteDatabase,
  size = DEFAULT_SIZE,
): KyselySqliteDatabase & { readonly cachedStatements: number } {
  const statements = new Map<string, Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= size) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
    get cachedStatements() {
      return statements.size;
    },
  };
}
