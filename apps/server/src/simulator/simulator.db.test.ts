import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessCommandBus } from '../commands/transport.js';
import type { VigiaEvent } from '../events/types.js';
import { createIngest } from '../ingest/ingest.js';
import { seedDemo } from '../seed/demoFleet.js';
import { buildFleet, silentDeviceIds } from '../seed/fleet.js';
import type { Store } from '../store/database.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { startSimulator } from './simulator.js';

const available = await testStoreAvailable();
const NOW = Math.floor(Date.now() / 1000) - 900;
const silentLog = { warn: () => {}, error: () => {} };

/** Seeds a store, runs the simulator for `ticks` steps of 20 s and answers what it wrote. */
async function simulate(store: Store, seed: number, ticks: number) {
  await seedDemo(store, { seed: 5, users: false, now: NOW, historyDays: 0.25 });
  let clock = NOW;
  const events: VigiaEvent[] = [];
  const ingest = createIngest({
    store,
    publish: (e) => events.push(e),
    now: () => clock,
    log: silentLog,
  });
  const simulator = startSimulator({ store, ingest, seed, intervalMs: 0, now: () => clock });
  for (let i = 1; i <= ticks; i++) {
    clock = NOW + i * 20;
    await simulator.tick();
  }
  await simulator.stop();
  await ingest.close();
  const rows = await store.db
    .selectFrom('readings')
    .innerJoin('tags', 'tags.id', 'readings.tag_id')
    .select(['tags.device_id', 'tags.nome', 'readings.ts', 'readings.valor'])
    .where('readings.ts', '>', NOW)
    .orderBy('tags.device_id')
    .orderBy('tags.nome')
    .orderBy('readings.ts')
    .execute();
  return { rows, events, stats: ingest.stats() };
}

describe.skipIf(!available)('simulator', () => {
  const stores: Store[] = [];
  let first: Awaited<ReturnType<typeof simulate>>;
  let second: Awaited<ReturnType<typeof simulate>>;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) stores.push(await openTestStore());
    const [a, b] = stores as [Store, Store];
    [first, second] = await Promise.all([simulate(a, 21, 6), simulate(b, 21, 6)]);
  }, 60_000);
  afterAll(async () => {
    for (const s of stores) await s.close();
  });

  it('publishes readings of every reporting device through the ingest', () => {
    const fleet = buildFleet();
    const silent = silentDeviceIds(fleet);
    const reporting = new Set(first.rows.map((r) => r.device_id));
    for (const d of fleet.devices)
      expect(reporting.has(d.id), `${d.id} ${d.nome}`).toBe(!silent.has(d.id));
    expect(first.stats.rejected).toBe(0);
    expect(first.stats.written).toBe(first.rows.length);
    expect(first.events.some((e) => e.type === 'readings.updated')).toBe(true);
  });

  it('reports each device once a minute', () => {
    const perDevice = new Map<number, Set<number>>();
    for (const r of first.rows)
      perDevice.set(r.device_id, (perDevice.get(r.device_id) ?? new Set()).add(r.ts));
    for (const [, times] of perDevice) expect(times.size).toBeLessThanOrEqual(3);
  });

  it('is deterministic for a seed and a clock', () => {
    expect(first.rows.length).toBeGreaterThan(1000);
    expect(second.rows).toEqual(first.rows);
  });

  it('keeps offline and never-communicating devices silent', async () => {
    const store = stores[0] as Store;
    const fleet = buildFleet();
    const rows = await store.db
      .selectFrom('devices')
      .select(['id', 'last_seen_at'])
      .where('id', 'in', [...silentDeviceIds(fleet)])
      .execute();
    for (const r of rows)
      expect(r.last_seen_at === null || r.last_seen_at < NOW - 86400).toBe(true);
  });
});

describe.skipIf(!available)('simulated devices answering commands', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore();
    await seedDemo(store, { seed: 5, users: false, now: NOW, historyDays: 0.1 });
  });
  afterAll(async () => {
    await store?.close();
  });

  it('hear commands on their topic, acknowledge, then execute or fail them; silent devices never answer; the server tables stay untouched', async () => {
    const fleet = buildFleet();
    const prime = fleet.devices.find((d) => d.params.regime === 'prime' && d.status === 'online');
    const offline = fleet.devices.find((d) => d.status === 'offline' && d.tipo === 'gerador');
    if (!prime || !offline) throw new Error('fleet changed');
    const commandsBefore = await store.db.selectFrom('commands').selectAll().execute();

    let clock = NOW;
    const bus = createInProcessCommandBus();
    const answers: [number, unknown][] = [];
    bus.server.onStatus((deviceId, payload) =>
      answers.push([deviceId, JSON.parse(String(payload))]),
    );
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    const ingest = createIngest({ store, now: () => clock, log: silentLog });
    const simulator = startSimulator({
      store,
      ingest,
      seed: 5,
      intervalMs: 0,
      now: () => clock,
      commands: bus.devices,
    });
    // Heard before the first step: kept until the fleet is known.
    await bus.server.send(prime.id, { id: 9001, parameter_id: 100, comando: 1 });
    await bus.server.send(prime.id, { id: 9002, parameter_id: 999, comando: 1 });
    await bus.server.send(offline.id, { id: 9003, parameter_id: 100, comando: 1 });
    await settle();
    clock = NOW + 20;
    await simulator.tick();
    await settle();
    expect(answers).toEqual([
      [prime.id, { id: 9001, statusWebId: 1 }],
      [prime.id, { id: 9002, statusWebId: 1 }],
    ]);
    // A command published again (a server restart) runs once.
    await bus.server.send(prime.id, { id: 9001, parameter_id: 100, comando: 1 });
    await settle();
    clock = NOW + 40;
    await simulator.tick();
    await settle();
    expect(answers.slice(2)).toEqual([
      [prime.id, { id: 9001, statusWebId: 2 }],
      [prime.id, { id: 9002, statusWebId: 3 }],
    ]);
    for (let t = 60; t <= 160; t += 20) {
      clock = NOW + t;
      await simulator.tick();
    }
    await simulator.stop();
    await ingest.close();
    expect(answers).toHaveLength(4);
    expect(await store.db.selectFrom('commands').selectAll().execute()).toEqual(commandsBefore);
    const readings = await store.db
      .selectFrom('current_values')
      .innerJoin('tags', 'tags.id', 'current_values.tag_id')
      .select(['tags.nome', 'current_values.valor'])
      .where('tags.device_id', '=', prime.id)
      .where('tags.nome', 'in', ['modoWeb', 'statusGMG', 'kW'])
      .execute();
    expect(Object.fromEntries(readings.map((r) => [r.nome, r.valor]))).toEqual({
      modoWeb: 1,
      statusGMG: 2048,
      kW: 0,
    });
  });
});
