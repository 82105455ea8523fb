export interface BatchScheduler {
  /** A message was queued; `readings` wait in all. */
  queued(readings: number): void;
  /** Runs a batch now (after the ones already running). */
  flush(): Promise<void>;
  /** Forgets a pending timer (a batch is starting, or the ingest closes). */
  cancel(): void;
}

export interface BatchSchedulerOptions {
  /** Longest time a message waits before its batch is written. */
  batchMs: number;
  /** A batch starts at once when this many readings wait. */
  maxBatch: number;
  /** Writes one batch; batches never overlap. */
  run(): Promise<void>;
  onError(err: unknown): void;
}

/**
 * When batches are written: `batchMs` after the first waiting message, or at
 * once when `maxBatch` readings wait; one at a time, in order.
 */
export function createBatchScheduler(opts: BatchSchedulerOptions): BatchScheduler {
  let timer: NodeJS.Timeout | null = null;
  let immediate = false;
  let chain: Promise<void> = Promise.resolve();

  const cancel = () => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
  };
  const flush = (): Promise<void> => {
    const run = chain.then(opts.run);
    chain = run.catch(opts.onError);
    return chain;
  };

  return {
    queued(readings) {
      if (readings >= opts.maxBatch) {
        if (!immediate) {
          immediate = true;
          setImmediate(() => {
            immediate = false;
            void flush();
          });
        }
      } else if (!timer) {
        timer = setTimeout(() => {
          timer = null;
          void flush();
        }, opts.batchMs);
        timer.unref?.();
      }
    },
    flush,
    cancel,
  };
}
