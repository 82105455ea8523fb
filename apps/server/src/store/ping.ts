import { sql } from 'kysely';
import type { Store } from './database.js';

/** Milliseconds a trivial statement takes to come back; rejects after `timeoutMs`. */
export async function pingDatabase(store: Store, timeoutMs: number): Promise<number> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      store.raw.dialect === 'postgres'
        ? store.raw.healthPool.query('select 1')
        : sql`select 1`.execute(store.db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
  return Math.round((performance.now() - started) * 100) / 100;
}
