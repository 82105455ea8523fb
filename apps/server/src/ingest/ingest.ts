import { MAX_AGE_S, MAX_FUTURE_S, readingsPayload } from '@vigia/contract';
import { type AlarmEngine, type AlarmRulesChange, createAlarmEngine } from '../alarms/engine.js';
import { type Publish, toPublish } from '../alarms/publish.js';
import { ReadingsCoalescer } from '../events/readingsCoalescer.js';
import type { Store } from '../store/database.js';
import { addIngestRefusals } from '../store/ingest/refusals.js';
import { AlarmHandOff } from './alarmHandOff.js';
import { createBatchScheduler } from './batchScheduler.js';
import { BatchWriter } from './batchWriter.js';
import { DeviceCache } from './deviceCache.js';
import {
  consoleLogger,
  IngestCounters,
  type IngestLogger,
  type IngestStats,
  type RejectReason,
} from './ingestStats.js';
import { MessageQueue } from './messageQueue.js';
import type { OnOutcome } from './outcome.js';
import { quickPayload } from './payload.js';
import type { IngestRefusalCounts } from './refusals.js';

export type { IngestLogger, IngestStats } from './ingestStats.js';
export type { OnOutcome, Outcome } from './outcome.js';

export interface Ingest {
  /**
   * Queues one device message (an object, or JSON text/bytes). Never throws.
   * `onOutcome` is called once, after the commit for a stored message.
   * `flowControlled`: the sender itself bounds what it has waiting (the MQTT
   * receive maximum), so the message is never refused as overloaded.
   */
  submit(
    deviceId: number,
    payload: unknown,
    onOutcome?: OnOutcome,
    options?: { flowControlled?: boolean },
  ): void;
  /** Writes everything queued so far and publishes the `readings.updated` held back. */
  flush(): Promise<void>;
  /**
   * A message refused before it reached `submit`: over the size limit, or on an
   * MQTT topic that names no device. Counted like any refusal; `onOutcome` hears 'refused'.
   */
  refuse(
    deviceId: number | undefined,
    reason: 'tooBig' | 'wrongTopic',
    onOutcome?: OnOutcome,
  ): void;
  /** Flushes and refuses further messages. */
  close(): Promise<void>;
  stats(): IngestStats;
  /** Messages refused for good since start, by reason (this node's; `/api/health`). */
  refusals(): IngestRefusalCounts;
  /** Alarm rules changed (administration, on this node or another): the next reading uses them. */
  alarmRulesChanged(change: AlarmRulesChange): void;
  /** Devices created, removed or re-keyed (administration, on this node or another): read them again. */
  devicesChanged(deviceIds: readonly number[]): void;
}

export interface IngestOptions {
  store: Store;
  /** Where `readings.updated` and occurrence events go (a function or an EventBus). */
  publish?: Publish;
  /** Least time between two `readings.updated` of one system, ms (default 1000). */
  readingsEventIntervalMs?: number;
  /** Longest time a message waits before its batch is written (default 20 ms). */
  batchMs?: number;
  /** A batch is written at once when this many readings are queued (default 50,000). */
  maxBatchReadings?: number;
  /** Messages not flow-controlled are refused while this many readings wait (default 1,000,000). */
  maxPendingReadings?: number;
  /** Clock in epoch seconds (tests). */
  now?: () => number;
  log?: IngestLogger;
  /** The alarm engine (default: one created for this store and publish). */
  engine?: AlarmEngine;
  /** The default engine's chattering suppression window, seconds (0 or absent: off). */
  chatterWindowSeconds?: number;
  /** How often the devices' refusal counts are added to the store's, ms (default 5,000). */
  refusalFlushMs?: number;
}

/**
 * The one path readings take into the store, whatever brought them (MQTT,
 * `POST /api/ingest`, the simulator). Messages are validated on arrival and
 * queued (`MessageQueue`); `createBatchScheduler` decides when a batch is
 * written; `BatchWriter` writes it through the `DeviceCache`; the alarm
 * engine (`AlarmHandOff`) evaluates waiting messages once the event loop is
 * free and the rest of a batch before it is written; `IngestCounters` counts and logs.
 */
