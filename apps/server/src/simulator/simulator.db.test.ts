import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
