import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VigiaEvent } from '../events/types.js';
import type { Store } from '../store/database.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { createIngest, type Ingest, type IngestLogger } from './ingest.js';
import { createFixture, type Fixture } from './testFixture.js';

const available = await testStoreAvailable();

const quietLog = (): IngestLogger & { warnings: string[] } => {
  const warnings: string[] = [];
  return {
    warnings,
    warn: (_obj, msg) => warnings.push(msg),
    error: (_obj, msg) => warnings.push(msg),
  };
};

describe.skipIf(!available)('ingest', () => {
  let store: Store;
  let fx: Fixture;
  let ingest: Ingest;
  let events: VigiaEvent[];
  let log: ReturnType<typeof quietLog>;
  let clock: number;

  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    fx = await createFixture(store);
    events = [];
    log = quietLog();
    clock = fx.t0 + 600;
    ingest = withBatchMs(10_000);
  });
  afterEach(async () => {
    await ingest.close();
  });

  /** An ingest of this test's store, events and clock. */
  const withBatchMs = (batchMs: number) =>
    createIngest({ store, publish: (e) => events.push(e), batchMs, now: () => clock, log });

  const current = async (deviceId: number, nome: string) =>
    store.db
      .selectFrom('current_values')
      .innerJoin('tags', 'tags.id', 'current_values.tag_id')
      .select(['current_values.valor', 'current_values.ts'])
      .where('tags.device_id', '=', deviceId)
      .where('tags.nome', '=', nome)
      .executeTakeFirst();
  const history = async (deviceId: number, nome: string) =>
    store.db
      .selectFrom('readings')
      .innerJoin('tags', 'tags.id', 'readings.tag_id')
      .select(['readings.ts', 'readings.valor'])
      .where('tags.device_id', '=', deviceId)
      .where('tags.nome', '=', nome)
      .orderBy('readings.ts')
      .execute();

  it('writes history, the current value and the last-seen time, then publishes readings.updated', async () => {
    ingest.submit(fx.deviceId, { ts: fx.t0, leituras: { kW: 120.5, OilTemp: 80 } });
    ingest.submit(fx.deviceId, { ts: fx.t0 + 60, leituras: { kW: 130 } });
    await ingest.flush();
    expect(await history(fx.deviceId, 'kW')).toEqual([
      { ts: fx.t0, valor: 120.5 },
      { ts: fx.t0 + 60, valor: 130 },
    ]);
    expect(await current(fx.deviceId, 'kW')).toEqual({ valor: 130, ts: fx.t0 + 60 });
    const device = await store.db
      .selectFrom('devices')
      .select('last_seen_at')
      .where('id', '=', fx.deviceId)
      .executeTakeFirstOrThrow();
    expect(device.last_seen_at).toBe(fx.t0 + 60);
    expect(ingest.stats()).toEqual({ accepted: 2, rejected: 0, written: 3 });
    const updated = events.filter((e) => e.type === 'readings.updated');
    expect(updated).toEqual([
      {
        type: 'readings.updated',
        sisId: fx.systemId,
        devices: [{ deviceId: fx.deviceId, ts: fx.t0 + 60 }],
        names: ['kW', 'OilTemp'],
      },
    ]);
  });

  it('ignores a repeated (device, tag, ts)', async () => {
    const message = { ts: fx.t0, leituras: { kW: 10 } };
    ingest.submit(fx.deviceId, message);
    await ingest.flush();
    ingest.submit(fx.deviceId, { ts: fx.t0, leituras: { kW: 99 } });
    ingest.submit(fx.deviceId, message);
    await ingest.flush();
    expect(await history(fx.deviceId, 'kW')).toEqual([{ ts: fx.t0, valor: 10 }]);
    expect(ingest.stats().written).toBe(1);
    expect(ingest.stats().accepted).toBe(3);
  });

  it('moves the current value only forward in time', async () => {
    ingest.submit(fx.deviceId, { ts: fx.t0 + 120, leituras: { kW: 200 } });
    await ingest.flush();
    ingest.submit(fx.deviceId, { ts: fx.t0 + 60, leituras: { kW: 150 } });
    await ingest.flush();
    expect(await current(fx.deviceId, 'kW')).toEqual({ valor: 200, ts: fx.t0 + 120 });
    // The late reading still lands in the history.
    expect((await history(fx.deviceId, 'kW')).map((r) => r.valor)).toEqual([150, 200]);
    // Within one batch too: the newest wins whatever the arrival order.
    ingest.submit(fx.deviceId, { ts: fx.t0 + 240, leituras: { kW: 240 } });
    ingest.submit(fx.deviceId, { ts: fx.t0 + 180, leituras: { kW: 180 } });
    await ingest.flush();
    expect(await current(fx.deviceId, 'kW')).toEqual({ valor: 240, ts: fx.t0 + 240 });
  });

  it.skipIf(process.env.VIGIA_TEST_DB !== 'postgres')(
    'raises an alarm while the batch ahead of it waits to be written (PostgreSQL)',
    async () => {
      if (store.raw.dialect !== 'postgres') return;
      const { pool } = store.raw;
      const fast = withBatchMs(20);
      // Another session holds the history table: the first batch's insert waits for it.
      const blocker = await pool.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table readings in share mode');
        fast.submit(fx.deviceId, { ts: fx.t0, leituras: { kW: 10 } });
        const first = fast.flush();
        const waiting = async () => {
          // Not on the blocker: within its transaction the activity view stays as first read.
          const { rows } = await pool.query(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return rows[0].n as number;
        };
        await expect.poll(waiting, { timeout: 5000 }).toBe(1);
        fast.submit(fx.deviceId, { ts: fx.t0 + 60, leituras: { OilTemp: 130 } });
        await expect
          .poll(() => events.some((e) => e.type === 'occurrence.opened'), { timeout: 5000 })
          .toBe(true);
        expect(await history(fx.deviceId, 'kW')).toEqual([]);
        expect(events.some((e) => e.type === 'readings.updated')).toBe(false);
        await blocker.query('commit');
        await first;
        await fast.flush();
        expect(await history(fx.deviceId, 'kW')).toEqual([{ ts: fx.t0, valor: 10 }]);
        expect(await history(fx.deviceId, 'OilTemp')).toEqual([{ ts: fx.t0 + 60, valor: 130 }]);
        expect(events.some((e) => e.type === 'readings.updated')).toBe(true);
      } finally {
        await blocker.query('rollback').catch(() => {});
        blocker.release();
        await fast.close();
      }
    },
  );

  it('while messages wait, evaluates alarms of loaded devices only; the batch stores a new reading name and its alarm', async () => {
    const fast = withBatchMs(20);
    try {
      // Cold cache: the device is loaded by the writer alone, which then creates the new tag.
      fast.submit(fx.deviceId, { ts: fx.t0, leituras: { OilTemp: 130, LeituraNova: 3 } });
      await fast.flush();
      expect(await history(fx.deviceId, 'LeituraNova')).toEqual([{ ts: fx.t0, valor: 3 }]);
      expect(events.filter((e) => e.type === 'occurrence.opened')).toHaveLength(1);
      // Loaded now: a waiting message is evaluated before its batch is written.
      fast.submit(fx.deviceId, { ts: fx.t0 + 60, leituras: { OilTemp: 20, LeituraNova: 4 } });
      await expect
        .poll(() => events.some((e) => e.type === 'occurrence.cleared'), { timeout: 5000 })
        .toBe(true);
      await fast.flush();
      expect((await history(fx.deviceId, 'LeituraNova')).map((r) => r.valor)).toEqual([3, 4]);
    } finally {
      await fast.close();
    }
  });

  it('counts and logs malformed messages and keeps going', async () => {
    const bad: [number, unknown][] = [
      [fx.deviceId, '{not json'],
      [fx.deviceId, Buffer.from('[]')],
      [fx.deviceId, { leituras: { kW: 1 } }],
      [fx.deviceId, { ts: 'ontem', leituras: { kW: 1 } }],
      [fx.deviceId, { ts: fx.t0, leituras: { kW: 'muito' } }],
      [fx.deviceId, { ts: fx.t0, leituras: {} }],
      [fx.deviceId, { ts: fx.t0, leituras: { 'nome inválido!': 1 } }],
      [fx.deviceId, { ts: clock + 3600, leituras: { kW: 1 } }],
      [fx.deviceId, { ts: 1000, leituras: { kW: 1 } }],
      [Number.NaN, { ts: fx.t0, leituras: { kW: 1 } }],
      [-5, { ts: fx.t0, leituras: { kW: 1 } }],
      [null as unknown as number, { ts: fx.t0, leituras: { kW: 1 } }],
      [fx.deviceId, null],
    ];
    for (const [id, payload] of bad) expect(() => ingest.submit(id, payload)).not.toThrow();
    ingest.submit(fx.deviceId, JSON.stringify({ ts: fx.t0, leituras: { kW: 42 } }));
    ingest.submit(99_999_999, { ts: fx.t0, leituras: { kW: 1 } });
    await ingest.flush();
    expect(ingest.stats()).toEqual({ accepted: 2, rejected: bad.length + 1, written: 1 });
    expect(await current(fx.deviceId, 'kW')).toEqual({ valor: 42, ts: fx.t0 });
    expect(log.warnings.length).toBeGreaterThan(0);
    expect(log.warnings.some((w) => w.includes('Mensagem inválida'))).toBe(true);
    expect(log.warnings.some((w) => w.includes('Dispositivo desconhecido'))).toBe(true);
  });

  it('creates a tag for a reading name the device has not sent before', async () => {
    ingest.submit(fx.deviceId, { ts: fx.t0, leituras: { Partidas: 12, kW: 5 }, qos: 3 });
    await ingest.flush();
    const tag = await store.db
      .selectFrom('tags')
      .selectAll()
      .where('device_id', '=', fx.deviceId)
      .where('nome', '=', 'Partidas')
      .executeTakeFirstOrThrow();
    expect(tag.apelido).toBe('Partidas');
    const cv = await store.db
      .selectFrom('current_values')
      .selectAll()
      .where('tag_id', '=', tag.id)
      .executeTakeFirstOrThrow();
    expect(cv).toEqual({ tag_id: tag.id, valor: 12, ts: fx.t0, qos: 3 });
  });

  it('writes a full batch without waiting for the timer and flushes on close', async () => {
    const small = createIngest({
      store,
      maxBatchReadings: 10,
      batchMs: 60_000,
      now: () => clock,
      log,
    });
    for (let i = 0; i < 10; i++) small.submit(fx.deviceId, { ts: fx.t0 + i, leituras: { kW: i } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await history(fx.deviceId, 'kW')).length).toBe(10);
    small.submit(fx.otherDeviceId, { ts: fx.t0, leituras: { kW: 7 } });
    await small.close();
    expect(await current(fx.otherDeviceId, 'kW')).toEqual({ valor: 7, ts: fx.t0 });
    small.submit(fx.otherDeviceId, { ts: fx.t0 + 1, leituras: { kW: 8 } });
    expect(small.stats().rejected).toBe(1);
  });
});
