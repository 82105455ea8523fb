import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from './database.js';
import { ensureReadingPartitions } from './partitions.js';
import { readingStorageBytes } from './readingStorage.js';
import { insertReadingRows, openTestStore, testStoreAvailable } from './testStore.js';

const available = await testStoreAvailable();
const T0 = Date.UTC(2026, 2, 1) / 1000;

describe.skipIf(!available)('readingStorageBytes', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore();
    await ensureReadingPartitions(store, T0, T0);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('grows with the readings written, its parts adding up to the total', async () => {
    const empty = await readingStorageBytes(store);
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      tag_id: (i % 50) + 1,
      ts: T0 + Math.floor(i / 50) * 10,
      valor: i / 7,
      qos: 0,
    }));
    await insertReadingRows(store, rows);
    const full = await readingStorageBytes(store);
    expect(full.total).toBeGreaterThan(empty.total + 5000 * 16);
    expect(full.table + full.indexes).toBe(full.total);
    expect(full.table).toBeGreaterThan(0);
  });
});
