import { describe, expect, it } from 'vitest';
import { needService, postgresAvailable } from '../../test-support/services.js';
import { runSweep, type SweepDb } from './sweep.js';

/**
 * The sweep's reduced form (issue 30): every GET of the route table with real ids on
 * a small fleet, on both databases; fails when a route holds the server's event loop
 * over 50 ms or answers 5xx. Latency is not judged here (a loaded CI machine), only
 * the block, which a route causes whatever the load; a route over it is called again
 * up to four times and keeps its shortest block (a wait for one of two busy cores is
 * rarely five times running).
 */
const BLOCK_LIMIT_MS = 50;
const hasPostgres = await needService('PostgreSQL', postgresAvailable);

describe.each<SweepDb>(['sqlite', 'postgres'])('api-sweep smoke on %s', (db) => {
  it.skipIf(db === 'postgres' && !hasPostgres)(
    `no route blocks the event loop over ${BLOCK_LIMIT_MS} ms`,
    async () => {
      const result = await runSweep({
        db,
        devices: 20,
        days: 1,
        calls: 3,
        concurrent: 20,
        confirmOverMs: BLOCK_LIMIT_MS,
      });
      expect(result.routes.length).toBeGreaterThan(50);
      const blocking = result.routes
        .filter((r) => r.blockMs > BLOCK_LIMIT_MS)
        .map((r) => `${r.route}: ${r.blockMs.toFixed(1)} ms`);
      expect(blocking).toEqual([]);
      const failing = result.routes
        .filter((r) => Object.keys(r.statuses).some((s) => Number(s) >= 500))
        .map((r) => `${r.route}: ${JSON.stringify(r.statuses)}`);
      expect(failing).toEqual([]);
      // A loaded CI machine stalls the server whether or not it is called (72–76 ms seen
      // on a burst that blocks 5 ms on a quiet one): the burst is judged on what it adds.
      const { blockMs, idleBlockMs } = result.concurrent;
      expect(
        blockMs - idleBlockMs,
        `bloqueio ${blockMs} ms, ${idleBlockMs} ms sem a rajada`,
      ).toBeLessThanOrEqual(BLOCK_LIMIT_MS);
    },
    90_000,
  );
});