export function createIngest(opts: IngestOptions): Ingest {
  const { store } = opts;
  const now = opts.now ?? (() => Date.now() / 1000);
  const log = opts.log ?? consoleLogger;
  const maxPending = opts.maxPendingReadings ?? 1_000_000;
  const counters = new IngestCounters(log, now);
  const cache = new DeviceCache(store, log, now);
  const readingsEvents = new ReadingsCoalescer({
    publish: toPublish(opts.publish),
    intervalMs: opts.readingsEventIntervalMs,
  });
  const engine =
    opts.engine ??
    createAlarmEngine({
      store,
      publish: opts.publish,
      chatterWindowSeconds: opts.chatterWindowSeconds,
      now,
    });
  const alarms = new AlarmHandOff(engine, cache, readingsEvents, log);
  const writer = new BatchWriter(store, cache, alarms, counters, log);

  // Two queues take turns: one fills while the other is written.
  let pending = new MessageQueue();
  let spare = new MessageQueue();
  let closed = false;

  const batchMs = opts.batchMs ?? 20;
  // Waiting messages go to the alarm engine as soon as the event loop is free, also
  // while a batch is written: every message that arrived in one turn in one pass.
  // (A 20 ms timer added up to 20 ms to every alarm, and fired late under load.)
  let alarmPass: NodeJS.Immediate | null = null;
  const evaluateSoon = () => {
    if (alarmPass) return;
    alarmPass = setImmediate(() => {
      alarmPass = null;
      void alarms.evaluateQueued(pending, false);
    });
  };
  const stopEvaluating = () => {
    if (alarmPass) clearImmediate(alarmPass);
    alarmPass = null;
  };

  const scheduler = createBatchScheduler({
    // Short enough that an alarm reaches the screens at once; under load the batch
    // fills to maxBatch and is written without waiting.
    batchMs,
    maxBatch: opts.maxBatchReadings ?? 50_000,
    onError: (err) => log.error({ err }, 'ingestão: falha inesperada'),
    async run() {
      if (pending.messages === 0) return;
      const queue = pending;
      pending = spare;
      spare = queue;
      scheduler.cancel();
      try {
        await writer.write(queue);
      } finally {
        // Whatever was not settled on the way (an unexpected throw) is reported as not stored.
        queue.settleAll('failed');
        queue.clear();
      }
    },
  });

  // Each device's refused messages go to the store every few seconds, added to every node's.
  const flushRefusals = async () => {
    const deltas = counters.refusals.take();
    if (deltas.length === 0) return;
    try {
      await addIngestRefusals(
        store.db,
        deltas.map((d) => ({ ...d, motivo: d.reason })),
      );
    } catch (err) {
      counters.refusals.restore(deltas);
      log.error({ err }, 'ingestão: falha ao gravar as mensagens recusadas');
    }
  };
  let refusalsWrite: Promise<void> = Promise.resolve();
  const writeRefusals = () => {
    refusalsWrite = refusalsWrite.then(flushRefusals);
    return refusalsWrite;
  };
  const refusalTimer = setInterval(() => void writeRefusals(), opts.refusalFlushMs ?? 5_000);
  refusalTimer.unref?.();

  const refuse = (
    reason: RejectReason,
    detail: { deviceId?: number; [field: string]: unknown },
    onOutcome: OnOutcome | undefined,
  ) => {
    counters.reject(reason, detail);
    onOutcome?.(reason === 'overloaded' ? 'failed' : 'refused');
  };

  function submit(
    deviceId: number,
    payload: unknown,
    onOutcome?: OnOutcome,
    options?: { flowControlled?: boolean },
  ): void {
    if (closed || (pending.readings >= maxPending && !options?.flowControlled)) {
      refuse('overloaded', { deviceId }, onOutcome);
      return;
    }
    if (!Number.isSafeInteger(deviceId) || deviceId <= 0) {
      refuse('unknownDevice', { deviceId }, onOutcome);
      return;
    }
    let body = payload;
    if (typeof body === 'string' || body instanceof Uint8Array) {
      try {
        body = JSON.parse(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
      } catch {
        refuse('invalidPayload', { deviceId, erro: 'JSON inválido' }, onOutcome);
        return;
      }
    }
    let message = quickPayload(body);
    if (!message) {
      const parsed = readingsPayload.safeParse(body);
      if (!parsed.success) {
        refuse('invalidPayload', { deviceId, erro: parsed.error.issues[0]?.message }, onOutcome);
        return;
      }
      message = parsed.data;
    }
    const { ts, leituras, qos } = message;
    const t = now();
    if (ts > t + MAX_FUTURE_S || ts < t - MAX_AGE_S) {
      refuse('tsOutOfRange', { deviceId, ts }, onOutcome);
      return;
    }
    if (cache.knownUnknown(deviceId, t)) {
      refuse('unknownDevice', { deviceId }, onOutcome);
      return;
    }
    counters.stats.accepted += 1;
    pending.add(deviceId, ts, qos ?? 0, leituras, onOutcome);
    scheduler.queued(pending.readings);
    evaluateSoon();
  }

  return {
    submit,
    refuse(deviceId, reason, onOutcome) {
      refuse(reason, { deviceId }, onOutcome);
    },
    async flush() {
      await scheduler.flush();
      readingsEvents.flush();
      await writeRefusals();
    },
    async close() {
      closed = true;
      scheduler.cancel();
      stopEvaluating();
      clearInterval(refusalTimer);
      await scheduler.flush();
      readingsEvents.flush();
      await writeRefusals();
    },
    stats: () => counters.snapshot(),
    refusals: () => counters.refusals.snapshot(),
    alarmRulesChanged: (change) => engine.invalidate(change),
    devicesChanged: (deviceIds) => cache.forget(deviceIds),
  };
}
