import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statementCache.js';

function counted(size?: number) {
  const sqlite = new SqliteDatabase(':memory:');
  let prepared = 0;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => {
    prepared++;
    return prepare(text);
  }) as typeof sqlite.prepare;
  const database = withStatementCache(sqlite, size);
  const db = new Kysely<{ t: { id: number; v: string } }>({
    dialect: new SqliteDialect({ database }),
  });
  return { db, database, sqlite, prepared: () => prepared };
}

describe('withStatementCache', () => {
  it('prepares a SQL text once and reuses it with other values', async () => {
    const { db, prepared } = counted();
    await sql`create table t (id integer primary key, v text)`.execute(db);
    const before = prepared();
    for (let id = 1; id <= 5; id++)
      await db
        .insertInto('t')
        .values({ id, v: `v${id}` })
        .execute();
    expect(prepared() - before).toBe(1);
    const rows = await db.selectFrom('t').select('v').where('id', '>', 3).execute();
    expect(rows).toEqual([{ v: 'v4' }, { v: 'v5' }]);
    await db.destroy();
  });

  it('keeps at most `size` statements, dropping the least recently used', async () => {
    const { db, database, prepared } = counted(2);
    await sql`select 1`.execute(db);
    await sql`select 2`.execute(db);
    await sql`select 1`.execute(db);
    await sql`select 3`.execute(db); // drops `select 2`
    expect(database.cachedStatements).toBe(2);
    const before = prepared();
    await sql`select 1`.execute(db);
    expect(prepared()).toBe(before);
    await sql`select 2`.execute(db);
    expect(prepared()).toBe(before + 1);
    await db.destroy();
  });

  it('sees schema changes after a statement was kept', async () => {
    const { db } = counted();
    await sql`create table t (id integer primary key, v text)`.execute(db);
    await db.insertInto('t').values({ id: 1, v: 'a' }).execute();
    const read = () => sql<Record<string, unknown>>`select * from t`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, v: 'a' }]);
    await sql`alter table t add column w text default 'x'`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, v: 'a', w: 'x' }]);
    await db.destroy();
  });

  it('closes the database with Kysely', async () => {
    const { db, sqlite } = counted();
    await sql`select 1`.execute(db);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
