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
    const start = Math.floor(Date.now() / 1000);
    // One batch naming every device. Counted inside its transaction: the counts of
    // other transactions are flushed to the statistics later.
    const counts = await store.db.transaction().execute(async (trx) => {
      await pgMarkSeen(trx, { deviceIds: ids, ts: ids.map(() => start) });
      const { rows } = await sql<{ updated: number; hot: number }>`
        select pg_stat_get_xact_tuples_updated('devices'::regclass) as updated,
               pg_stat_get_xact_tuples_hot_updated('devices'::regclass) as hot`.execute(trx);
      return rows[0];
    });
    // Half-empty pages: 96–99 of the demo's 99 devices stay on their page; in full pages
    // (no fillfactor), 17.
    expect(counts?.updated).toBe(ids.length);
    expect(counts?.hot).toBeGreaterThanOrEqual(ids.length * 0.9);
  });
});
