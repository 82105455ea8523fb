import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testStoreAvailable } from '../store/testStore.js';
import { EventBus } from './eventBus.js';
import { EVENTS_CHANNEL, type PgEventRelay, startPgEventRelay } from './pgEventRelay.js';
import type { VigiaEvent } from './types.js';

const onPostgres = process.env.VIGIA_TEST_DB === 'postgres' && (await testStoreAvailable());
const quiet = { info() {}, warn() {}, error() {} };

const opened = (occurrenceId: number): VigiaEvent => ({
  type: 'occurrence.opened',
  sisId: 121,
  deviceId: 7,
  occurrenceId,
  critico: 1,
});

describe.skipIf(!onPostgres)('PostgreSQL event relay (LISTEN/NOTIFY)', () => {
  let database: TestDatabase;
  const buses = [new EventBus(), new EventBus()];
  const relays: PgEventRelay[] = [];
  const seen: VigiaEvent[][] = [[], []];

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const [i, bus] of buses.entries()) {
      relays.push(await startPgEventRelay({ connectionString: database.url, bus, log: quiet }));
      bus.subscribe((e) => seen[i]?.push(e));
    }
  });
  afterAll(async () => {
    await Promise.all(relays.map((r) => r.close()));
    await database?.drop();
  });

  const ids = (i: number) =>
    (seen[i] ?? []).map((e) => (e.type === 'occurrence.opened' ? e.occurrenceId : -1));

  it('delivers what one process publishes to the other, and to itself exactly once', async () => {
    buses[0]?.publish(opened(1));
    await expect.poll(() => ids(1), { timeout: 3_000 }).toEqual([1]);
    await new Promise((r) => setTimeout(r, 300));
    expect(ids(0)).toEqual([1]);
  });

  it('ignores foreign payloads that are not live events', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, 'não é json']);
    await client.query('select pg_notify($1, $2)', [
      EVENTS_CHANNEL,
      JSON.stringify({ o: 'outro', e: { type: 'desconhecido', sisId: 1 } }),
    ]);
    await client.query('select pg_notify($1, $2)', [
      EVENTS_CHANNEL,
      JSON.stringify({ o: 'outro', e: opened(2) }),
    ]);
    await client.end();
    await expect.poll(() => ids(1), { timeout: 3_000 }).toEqual([1, 2]);
    await expect.poll(() => ids(0), { timeout: 3_000 }).toEqual([1, 2]);
  });

  it('reconnects its LISTEN after the connection is killed', async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    await admin.end();
    expect(killed.rowCount).toBe(2);
    // The relay retries after 0.5 s, then 1 s, …
    await expect
      .poll(
        async () => {
          buses[0]?.publish(opened(100 + Math.floor(Math.random() * 1000)));
          return ids(1).filter((id) => id >= 100).length;
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBeGreaterThan(0);
  });

  it('publishToAllNodes settles once its own NOTIFY is back, delivered once to each process', async () => {
    const heardBack: number[] = [];
    const probe = new pg.Client({ connectionString: database.url });
    await probe.connect();
    await probe.query(`LISTEN ${EVENTS_CHANNEL}`);
    probe.on('notification', (m) => heardBack.push(JSON.parse(m.payload ?? '{}').e?.occurrenceId));
    await buses[0]?.publishToAllNodes(opened(5000));
    expect(ids(0).filter((id) => id === 5000)).toEqual([5000]);
    await expect.poll(() => ids(1).filter((id) => id === 5000), { timeout: 3_000 }).toEqual([5000]);
    await expect.poll(() => heardBack, { timeout: 3_000 }).toContain(5000);
    await probe.end();
    await new Promise((r) => setTimeout(r, 200));
    expect(ids(0).filter((id) => id === 5000)).toEqual([5000]);
  });
});
