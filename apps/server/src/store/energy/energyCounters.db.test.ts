import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoTestStore } from '../../test/databaseTemplates.js';
import type { Store } from '../database.js';
import { testStoreAvailable } from '../testStore.js';
import { energyByDevice } from './energyCounters.js';

const available = await testStoreAvailable();

describe.skipIf(!available)('energy of the last 24 h per device', () => {
  let store: Store;
  let ids: number[];
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    store = await openDemoTestStore();
    ids = (await store.db.selectFrom('devices').select('id').orderBy('id').execute()).map(
      (d) => d.id,
    );
  });
  afterAll(async () => {
    await store?.close();
  });

  it('reads the same counters in slices of a few devices as in one statement', async () => {
    const whole = await energyByDevice(store.db, ids, now, ids.length);
    const sliced = await energyByDevice(store.db, ids, now, 3);
    expect(ids.length).toBeGreaterThan(6);
    expect([...sliced.entries()].sort(([a], [b]) => a - b)).toEqual(
      [...whole.entries()].sort(([a], [b]) => a - b),
    );
    expect([...whole.values()].some((e) => e.energia24h !== null)).toBe(true);
  });
});
