import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, openStore, type Store } from './database.js';
import { sqliteWorkerReads } from './sqliteWorkerReads.js';

/** A statement that keeps SQLite busy for a while (a recursive count, no table). */
const busy = (n: number) =>
  sql<{ n: number }>`with recursive c(i) as (select 1 union all select i + 1 from c where i < ${n})
    select count(*) as n from c`;

describe('heavy reads on SQLite run in a worker thread', () => {
  let dir: string;
  let store: Store;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vigia-worker-reads-'));
    store = await openStore(`sqlite:${join(dir, 'vigia.db')}`);
    await store.db.insertInto('companies').values({ id: 1, nome: 'Empresa' }).execute();
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads what the writer committed', async () => {
    const rows = await store.offLoopReads.selectFrom('companies').select('nome').execute();
    expect(rows).toEqual([{ nome: 'Empresa' }]);
  });

  it('a long statement leaves the event loop free', async () => {
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    // The same statement on the main connection holds the loop for all of its run.
    const started = performance.now();
    await busy(3_000_000).execute(store.db);
    const onLoopMs = performance.now() - started;
    histogram.enable();
    const [{ n }] = (await busy(3_000_000).execute(store.offLoopReads)).rows as [{ n: number }];
    histogram.disable();
    expect(n).toBe(3_000_000);
    expect(onLoopMs).toBeGreaterThan(100);
    expect(histogram.max / 1e6).toBeLessThan(50);
  });

  it('a statement past its bound is stopped and answered as unavailable; the next one runs', async () => {
    const reads = sqliteWorkerReads({
      path: join(dir, 'vigia.db'),
      cacheKib: 1000,
      statementTimeoutMs: 100,
    });
    try {
      const stopped = await busy(1e9)
        .execute(reads)
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(stopped).toMatchObject({ name: 'StatementTimeout' });
      expect(isDatabaseUnavailable(stopped)).toBe(true);
      const rows = await reads.selectFrom('companies').select('id').execute();
      expect(rows).toEqual([{ id: 1 }]);
    } finally {
      await reads.destroy();
    }
  });

  it('refuses writes', async () => {
    await expect(
      store.offLoopReads.insertInto('companies').values({ id: 2, nome: 'Outra' }).execute(),
    ).rejects.toThrow();
  });
});
