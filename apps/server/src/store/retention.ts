import type { Store } from './database.js';
import { dropReadingPartitionsBefore } from './partitions.js';
import { nextTurn, oldestReadingOfEachTag } from './readingSeek.js';

const DAY_S = 86_400;

export interface RetentionResult {
  /** Reading rows deleted one tag-day at a time (SQLite). */
  deletedReadings: number;
  /** Whole monthly partitions dropped (PostgreSQL). */
  droppedPartitions: string[];
}

/**
 * Removes raw readings older than `cutoffTs`. PostgreSQL drops whole monthly
 * partitions (a month goes once all of it is past the cutoff). SQLite deletes
 * per tag and per day of history, each a short statement on the primary key's
 * range with a turn of the event loop between them, so ingest and reads are
 * never held for long. Current values are kept: a device's last reading stays
 * on screen however old it is.
 */
export async function pruneReadings(
  store: Store,
  cutoffTs: number,
  signal?: AbortSignal,
): Promise<RetentionResult> {
  if (store.dialect === 'postgres') {
    return {
      deletedReadings: 0,
      droppedPartitions: await dropReadingPartitionsBefore(store, cutoffTs),
    };
  }
  let deletedReadings = 0;
  for await (const oldest of oldestReadingOfEachTag(store.db)) {
    if (signal?.aborted) break;
    for (let from = oldest.ts; from < cutoffTs && !signal?.aborted; ) {
      const until = Math.min(cutoffTs, from + DAY_S);
      const result = await store.db
        .deleteFrom('readings')
        .where('tag_id', '=', oldest.tag_id)
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
  const stopping = new AbortController();
  const run = () => {
    running ??= pruneReadings(store, now() - options.readingsDays * DAY_S, stopping.signal).finally(
      () => {
        running = null;
      },
    );
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
      stopping.abort();
      clearTimeout(first);
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
