import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from './database.js';
import { ensureReadingPartitions, readingPartitions } from './partitions.js';
import { pruneReadings, startRetention } from './retention.js';
import { openTestStore, testStoreAvailable } from './testStore.js';

const available = await testStoreAvailable();
const DAY = 86_400;
/** 2026-07-15 12:00 UTC: mid-month, so the cutoff below falls inside a month. */
const NOW = Date.UTC(2026, 6, 15, 12) / 1000;
const KEEP_DAYS = 90;
const CUTOFF = NOW - KEEP_DAYS * DAY;

async function count(store: Store, where?: { before?: number; from?: number }) {
  let q = store.db.selectFrom('readings').select((eb) => eb.fn.countAll<number>().as('n'));
  if (where?.before !== undefined) q = q.where('ts', '<', where.before);
  if (where?.from !== undefined) q = q.where('ts', '>=', where.from);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

describe.skipIf(!available)('readings retention', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore();
    const first = NOW - 150 * DAY;
    await ensureReadingPartitions(store, first, NOW);
    // Two tags, one reading an hour for 150 days.
    for (const tag of [1, 2]) {
      const rows = [];
      for (let ts = first; ts <= NOW; ts += 3600)
        rows.push({ tag_id: tag, ts, valor: ts % 97, qos: 0 });
      for (let i = 0; i < rows.length; i += 500) {
        await store.db
          .insertInto('readings')
          .values(rows.slice(i, i + 500))
          .execute();
      }
    }
  });
  afterAll(async () => {
    await store?.close();
  });

  it('removes what is older than the period and keeps every reading inside it', async () => {
    const inside = await count(store, { from: CUTOFF });
    const result = await pruneReadings(store, CUTOFF);
    expect(await count(store, { from: CUTOFF })).toBe(inside);
    if (store.dialect === 'postgres') {
      // Whole months only: March and earlier end before 2026-04-16; April is kept.
      expect(result.droppedPartitions).toEqual(
        expect.arrayContaining(['readings_202602', 'readings_202603']),
      );
      expect(await readingPartitions(store)).not.toContain('readings_202603');
      expect(await count(store, { before: Date.UTC(2026, 3, 1) / 1000 })).toBe(0);
      expect(await count(store, { before: CUTOFF })).toBeGreaterThan(0);
    } else {
      expect(result.deletedReadings).toBeGreaterThan(0);
      expect(await count(store, { before: CUTOFF })).toBe(0);
    }
  });

  it('a late reading for a dropped month can still be written', async () => {
    const late = Date.UTC(2026, 2, 10) / 1000;
    await ensureReadingPartitions(store, late, late);
    await store.db
      .insertInto('readings')
      .values({ tag_id: 3, ts: late, valor: 1, qos: 0 })
      .execute();
    expect(await count(store, { before: Date.UTC(2026, 3, 1) / 1000 })).toBe(1);
  });

  it('the job runs one pass at a time and a second pass finds nothing more', async () => {
    const job = startRetention(store, { readingsDays: KEEP_DAYS, now: () => NOW });
    const [a, b] = await Promise.all([job.run(), job.run()]);
    expect(a).toBe(b);
    const again = await job.run();
    expect(again.deletedReadings).toBe(0);
    expect(again.droppedPartitions).toEqual([]);
    await job.stop();
  });
});
