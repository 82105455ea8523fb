import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from './database.js';
import { pgMarkSeen } from './readingsWriter.js';
import { openTestStore, testStoreAvailable } from './testStore.js';

const available = await testStoreAvailable();
const postgres = process.env.VIGIA_TEST_DB === 'postgres';

describe.skipIf(!available || !postgres)('readings writer on PostgreSQL', () => {
  let store: Store;

  beforeAll(async () => {
    store = await openTestStore('demo');
  });
  afterAll(() => store?.close());

  it("moves devices' last reading time in place, leaving their indexes alone (HOT)", async () => {
    const devices = await store.db.selectFrom('devices').select('id').execute();
    expect(devices.length).toBeGreaterThan(50);
    const ids = devices.map((d) => d.id);
    // The page each row is on: an update that stays on its page, with no indexed
    // column changed, is HOT (a full page sends it to another page).
    const pages = async () => {
      const { rows } = await sql<{ id: number; page: string }>`
        select id, (ctid::text::point)[0]::text as page from devices order by id`.execute(store.db);
      return rows;
    };
    const before = await pages();
    const start = Math.floor(Date.now() / 1000);
    // Three batches, each committed, as three readings of every device would be.
    for (let k = 1; k <= 3; k++) {
      await pgMarkSeen(store.db, { deviceIds: ids, ts: ids.map(() => start + k) });
    }
    const after = await pages();
    const moved = after.filter((r, i) => r.page !== before[i]?.page).length;
    // Full pages (no fillfactor) moved 83 of the demo's 99 devices; half-empty ones, 3.
    expect(moved).toBeLessThanOrEqual(after.length / 10);
  });
});
