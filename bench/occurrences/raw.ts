import { type Store, withSqlite } from '../../apps/server/src/store/database.js';

/** A raw query on either driver; `?` placeholders. */
export async function raw<T>(store: Store, text: string, params: unknown[] = []): Promise<T[]> {
  if (store.raw.dialect === 'sqlite') {
    return withSqlite(store, (db) => {
      const statement = db.prepare(text);
      if (statement.reader) return statement.all(...params) as T[];
      statement.run(...params);
      return [];
    });
  }
  let n = 0;
  const { rows } = await store.raw.pool.query(
    text.replace(/\?/g, () => `$${++n}`),
    params,
  );
  return rows as T[];
}
