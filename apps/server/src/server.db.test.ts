import { randomBytes } from 'node:crypto';
import type { TipoTotal, UserInfo } from '@vigia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './seed/demoFleet.js';
import { openStore } from './store/database.js';
import { createTestDatabase, type TestDatabase, testStoreAvailable } from './store/testStore.js';
import { DEMO_TEST_SEED } from './test/databaseTemplates.js';
import { startServerProcess } from './test/serverProcess.js';
import { isEvent, openEventStream } from './test/sse.js';

const available = await testStoreAvailable();
const onPostgres = process.env.VIGIA_TEST_DB === 'postgres';

describe.skipIf(!available)('server process: the embedded start', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    // The 30-day seed takes ~20 s on PostgreSQL: there the start finds a day's demo
    // (seeding is then a no-op); on SQLite it seeds the month itself.
    database = await createTestDatabase(onPostgres ? 'demo' : undefined);
    if (onPostgres) {
      const store = await openStore(database.url);
      await seedDemo(store, DEMO_TEST_SEED);
      await store.close();
    }
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('seeds the demo, signs in with curl’s form, serves userinfo, listatipos and live readings, and stops on SIGTERM', async () => {
    const server = await startServerProcess({ DATABASE_URL: database.url }, 90_000);
    try {
      const token = await fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'password',
          username: 'demo',
          password: 'demo',
          client_id: 'vigia-web',
        }),
      });
      expect(token.status).toBe(200);
      const { access_token } = (await token.json()) as { access_token: string };
      const headers = { authorization: `Bearer ${access_token}` };

      const info = (await (
        await fetch(`${server.url}/api/User/userinfo`, { headers })
      ).json()) as UserInfo;
      expect(info.login).toBe('demo');
      expect(info.sistemas.some((s) => s.id === 121)).toBe(true);

      const tipos = (await (
        await fetch(`${server.url}/api/User/listatipos?sisid=0`, { headers })
      ).json()) as TipoTotal[];
      expect(tipos.length).toBeGreaterThan(5);

      // The simulator publishes through the ingest path as soon as it starts.
      const stream = await openEventStream(`${server.url}/api/eventos`, headers);
      try {
        await stream.waitFor(isEvent('readings.updated'), 20_000);
      } finally {
        stream.close();
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(server.output()).toContain('encerrado');
    // The start may take its 90 s (seeding a month on a loaded machine), then the checks.
  }, 150_000);
});

describe.skipIf(!available || !onPostgres)('server processes: event fan-out on PostgreSQL', () => {
  let database: TestDatabase;
  let deviceKey: string;
  let deviceId: number;
  let sisId: number;

  beforeAll(async () => {
    database = await createTestDatabase('demo');
    const store = await openStore(database.url);
    await seedDemo(store, DEMO_TEST_SEED);
    // A device of demo's, given a known ingest key for the test.
    const { createHash } = await import('node:crypto');
    deviceKey = `teste_${randomBytes(12).toString('hex')}`;
    const device = await store.db
      .selectFrom('devices')
      .innerJoin('user_systems', 'user_systems.system_id', 'devices.system_id')
      .innerJoin('users', 'users.id', 'user_systems.user_id')
      .select(['devices.id', 'devices.system_id'])
      .where('users.login', '=', 'demo')
      .orderBy('devices.id')
      .executeTakeFirstOrThrow();
    deviceId = device.id;
    sisId = device.system_id;
    await store.db
      .updateTable('devices')
      .set({ ingest_key_hash: createHash('sha256').update(deviceKey).digest('hex') })
      .where('id', '=', deviceId)
      .execute();
    await store.close();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('an event caused through one process reaches the stream of the other, once', async () => {
    // Nodes of one deployment share the signing key through the environment (README).
    const env = {
      DATABASE_URL: database.url,
      VIGIA_DEMO: '0',
      VIGIA_SIMULATOR: '0',
      VIGIA_JWT_SECRET: randomBytes(32).toString('base64url'),
    };
    const [a, b] = await Promise.all([
      startServerProcess(env, 60_000),
      startServerProcess(env, 60_000),
    ]);
    try {
      const login = async (url: string) => {
        const response = await fetch(`${url}/oauth/token`, {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'password',
            username: 'demo',
            password: 'demo',
            client_id: 'vigia-web',
          }),
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { access_token: string }).access_token;
      };
      // Signed in on A, streaming from B: both processes sign with the same key.
      const token = await login(a.url);
      const onB = await openEventStream(`${b.url}/api/eventos?access_token=${token}`);
      const onA = await openEventStream(`${a.url}/api/eventos?access_token=${token}`);
      expect(onB.status).toBe(200);
      expect(onA.status).toBe(200);
      await onB.waitFor((m) => m.retry !== undefined);
      await onA.waitFor((m) => m.retry !== undefined);

      const ts = Math.floor(Date.now() / 1000);
      const ingest = await fetch(`${a.url}/api/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-key': deviceKey },
        body: JSON.stringify({ ts, leituras: { kW: 123.4 } }),
      });
      expect(ingest.status).toBe(202);

      const match = isEvent(
        'readings.updated',
        (e) =>
          e.sisId === sisId &&
          e.type === 'readings.updated' &&
          e.devices.some((d) => d.deviceId === deviceId && d.ts === ts),
      );
      const started = Date.now();
      await onB.waitFor(match, 10_000);
      const latencyMs = Date.now() - started;
      await onA.waitFor(match, 10_000);
      // Give a duplicate time to arrive: a process must ignore its own NOTIFY.
      await new Promise((r) => setTimeout(r, 500));
      expect(onA.messages.filter(match)).toHaveLength(1);
      expect(onB.messages.filter(match)).toHaveLength(1);
      expect(latencyMs).toBeLessThan(5_000);
      onA.close();
      onB.close();
    } finally {
      const codes = await Promise.all([a.stop(), b.stop()]);
      expect(codes).toEqual([0, 0]);
    }
  }, 120_000);
});
