import type { Store } from '../database.js';
import { packClosedHours } from '../packs/packing.js';
import { catchUpRollups, ROLLUP_LATE_S } from './rollups.js';

/** The rollup job runs this often: the open hour is read raw, so a minute is plenty. */
export const ROLLUP_INTERVAL_MS = 60_000;

export interface RollupJob {
  stop(): Promise<void>;
}

/**
 * Keeps the hourly and daily aggregates up to date as readings arrive: a pass
 * at start (catching up on what arrived while the server was down) and one a
 * minute after; passes never overlap. After the aggregates, each pass packs
 * the hours they no longer recompute (store/packs).
 */
export function startRollups(
  store: Store,
  opts: { intervalMs?: number; firstDelayMs?: number; onError?: (error: unknown) => void } = {},
): RollupJob {
  let running: Promise<unknown> | null = null;
  // Hours to pack come once an hour: a pass looks at every tag, so it runs when the hour moves.
  let packedBefore = Number.NaN;
  const stopping = new AbortController();
  const pass = () => {
    if (running || stopping.signal.aborted) return;
    running = catchUpRollups(store, Math.floor(Date.now() / 1000), stopping.signal)
      .then(async (through) => {
        const before = through - ROLLUP_LATE_S;
        if (before === packedBefore || stopping.signal.aborted) return;
        await packClosedHours(store, before, stopping.signal);
        if (!stopping.signal.aborted) packedBefore = before;
      })
      .catch((error: unknown) => opts.onError?.(error))
      .finally(() => {
        running = null;
      });
  };
  // The first pass waits for the start to finish (it may catch up on weeks of history).
  const first = setTimeout(pass, opts.firstDelayMs ?? 5_000);
  const timer = setInterval(pass, opts.intervalMs ?? ROLLUP_INTERVAL_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopping.abort();
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
