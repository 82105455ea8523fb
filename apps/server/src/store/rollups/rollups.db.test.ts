import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../database.js';
import { insertGenerators } from '../devices/fixtures.js';
import { ensureReadingPartitions } from '../partitions.js';
import { openTestStore, testStoreAvailable } from '../testStore.js';
import { catchUpRollups, HOUR_S, hourAggregates, rollupsThrough } from './rollups.js';

const available = await testStoreAvailable();
/** An hour boundary (2026-07-15 12:00 UTC). */
const H0 = Date.UTC(2026, 6, 15, 12) / 1000;
const TEN_MIN = 600;

describe.skipIf(!available)('rollup job', () => {
  let store: Store;
  let tagId: number;
  const write = async (ts: number, valor: number) => {
    await store.db.insertInto('readings').values({ tag_id: tagId, ts, valor, qos: 0 }).execute();
  };
  const storedHours = () =>
    store.db
      .selectFrom('reading_hours')
      .select(['inicio', 'n', 'maximo'])
      .where('tag_id', '=', tagId)
      .orderBy('inicio')
      .execute();

  beforeAll(async () => {
    store = await openTestStore();
    await insertGenerators(store, [{ id: 1, system: 1 }], H0 - 10 * HOUR_S);
    tagId = (
      await store.db
        .insertInto('tags')
        .values({ device_id: 1, nome: 'kW', apelido: 'kW', unidade: 'kW' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await ensureReadingPartitions(store, H0 - 3 * HOUR_S, H0 + 2 * HOUR_S);
    // One reading every 10 minutes from three hours before H0 to half past H0.
    for (let ts = H0 - 3 * HOUR_S; ts <= H0 + 3 * TEN_MIN; ts += TEN_MIN) await write(ts, 10);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('aggregates each closed hour when it closes, and nothing while no hour has closed', async () => {
    const now = H0 + 30 * 60;
    expect(await catchUpRollups(store, now)).toBe(H0);
    expect(await rollupsThrough(store.db)).toBe(H0);
    const closed = [H0 - 3 * HOUR_S, H0 - 2 * HOUR_S, H0 - HOUR_S];
    expect(await storedHours()).toEqual(closed.map((inicio) => ({ inicio, n: 6, maximo: 10 })));

    // A late reading for the last closed hour, and the job's next pass a minute later.
    await write(H0 - HOUR_S + 1, 100);
    expect(await catchUpRollups(store, now + 60)).toBe(H0);
    expect((await storedHours())[2]).toEqual({ inicio: H0 - HOUR_S, n: 6, maximo: 10 });

    // The next hour closes: it is aggregated, and the late reading counted.
    expect(await catchUpRollups(store, H0 + HOUR_S + 60)).toBe(H0 + HOUR_S);
    expect(await storedHours()).toEqual([
      { inicio: H0 - 3 * HOUR_S, n: 6, maximo: 10 },
      { inicio: H0 - 2 * HOUR_S, n: 6, maximo: 10 },
      { inicio: H0 - HOUR_S, n: 7, maximo: 100 },
      { inicio: H0, n: 4, maximo: 10 },
    ]);
  });

  it('answers a span across the watermark as the raw readings would', async () => {
    await write(H0 + HOUR_S + 5, 50);
    const hours = await hourAggregates(store.db, [tagId], H0 - HOUR_S, H0 + 2 * HOUR_S - 1);
    expect(hours.map((h) => [h.inicio, h.n, h.maximo])).toEqual([
      [H0 - HOUR_S, 7, 100],
      [H0, 4, 10],
      [H0 + HOUR_S, 1, 50],
    ]);
  });
});
