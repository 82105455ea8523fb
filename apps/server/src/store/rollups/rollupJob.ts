import type { Store } from '../database.js';
import { catchUpRollups } from './rollups.js';

/** The rollup job runs this often: the open hour is read raw, so a minute is plenty. */
export const ROLLUP_INTERVAL_MS = 60_000;

export interface RollupJob {
  stop(): Promise<void>;
}

/**
 * Keeps the hourly and daily aggregates up to date as readings arrive: a pass
 * at start (catching up on what arrived while the server was down) and one a
 * minute after; passes never overlap.
 */
export function startRollups(
  store: Store,
  opts: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): RollupJob {
  let running: Promise<unknown> | null = null;
  const pass = () => {
    if (running) return;
    running = catchUpRollups(store, Math.floor(Date.now() / 1000))
      .catch((error: unknown) => opts.onError?.(error))
      .finally(() => {
        running = null;
      });
  };
  pass();
  const timer = setInterval(pass, opts.intervalMs ?? ROLLUP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
