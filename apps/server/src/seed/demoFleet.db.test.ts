import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password.js';
import { deviceKeyHash } from '../ingest/deviceKey.js';
import type { Store } from '../store/database.js';
import { parseJson } from '../store/json.js';
import type { SystemConfig } from '../store/schema.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { DEVICE_TYPES } from './catalog.js';
import { DEMO_USERS, demoDeviceKey, seedDemo } from './demoFleet.js';

const available = await testStoreAvailable();
const NOW = 1_790_000_000;
// The full 30 days on SQLite; PostgreSQL runs the same code on 3 (30 take ~14 s there).
const DAYS = process.env.VIGIA_TEST_DB === 'postgres' ? 3 : 30;

const count = async (
  store: Store,
  table: 'devices' | 'readings' | 'occurrences' | 'users' | 'tags',
) => {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe.skipIf(!available)('seedDemo', () => {
  let store: Store;
  let seconds = 0;
  beforeAll(async () => {
    store = await openTestStore();
    const started = performance.now();
    await seedDemo(store, { seed: 7, users: true, now: NOW, historyDays: DAYS });
    seconds = (performance.now() - started) / 1000;
    console.info(`[seed] ${DAYS} days seeded in ${seconds.toFixed(1)} s`);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  it('creates at least 60 devices covering every device type', async () => {
    const devices = await store.db.selectFrom('devices').select(['tipo']).execute();
    expect(devices.length).toBeGreaterThanOrEqual(60);
    const types = new Set(devices.map((d) => d.tipo));
    for (const def of DEVICE_TYPES) expect(types).toContain(def.tipo);
  });

  it('configures system 121 to open the generators page', async () => {
    const system = await store.db
      .selectFrom('systems')
      .select('config')
      .where('id', '=', 121)
      .executeTakeFirstOrThrow();
    expect(parseJson<SystemConfig>(system.config, { home: null }).home).toBe('geradores');
  });

  it('creates the fixed demo users', async () => {
    const users = await store.db.selectFrom('users').selectAll().orderBy('id').execute();
    const byLogin = new Map(users.map((u) => [u.login, u]));
    const demo = byLogin.get('demo');
    expect(demo && (await verifyPassword('demo', demo.password_hash))).toBe(true);
    expect(parseJson<number[]>(demo?.direitos_id, [])).toContain(1);
    expect(byLogin.get('admin')?.administrator).toBe(1);
    expect(byLogin.get('bloqueado')?.blocked).toBe(1);
    const systemsOf = async (userId: number) =>
      (
        await store.db
          .selectFrom('user_systems')
          .select('system_id')
          .where('user_id', '=', userId)
          .execute()
      ).map((r) => r.system_id);
    expect(await systemsOf(DEMO_USERS.demo.id)).toContain(121);
    expect((await systemsOf(DEMO_USERS.demo.id)).length).toBeGreaterThan(1);
    expect(await systemsOf(DEMO_USERS.cliente.id)).toHaveLength(1);
    expect(parseJson<number[]>(byLogin.get('cliente')?.direitos_id, [1])).toEqual([]);
  });

  it('writes the days of history asked for and the last-seen time of reporting devices', async () => {
    const range = await store.db
      .selectFrom('readings')
      .select((eb) => [eb.fn.min('ts').as('first'), eb.fn.max('ts').as('last')])
      .executeTakeFirstOrThrow();
    expect(Number(range.last) - Number(range.first)).toBeGreaterThanOrEqual(DAYS * 86400 - 900);
    expect(Number(range.last)).toBeLessThanOrEqual(NOW);
    expect(await count(store, 'readings')).toBeGreaterThan(DAYS * 60_000);
    const never = await store.db
      .selectFrom('devices')
      .select('id')
      .where('last_seen_at', 'is', null)
      .execute();
    expect(never).toHaveLength(1);
    const offline = await store.db
      .selectFrom('devices')
      .select('id')
      .where('last_seen_at', '<', NOW - 86400)
      .execute();
    expect(offline.length).toBeGreaterThanOrEqual(3);
  });

  it('records historical occurrences, some still active and communication losses of offline devices', async () => {
    const rows = await store.db.selectFrom('occurrences').selectAll().execute();
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.some((o) => o.hora_desativacao === null)).toBe(true);
    expect(rows.some((o) => o.hora_ack !== null && o.hora_desativacao !== null)).toBe(true);
    expect(rows.some((o) => o.is_evt === 1 && o.hora_desativacao === o.hora_ativacao)).toBe(true);
    expect(
      rows.some((o) => o.nome_alarme === 'Falha de comunicação' && o.hora_desativacao === null),
    ).toBe(true);
  });

  it('stores the hash of each device ingest key', async () => {
    const device = await store.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', 1001)
      .executeTakeFirstOrThrow();
    expect(device.ingest_key_hash).toBe(deviceKeyHash(demoDeviceKey(7, 1001)));
  });

  it('does nothing when seeded again', async () => {
    const before = await Promise.all([
      count(store, 'devices'),
      count(store, 'readings'),
      count(store, 'occurrences'),
    ]);
    await seedDemo(store, { seed: 7, users: true, now: NOW + 3600 });
    const after = await Promise.all([
      count(store, 'devices'),
      count(store, 'readings'),
      count(store, 'occurrences'),
    ]);
    expect(after).toEqual(before);
  });

  it('lets the database generate ids after the seed', async () => {
    const row = await store.db
      .insertInto('companies')
      .values({ nome: 'Nova Empresa' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(6);
  });
});
