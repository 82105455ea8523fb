import type { AlarmDevice, AlarmEngine, ReadingsBatch } from '../alarms/engine.js';
import type { ReadingsCoalescer } from '../events/readingsCoalescer.js';
import type { DeviceCache } from './deviceCache.js';
import type { IngestLogger } from './ingestStats.js';
import type { MessageQueue } from './messageQueue.js';

/** A written batch as the live events read it: which of its messages came from which device. */
export interface EventBatch {
  /** Message `i` has the readings named names[start[i]] to names[start[i + 1] - 1]. */
  names: readonly string[];
  start: readonly number[];
  messagesOf: Map<number, number[]>;
  /** Newest reading time per device. */
  seenTs: Map<number, number>;
}

/**
 * The alarm engine's part in the ingest. Queued messages are handed to the
 * engine in arrival order, one pass after another (`evaluateQueued`): as
 * soon as the event loop is free while they wait, and for the rest of a batch
 * before it is written. So an alarm waits neither for the history write of its own batch
 * nor for the write of the batch ahead of it (hundreds of milliseconds on
 * PostgreSQL at 20k devices), and the engine still reads the current values
 * as they were before the batch (event rules start from them). A batch whose
 * evaluation or write fails is not stored and comes back (MQTT redelivery) to
 * be evaluated again; readings not newer than the engine's state change
 * nothing, so no reading is stored without its alarms. Once a batch is
 * committed, its devices' readings go to the coalescer of `readings.updated`.
 */
export class AlarmHandOff {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    readonly engine: AlarmEngine,
    private readonly cache: DeviceCache,
    private readonly readingsEvents: ReadingsCoalescer,
    private readonly log: IngestLogger,
  ) {}

  /**
   * Evaluates the queue's messages not handed to the engine yet, after every
   * pass asked for before. While messages wait (`whole` false) it stops at the
   * first one from a device the cache has not loaded: only the writer loads
   * devices (a second loader could replace an entry while the writer adds new
   * tags to it), and the rest waits for the batch's own pass (`whole`), after
   * the writer's load, where a device still unknown is one the writer refuses.
   * Never rejects: a failure is logged and marks the queue (`alarmsFailed`),
   * whose batch is then not stored.
   */
  evaluateQueued(queue: MessageQueue, whole: boolean): Promise<void> {
    this.chain = this.chain.then(() => this.evaluateRest(queue, whole));
    return this.chain;
  }

  private async evaluateRest(queue: MessageQueue, whole: boolean): Promise<void> {
    const from = queue.evaluated;
    let to = queue.messages;
    if (!whole) {
      for (let i = from; i < to; i++) {
        if (!this.cache.get(queue.deviceIds[i] as number)) {
          to = i;
          break;
        }
      }
    }
    if (from >= to) return;
    queue.evaluated = to;
    try {
      const devices = new Map<number, AlarmDevice>();
      const batch: ReadingsBatch = {
        devices: [],
        ts: [],
        start: [],
        end: [],
        names: queue.names,
        values: queue.values,
      };
      for (let i = from; i < to; i++) {
        const deviceId = queue.deviceIds[i] as number;
        let device = devices.get(deviceId);
        if (!device) {
          const entry = this.cache.get(deviceId);
          // An unknown device's messages are refused by the writer.
          if (!entry) continue;
          // As it was before these readings: its last-seen time moves once they are committed.
          device = { ...entry.meta };
          devices.set(deviceId, device);
        }
        (batch.devices as AlarmDevice[]).push(device);
        (batch.ts as number[]).push(queue.ts[i] as number);
        (batch.start as number[]).push(queue.start[i] as number);
        (batch.end as number[]).push(queue.start[i + 1] as number);
      }
      if (batch.devices.length === 0) return;
      await this.engine.prepare([...devices.values()]);
      await this.engine.evaluate(batch);
    } catch (err) {
      queue.alarmsFailed = true;
      this.log.error({ err }, 'ingestão: falha ao avaliar alarmes');
    }
  }

  afterCommit({ names, start, messagesOf, seenTs }: EventBatch): void {
    for (const [deviceId, ts] of seenTs) {
      const entry = this.cache.seen(deviceId, ts);
      if (!entry) continue;
      this.readingsEvents.add(
        entry.meta.systemId,
        deviceId,
        ts,
        readingNames(names, start, messagesOf.get(deviceId) ?? []),
      );
    }
  }
}

/** The distinct reading names of some messages of a batch, in first-seen order. */
function readingNames(
  names: readonly string[],
  start: readonly number[],
  messages: readonly number[],
): string[] {
  const [only] = messages;
  if (messages.length === 1 && only !== undefined) {
    return names.slice(start[only], start[only + 1]);
  }
  const found = new Set<string>();
  for (const i of messages) {
    const last = start[i + 1] as number;
    for (let k = start[i] as number; k < last; k++) found.add(names[k] as string);
  }
  return [...found];
}
