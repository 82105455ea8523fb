import type { Store } from '../store/database.js';
import { commitReadings } from '../store/ingest/ingestRepository.js';
import { NewestPerTag, ReadingBuffer, type SeenColumns } from '../store/readingsWriter.js';
import type { AlarmHandOff, EventBatch } from './alarmHandOff.js';
import type { DeviceCache } from './deviceCache.js';
import type { IngestCounters, IngestLogger } from './ingestStats.js';
import type { MessageQueue } from './messageQueue.js';

/**
 * Writes one queued batch: loads its devices, creates new tags, prepares the
 * alarm engine, commits the readings (`commitReadings`, retried once) while the
 * engine evaluates them, tells each message's sender, then hands the devices'
 * readings to the live events.
 */
export class BatchWriter {
  private readonly rows = new ReadingBuffer(4096);
  private readonly newest = new NewestPerTag();

  constructor(
    private readonly store: Store,
    private readonly cache: DeviceCache,
    private readonly alarms: AlarmHandOff,
    private readonly counters: IngestCounters,
    private readonly log: IngestLogger,
  ) {}

  async write(queue: MessageQueue): Promise<void> {
    const { counters, log } = this;
    const messages = queue.messages;
    const deviceIds = new Set<number>();
    for (let i = 0; i < messages; i++) deviceIds.add(queue.deviceIds[i] as number);

    try {
      await this.cache.load([...deviceIds]);
    } catch (err) {
      counters.stats.rejected += messages;
      log.error({ err, mensagens: messages }, 'ingestão: falha ao carregar dispositivos');
      queue.settleAll('failed');
      return;
    }
    const { known, missing } = this.sortOut(queue);
    if (known === 0) return;

    try {
      if (missing.size > 0) await this.cache.createTags(missing);
    } catch (err) {
      counters.stats.rejected += known;
      log.error({ err, mensagens: known }, 'ingestão: falha ao preparar o lote');
      queue.settleAll('failed');
      return;
    }
    // The messages the alarm engine has not seen yet, before the current values move.
    await this.alarms.evaluateQueued(queue, true);
    if (queue.alarmsFailed) {
      counters.stats.rejected += known;
      queue.settleAll('failed');
      return;
    }

    const events = this.fillRows(queue);
    const { seenTs } = events;
    const seen: SeenColumns = { deviceIds: [...seenTs.keys()], ts: [...seenTs.values()] };
    const inserted = await this.commitWithRetry(seen, known);
    if (inserted === null) {
      queue.settleAll('failed');
      return;
    }
    counters.stats.written += inserted;
    // Committed: the senders may now forget these messages (MQTT PUBACK, HTTP answer).
    queue.settleAll('stored');
    this.alarms.afterCommit(events);
  }

  /** The history rows added, or null when the batch could not be written (retried once). */
  private async commitWithRetry(seen: SeenColumns, messages: number): Promise<number | null> {
    try {
      return await this.commit(seen);
    } catch (first) {
      try {
        return await this.commit(seen);
      } catch (err) {
        this.counters.stats.rejected += messages;
        this.log.error(
          { err, primeiroErro: String(first), mensagens: messages },
          'ingestão: falha ao gravar o lote',
        );
        return null;
      }
    }
  }

  private commit(seen: SeenColumns): Promise<number> {
    return commitReadings(this.store, this.rows, this.newest.collect(this.rows), seen);
  }

  /** Refuses the messages of unknown devices; answers how many remain and the tags to create. */
  private sortOut(queue: MessageQueue) {
    const missing = new Map<number, Set<string>>();
    let known = 0;
    for (let i = 0; i < queue.messages; i++) {
      const deviceId = queue.deviceIds[i] as number;
      const entry = this.cache.get(deviceId);
      if (!entry) {
        this.counters.reject('unknownDevice', { deviceId });
        queue.settle(i, 'refused');
        continue;
      }
      known += 1;
      const end = queue.start[i + 1] as number;
      for (let k = queue.start[i] as number; k < end; k++) {
        const name = queue.names[k] as string;
        if (entry.tags.has(name)) continue;
        let names = missing.get(deviceId);
        if (!names) {
          names = new Set();
          missing.set(deviceId, names);
        }
        names.add(name);
      }
    }
    return { known, missing };
  }

  /** The history rows of the batch, and which messages each device sent (for the live events). */
  private fillRows(queue: MessageQueue): EventBatch {
    const rows = this.rows;
    rows.clear();
    const seenTs = new Map<number, number>();
    const messagesOf = new Map<number, number[]>();
    for (let i = 0; i < queue.messages; i++) {
      const deviceId = queue.deviceIds[i] as number;
      const tags = this.cache.get(deviceId)?.tags;
      if (!tags) continue;
      const ts = queue.ts[i] as number;
      const qos = queue.qos[i] as number;
      const start = queue.start[i] as number;
      const end = queue.start[i + 1] as number;
      for (let k = start; k < end; k++) {
        const tagId = tags.get(queue.names[k] as string);
        if (tagId === undefined) continue;
        rows.push(tagId, ts, queue.values[k] as number, qos);
      }
      const indices = messagesOf.get(deviceId);
      if (indices) indices.push(i);
      else messagesOf.set(deviceId, [i]);
      if ((seenTs.get(deviceId) ?? -Infinity) < ts) seenTs.set(deviceId, ts);
    }
    return { names: queue.names, start: queue.start, messagesOf, seenTs };
  }
}
