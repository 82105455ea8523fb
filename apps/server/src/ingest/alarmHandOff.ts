import type { AlarmDevice, AlarmEngine, ReadingsBatch } from '../alarms/engine.js';
import type { ReadingsCoalescer } from '../events/readingsCoalescer.js';
import type { DeviceCache } from './deviceCache.js';
import type { IngestLogger } from './ingestStats.js';

/** A batch as the alarm engine reads it, and which of its messages came from which device. */
export interface EngineBatch {
  batch: ReadingsBatch;
  messagesOf: Map<number, number[]>;
  /** Newest reading time per device. */
  seenTs: Map<number, number>;
}

/**
 * The alarm engine's part in each batch: `prepare` before the write (event
 * rules start from the current values as they were), `evaluate` while the
 * batch is written (an alarm does not wait for the history: on PostgreSQL at
 * 20k devices a batch's write takes hundreds of milliseconds), then, once
 * committed, the devices' readings handed to the coalescer of `readings.updated`.
 * A batch whose write fails comes back (MQTT redelivery) and is evaluated
 * again; the engine ignores readings not newer than its state, so nothing is
 * raised twice.
 */
export class AlarmHandOff {
  constructor(
    readonly engine: AlarmEngine,
    private readonly readingsEvents: ReadingsCoalescer,
    private readonly log: IngestLogger,
  ) {}

  prepare(devices: readonly AlarmDevice[]): Promise<void> {
    return this.engine.prepare(devices);
  }

  /** Never rejects: a failure is logged (the engine reloads its state next time). */
  async evaluate({ batch }: EngineBatch): Promise<void> {
    try {
      await this.engine.evaluate(batch);
    } catch (err) {
      this.log.error({ err }, 'ingestão: falha ao avaliar alarmes');
    }
  }

  afterCommit({ batch, messagesOf, seenTs }: EngineBatch, cache: DeviceCache): void {
    for (const [deviceId, ts] of seenTs) {
      const entry = cache.seen(deviceId, ts);
      if (!entry) continue;
      this.readingsEvents.add(
        entry.meta.systemId,
        deviceId,
        ts,
        readingNames(batch, messagesOf.get(deviceId) ?? []),
      );
    }
  }
}

/** The distinct reading names of some messages of a batch, in first-seen order. */
function readingNames(batch: ReadingsBatch, messages: readonly number[]): string[] {
  const [only] = messages;
  if (messages.length === 1 && only !== undefined) {
    return batch.names.slice(batch.start[only], batch.end[only]);
  }
  const names = new Set<string>();
  for (const i of messages) {
    const end = batch.end[i] as number;
    for (let k = batch.start[i] as number; k < end; k++) names.add(batch.names[k] as string);
  }
  return [...names];
}
