import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoTestStore } from '../../test/databaseTemplates.js';
import type { Store } from '../database.js';
import { testStoreAvailable } from '../testStore.js';
import { CATALOG_TTL_MS, DeviceCatalog } from './catalog.js';
import { loadInfos } from './deviceStore.js';
import { setReading } from './fixtures.js';

const available = await testStoreAvailable();

describe.skipIf(!available)('device catalogue cache', () => {
  let store: Store;
  let deviceId: number;

  beforeAll(async () => {
    store = await openDemoTestStore();
    deviceId = (
      await store.db.selectFrom('devices').select('id').orderBy('id').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await store?.close();
  });

  it('serves a description from memory until the TTL, then reads it again behind the answer', async () => {
    let now = 1_000_000;
    const catalog = new DeviceCatalog(store.db, CATALOG_TTL_MS, () => now);
    const before = (await catalog.deviceStatics([deviceId])).get(deviceId);
    await store.db
      .updateTable('devices')
      .set({ nome: 'Renomeado' })
      .where('id', '=', deviceId)
      .execute();
    now += CATALOG_TTL_MS - 1;
    expect((await catalog.deviceStatics([deviceId])).get(deviceId)?.nome).toBe(before?.nome);
    await catalog.settled();
    now += 1;
    // Past the TTL: answered as kept, without waiting, and read again.
    expect((await catalog.deviceStatics([deviceId])).get(deviceId)?.nome).toBe(before?.nome);
    await catalog.settled();
    expect((await catalog.deviceStatics([deviceId])).get(deviceId)?.nome).toBe('Renomeado');
  });

  it('forgets a stale description whose device is gone', async () => {
    let now = 1_000_000;
    const catalog = new DeviceCatalog(store.db, CATALOG_TTL_MS, () => now);
    const model = await store.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
    const { id: goneId } = await store.db
      .insertInto('devices')
      .values({ ...model, id: undefined, nome: 'Removido', ingest_key_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await catalog.deviceStatics([goneId])).get(goneId)?.nome).toBe('Removido');
    await store.db.deleteFrom('devices').where('id', '=', goneId).execute();
    now += CATALOG_TTL_MS;
    expect((await catalog.deviceStatics([goneId])).has(goneId)).toBe(true);
    await catalog.settled();
    expect((await catalog.deviceStatics([goneId])).has(goneId)).toBe(false);
  });

  it('reads a fill of many devices in slices with the same answer as one query', async () => {
    const ids = (await store.db.selectFrom('devices').select('id').orderBy('id').execute()).map(
      (d) => d.id,
    );
    expect(ids.length).toBeGreaterThan(20);
    const whole = new DeviceCatalog(store.db, CATALOG_TTL_MS, Date.now, {
      devices: 100_000,
      tagDevices: 100_000,
    });
    const sliced = new DeviceCatalog(store.db, CATALOG_TTL_MS, Date.now, {
      devices: 7,
      tagDevices: 5,
    });
    // Ids asked twice (in two slices) are read once.
    const asked = [...ids, ...ids.slice(0, 10)];
    expect(await sliced.deviceStatics(asked)).toEqual(await whole.deviceStatics(asked));
    const tags = await sliced.tagsOf(asked);
    expect(tags).toEqual(await whole.tagsOf(asked));
    expect([...tags.values()].some((list) => list.length > 0)).toBe(true);
  });

  it('leaves unknown ids out', async () => {
    const catalog = new DeviceCatalog(store.db);
    expect((await catalog.deviceStatics([deviceId, 99_999_999])).has(99_999_999)).toBe(false);
  });

  it('lists a tag created after the tags were cached at once, with its value', async () => {
    const now = Math.floor(Date.now() / 1000);
    const first = await loadInfos(store.db, [deviceId]);
    expect(first.get(deviceId)?.some((i) => i.nome === 'tagNovaDoIngest')).toBe(false);
    await setReading(store, deviceId, 'tagNovaDoIngest', 7, now);
    const after = await loadInfos(store.db, [deviceId]);
    expect(after.get(deviceId)?.find((i) => i.nome === 'tagNovaDoIngest')).toMatchObject({
      valor: 7,
      ts: now,
    });
  });
});
