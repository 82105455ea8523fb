import type { Store } from './database.js';
import { dropReadingPartitionsBefore } from './partitions.js';

const DAY_S = 86_400;

export interface RetentionResult {
  /** Reading rows deleted one tag-day at a time (SQLite). */
  deletedReadings: number;
  /** Whole monthly partitions dropped (PostgreSQL). */
  droppedPartitions: string[];
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Removes raw readings older than `cutoffTs`. PostgreSQL drops whole monthly
 * partitions (a month goes once all of it is past the cutoff). SQLite deletes
 * per tag and per day of history, each a short statement on the primary key's
 * range with a turn of the event loop between them, so ingest and reads are
 * never held for long. Current values are kept: a device's last reading stays
 * on screen however old it is.
 */
export async function pruneReadings(store: Store, cutoffTs: number): Promise<RetentionResult> {
  if (store.dialect === 'postgres') {
    return {
      deletedReadings: 0,
      droppedPartitions: await dropReadingPartitionsBefore(store, cutoffTs),
    };
  }
  let deletedReadings = 0;
  // Each tag's oldest reading is one seek on the primary key (tag_id, ts).
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const next = await store.db
      .selectFrom('readings')
      .select(['tag_id', 'ts'])
      .where('tag_id', '>', after)
      .orderBy('tag_id')
      .orderBy('ts')
      .limit(1)
      .executeTakeFirst();
    if (!next) break;
    after = next.tag_id;
    for (let from = next.ts; from < cutoffTs; ) {
      const until = Math.min(cutoffTs, from + DAY_S);
      const result = await store.db
        .deleteFrom('readings')
        .where('tag_id', '=', next.tag_id)
        .where('ts', '<', until)
        .executeTakeFirst();
      deletedReadings += Number(result.numDeletedRows);
      from = until;
      await nextTurn();
    }
  }
  return { deletedReadings, droppedPartitions: [] };
}

export interface RetentionJob {
  /** One pass now (tests, or an operator's command). */
  run(): Promise<RetentionResult>;
  stop(): Promise<void>;
}

export interface RetentionOptions {
  /** Raw readings are kept this many days. */
  readingsDays: number;
  /** Pause between passes (default 6 h). */
  intervalMs?: number;
  now?: () => number;
  onPass?: (result: RetentionResult) => void;
  onError?: (error: unknown) => void;
}

/** Runs `pruneReadings` at start and then every `intervalMs`, one pass at a time. */
export function startRetention(store: Store, options: RetentionOptions): RetentionJob {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  let running: Promise<RetentionResult> | null = null;
  const run = () => {
    running ??= pruneReadings(store, now() - options.readingsDays * DAY_S).finally(() => {
      running = null;
    });
    return running;
  };
  const pass = () => void run().then(options.onPass, (error: unknown) => options.onError?.(error));
  const first = setTimeout(pass, 1_000);
  const timer = setInterval(pass, options.intervalMs ?? 6 * 3600 * 1000);
  first.unref();
  timer.unref();
  return {
    run,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
