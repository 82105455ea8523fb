import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_CACHE_KIB, type Store } from './database.js';
import { readingPartitions } from './partitions.js';
import { TABLES } from './schema.js';
import { openTestStore, testStoreAvailable } from './testStore.js';

const available = await testStoreAvailable();
const NOW = Math.floor(Date.now() / 1000);

describe.skipIf(!available)('store', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('migrates every table of the schema', async () => {
    const tables = await store.db.introspection.getTables();
    const names = tables.map((t) => t.name);
    for (const table of TABLES) expect(names).toContain(table);
  });

  it('answers count() as a number and keeps fractional readings', async () => {
    await store.db.insertInto('companies').values({ id: 1, nome: 'Empresa' }).execute();
    await store.db
      .insertInto('systems')
      .values({ id: 1, nome: 'Sistema', company_id: 1, config: '{"home":null}' })
      .execute();
    const row = await store.db
      .selectFrom('systems')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(row.n).toBe(1);
    await store.db
      .insertInto('readings')
      .values({ tag_id: 1, ts: NOW, valor: 0.123456789, qos: 0 })
      .execute();
    const reading = await store.db.selectFrom('readings').selectAll().executeTakeFirstOrThrow();
    expect(reading).toEqual({ tag_id: 1, ts: NOW, valor: 0.123456789, qos: 0 });
  });

  it('reads through `reads` without waiting for an open write transaction', async () => {
    let release = () => {};
    let written = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const insertDone = new Promise<void>((resolve) => {
      written = resolve;
    });
    const writing = store.db.transaction().execute(async (trx) => {
      await trx.insertInto('companies').values({ id: 50, nome: 'Durante' }).execute();
      written();
      await hold;
    });
    await insertDone;
    const company50 = () =>
      store.reads.selectFrom('companies').select('id').where('id', '=', 50).execute();
    const during = await Promise.race([
      company50(),
      new Promise((resolve) => setTimeout(() => resolve('esperou a transação'), 2_000)),
    ]);
    expect(during).toEqual([]);
    release();
    await writing;
    expect(await company50()).toEqual([{ id: 50 }]);
  });

  it.runIf(process.env.VIGIA_TEST_DB !== 'postgres')(
    'gives the SQLite read connection a smaller page cache than the writing one',
    async () => {
      const cacheSize = async (db: Store['db']) =>
        (await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]?.cache_size;
      expect(store.reads).not.toBe(store.db);
      expect(await cacheSize(store.db)).toBe(-SQLITE_CACHE_KIB.writer);
      expect(await cacheSize(store.reads)).toBe(-SQLITE_CACHE_KIB.reader);
      expect(SQLITE_CACHE_KIB.reader).toBeLessThan(SQLITE_CACHE_KIB.writer);
    },
  );

  it('ignores a repeated (tag, ts) reading', async () => {
    const insert = () =>
      store.db
        .insertInto('readings')
        .values({ tag_id: 2, ts: NOW, valor: 1, qos: 0 })
        .onConflict((oc) => oc.columns(['tag_id', 'ts']).doNothing())
        .execute();
    await insert();
    await insert();
    const { n } = await store.db
      .selectFrom('readings')
      .where('tag_id', '=', 2)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(n).toBe(1);
  });

  it('allows one open alarm per device and rule', async () => {
    const t = Math.floor(Date.now() / 1000);
    await store.db
      .insertInto('device_templates')
      .values({ id: 1, nome: 'T', tipo: 'gerador' })
      .execute();
    await store.db
      .insertInto('devices')
      .values({
        id: 1,
        nome: 'D',
        patrimonio: 'GMG1',
        tipo: 'gerador',
        template_id: 1,
        local_nome: '',
        uf: 'SP',
        system_id: 1,
        created_at: t,
      })
      .execute();
    await store.db
      .insertInto('alarm_rules')
      .values({
        id: 1,
        template_id: 1,
        kind: 'threshold',
        tag: 'OilTemp',
        operator: '>',
        limit_value: 100,
        critico: 20,
        nome_alarme: 'Alta',
      })
      .execute();
    const open = {
      system_id: 1,
      device_id: 1,
      site_id: 1,
      rule_id: 1,
      critico: 20,
      is_evt: 0 as const,
      hora_ativacao: t,
      nome_alarme: 'Alta',
    };
    await store.db.insertInto('occurrences').values(open).execute();
    await expect(store.db.insertInto('occurrences').values(open).execute()).rejects.toThrow();
    await store.db
      .updateTable('occurrences')
      .set({ hora_desativacao: t + 1 })
      .execute();
    await store.db.insertInto('occurrences').values(open).execute();
  });

  it.runIf(process.env.VIGIA_TEST_DB === 'postgres')(
    'partitions reading history by month on PostgreSQL, ahead of time',
    async () => {
      const parts = await readingPartitions(store);
      const now = new Date();
      const ym = (d: Date) =>
        `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
      expect(parts).toContain(`readings_${ym(now)}`);
      const ahead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
      expect(parts).toContain(`readings_${ym(ahead)}`);
      const { rows } = await sql<{ strategy: string }>`
        select partstrat as strategy from pg_partitioned_table pt
        join pg_class c on c.oid = pt.partrelid where c.relname = 'readings'`.execute(store.db);
      expect(rows[0]?.strategy).toBe('r');
    },
  );
});
