import { MAX_AGE_S, MAX_FUTURE_S, readingsPayload } from '@vigia/contract';
import {
  type AlarmDevice,
  type AlarmEngine,
  createAlarmEngine,
  type ReadingsBatch,
} from '../alarms/engine.js';
import { type Publish, toPublish } from '../alarms/publish.js';
import { type Store, withSqlite } from '../store/database.js';
import { ensureReadingPartitions } from '../store/partitions.js';
import {
  NewestPerTag,
  pgInsertReadings,
  pgMarkSeen,
  pgUpsertCurrent,
  ReadingBuffer,
  type ReadingColumns,
  type SeenColumns,
  sqliteReadingStatements,
} from '../store/readingsWriter.js';
import { INGEST_MESSAGES, quickPayload } from './payload.js';

export interface IngestStats {
  /** Messages accepted for writing. */
  accepted: number;
  /** Messages refused: malformed, unknown device, time out of range, overload, failed write. */
  rejected: number;
  /** Reading rows added to the history (a repeated (tag, ts) is not counted again). */
  written: number;
}

/**
 * What became of one message: `stored` once its batch is committed, `refused`
 * when it can never be stored (malformed, unknown device, time out of range),
 * `failed` when it was not stored this time (overload, closing, a failed
 * write) and should be sent again.
 */
export type Outcome = 'stored' | 'refused' | 'failed';
export type OnOutcome = (outcome: Outcome) => void;

export interface Ingest {
  /**
   * Queues one device message (an object, or JSON text/bytes). Never throws.
   * `onOutcome` is called once, after the commit for a stored message.
   */
  submit(deviceId: number, payload: unknown, onOutcome?: OnOutcome): void;
  /** Writes everything queued so far. */
  flush(): Promise<void>;
  /** Flushes and refuses further messages. */
  close(): Promise<void>;
  stats(): IngestStats;
}

export interface IngestLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface IngestOptions {
  store: Store;
  /** Where `readings.updated` and occurrence events go (a function or an EventBus). */
  publish?: Publish;
  /** Longest time a message waits before its batch is written (default 20 ms). */
  batchMs?: number;
  /** A batch is written at once when this many readings are queued (default 50,000). */
  maxBatchReadings?: number;
  /** Messages are refused while this many readings wait (default 1,000,000). */
  maxPendingReadings?: number;
  /** Clock in epoch seconds (tests). */
  now?: () => number;
  log?: IngestLogger;
  /** The alarm engine (default: one created for this store and publish). */
  engine?: AlarmEngine;
}

/**
 * Queued messages, column-wise: message `i` < `messages` (device, ts, qos)
 * owns readings [start[i], start[i + 1]) of `names`/`values`, `readings` in all.
 * Copying the readings out of the parsed payload at once lets the payload die
 * young, and the arrays are reused (overwritten, never shrunk): at 100,000
 * readings/s, fresh arrays per batch would pile up in the old generation.
 */
class Queue {
  deviceIds: number[] = [];
  ts: number[] = [];
  qos: number[] = [];
  start: number[] = [];
  names: string[] = [];
  values: number[] = [];
  onOutcome: (OnOutcome | undefined)[] = [];
  messages = 0;
  readings = 0;

  add(
    deviceId: number,
    ts: number,
    qos: number,
    leituras: Record<string, number>,
    onOutcome: OnOutcome | undefined,
  ) {
    const m = this.messages++;
    this.onOutcome[m] = onOutcome;
    this.deviceIds[m] = deviceId;
    this.ts[m] = ts;
    this.qos[m] = qos;
    this.start[m] = this.readings;
    for (const name in leituras) {
      const r = this.readings++;
      this.names[r] = name;
      this.values[r] = leituras[name] as number;
    }
    this.start[m + 1] = this.readings;
  }

  /** Tells message `m`'s sender what became of it (once). */
  settle(m: number, outcome: Outcome) {
    const onOutcome = this.onOutcome[m];
    if (!onOutcome) return;
    this.onOutcome[m] = undefined;
    onOutcome(outcome);
  }

  /** Settles every message not settled yet. */
  settleAll(outcome: Outcome) {
    for (let m = 0; m < this.messages; m++) this.settle(m, outcome);
  }

  clear() {
    this.onOutcome.fill(undefined, 0, this.messages);
    this.messages = 0;
    this.readings = 0;
  }
}

interface DeviceEntry {
  meta: AlarmDevice;
  tags: Map<string, number>;
  loadedAt: number;
}

const MAX_TAGS_PER_DEVICE = 512;
const DEVICE_CACHE_S = 300;
const UNKNOWN_DEVICE_CACHE_S = 60;
const LOG_EVERY_S = 10;
const CHUNK = 500;

/**
 * The one path readings take into the store, whatever brought them (MQTT,
 * `POST /api/ingest`, the simulator). Messages are validated on arrival,
 * queued, and written in batches: each batch is one transaction with the
 * history rows (a repeated (tag, ts) is ignored), the current values (only
 * when newer) and the devices' last-seen time. Then the alarm engine evaluates
 * the devices touched and `readings.updated` is published per device.
 * Reading names a device has not used before become new tags.
 */
export function createIngest(opts: IngestOptions): Ingest {
  const { store } = opts;
  const publish = toPublish(opts.publish);
  const engine = opts.engine ?? createAlarmEngine({ store, publish });
  // Short enough that an alarm reaches the screens at once; under load the batch
  // fills to maxBatch and is written without waiting.
  const batchMs = opts.batchMs ?? 20;
  const maxBatch = opts.maxBatchReadings ?? 50_000;
  const maxPending = opts.maxPendingReadings ?? 1_000_000;
  const now = opts.now ?? (() => Date.now() / 1000);
  const log = opts.log ?? consoleLogger;
  const counters: IngestStats = { accepted: 0, rejected: 0, written: 0 };
  const devices = new Map<number, DeviceEntry>();
  const unknownDevices = new Map<number, number>();
  const lastLogged = new Map<string, { at: number; suppressed: number }>();

  // Two queues take turns: one fills while the other is written.
  let pending = new Queue();
  let spare = new Queue();
  const rows = new ReadingBuffer(4096);
  const newest = new NewestPerTag();
  let timer: NodeJS.Timeout | null = null;
  let immediate = false;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  const reject = (
    reason: keyof typeof INGEST_MESSAGES,
    detail: object,
    count = 1,
    onOutcome?: OnOutcome,
  ) => {
    counters.rejected += count;
    onOutcome?.(reason === 'overloaded' ? 'failed' : 'refused');
    const t = now();
    const last = lastLogged.get(reason);
    if (last && t - last.at < LOG_EVERY_S) {
      last.suppressed += count;
      return;
    }
    lastLogged.set(reason, { at: t, suppressed: 0 });
    log.warn(
      { ...detail, motivo: reason, omitidas: last?.suppressed ?? 0 },
      `ingestão: mensagem recusada: ${INGEST_MESSAGES[reason]}`,
    );
  };

  const schedule = () => {
    if (pending.readings >= maxBatch) {
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
      }, batchMs);
      timer.unref?.();
    }
  };

  function submit(deviceId: number, payload: unknown, onOutcome?: OnOutcome): void {
    if (closed || pending.readings >= maxPending) {
      reject('overloaded', { deviceId }, 1, onOutcome);
      return;
    }
    if (!Number.isSafeInteger(deviceId) || deviceId <= 0) {
      reject('unknownDevice', { deviceId }, 1, onOutcome);
      return;
    }
    let body = payload;
    if (typeof body === 'string' || body instanceof Uint8Array) {
      try {
        body = JSON.parse(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
      } catch {
        reject('invalidPayload', { deviceId, erro: 'JSON inválido' }, 1, onOutcome);
        return;
      }
    }
    let message = quickPayload(body);
    if (!message) {
      const parsed = readingsPayload.safeParse(body);
      if (!parsed.success) {
        reject('invalidPayload', { deviceId, erro: parsed.error.issues[0]?.message }, 1, onOutcome);
        return;
      }
      message = parsed.data;
    }
    const { ts, leituras, qos } = message;
    const t = now();
    if (ts > t + MAX_FUTURE_S || ts < t - MAX_AGE_S) {
      reject('tsOutOfRange', { deviceId, ts }, 1, onOutcome);
      return;
    }
    const unknownUntil = unknownDevices.get(deviceId);
    if (unknownUntil !== undefined && unknownUntil > t) {
      reject('unknownDevice', { deviceId }, 1, onOutcome);
      return;
    }
    counters.accepted += 1;
    pending.add(deviceId, ts, qos ?? 0, leituras, onOutcome);
    schedule();
  }

  async function loadDevices(ids: number[]): Promise<void> {
    const t = now();
    const stale = ids.filter((id) => {
      const entry = devices.get(id);
      return !entry || t - entry.loadedAt > DEVICE_CACHE_S;
    });
    for (let i = 0; i < stale.length; i += CHUNK) {
      const chunk = stale.slice(i, i + CHUNK);
      const [rows, tags] = await Promise.all([
        store.db
          .selectFrom('devices')
          .select(['id', 'system_id', 'template_id', 'last_seen_at'])
          .where('id', 'in', chunk)
          .execute(),
        store.db
          .selectFrom('tags')
          .select(['id', 'device_id', 'nome'])
          .where('device_id', 'in', chunk)
          .execute(),
      ]);
      const found = new Set<number>();
      for (const r of rows) {
        found.add(r.id);
        const previous = devices.get(r.id);
        const lastSeen = Math.max(
          r.last_seen_at ?? -Infinity,
          previous?.meta.lastSeenAt ?? -Infinity,
        );
        devices.set(r.id, {
          meta: {
            id: r.id,
            systemId: r.system_id,
            templateId: r.template_id,
            lastSeenAt: Number.isFinite(lastSeen) ? lastSeen : null,
          },
          tags: new Map(),
          loadedAt: t,
        });
      }
      for (const tag of tags) devices.get(tag.device_id)?.tags.set(tag.nome, tag.id);
      for (const id of chunk) {
        if (!found.has(id)) {
          devices.delete(id);
          unknownDevices.set(id, t + UNKNOWN_DEVICE_CACHE_S);
        }
      }
    }
  }

  async function createTags(missing: Map<number, Set<string>>): Promise<void> {
    const rows: { device_id: number; nome: string; apelido: string; unidade: string }[] = [];
    for (const [deviceId, names] of missing) {
      const entry = devices.get(deviceId);
      if (!entry) continue;
      const room = MAX_TAGS_PER_DEVICE - entry.tags.size;
      const accepted = [...names].slice(0, Math.max(0, room));
      if (accepted.length < names.size) {
        log.warn(
          { deviceId, limite: MAX_TAGS_PER_DEVICE },
          'ingestão: limite de leituras por dispositivo',
        );
      }
      for (const nome of accepted)
        rows.push({ device_id: deviceId, nome, apelido: nome, unidade: '' });
    }
    for (let i = 0; i < rows.length; i += CHUNK) {
      await store.db
        .insertInto('tags')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) => oc.columns(['device_id', 'nome']).doNothing())
        .execute();
    }
    const deviceIds = [...missing.keys()];
    for (let i = 0; i < deviceIds.length; i += CHUNK) {
      const tags = await store.db
        .selectFrom('tags')
        .select(['id', 'device_id', 'nome'])
        .where('device_id', 'in', deviceIds.slice(i, i + CHUNK))
        .execute();
      for (const tag of tags) devices.get(tag.device_id)?.tags.set(tag.nome, tag.id);
    }
  }

  async function write(
    rows: ReadingColumns,
    current: ReadingColumns,
    seen: SeenColumns,
  ): Promise<number> {
    if (store.dialect === 'sqlite') {
      return withSqlite(store, (db) => {
        const statements = sqliteReadingStatements(db);
        return db.transaction(() => {
          const inserted = statements.insertReadings(rows);
          statements.upsertCurrent(current);
          statements.markSeen(seen);
          return inserted;
        })();
      });
    }
    let minTs = Infinity;
    let maxTs = -Infinity;
    for (let i = 0; i < rows.length; i++) {
      const ts = rows.ts[i] as number;
      if (ts < minTs) minTs = ts;
      if (ts > maxTs) maxTs = ts;
    }
    await ensureReadingPartitions(store, minTs, maxTs);
    return store.db.transaction().execute(async (trx) => {
      const inserted = await pgInsertReadings(trx, rows);
      await pgUpsertCurrent(trx, current);
      await pgMarkSeen(trx, seen);
      return inserted;
    });
  }

  async function runFlush(): Promise<void> {
    if (pending.messages === 0) return;
    const queue = pending;
    pending = spare;
    spare = queue;
    try {
      await writeQueue(queue);
    } finally {
      // Whatever was not settled on the way (an unexpected throw) is reported as not stored.
      queue.settleAll('failed');
      queue.clear();
    }
  }

  async function writeQueue(queue: Queue): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const messages = queue.messages;
    const deviceIds = new Set<number>();
    for (let i = 0; i < messages; i++) deviceIds.add(queue.deviceIds[i] as number);

    try {
      await loadDevices([...deviceIds]);
    } catch (err) {
      counters.rejected += messages;
      log.error({ err, mensagens: messages }, 'ingestão: falha ao carregar dispositivos');
      queue.settleAll('failed');
      return;
    }
    const missing = new Map<number, Set<string>>();
    let known = 0;
    for (let i = 0; i < messages; i++) {
      const deviceId = queue.deviceIds[i] as number;
      const entry = devices.get(deviceId);
      if (!entry) {
        reject('unknownDevice', { deviceId });
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
    if (known === 0) return;

    // Snapshot before the write: the engine needs each device's previous last-seen time.
    const snapshot = new Map<number, AlarmDevice>();
    for (const deviceId of deviceIds) {
      const entry = devices.get(deviceId);
      if (entry) snapshot.set(deviceId, { ...entry.meta });
    }
    try {
      if (missing.size > 0) await createTags(missing);
      await engine.prepare([...snapshot.values()]);
    } catch (err) {
      counters.rejected += known;
      log.error({ err, mensagens: known }, 'ingestão: falha ao preparar o lote');
      queue.settleAll('failed');
      return;
    }

    rows.clear();
    const seenTs = new Map<number, number>();
    const messagesOf = new Map<number, number[]>();
    const batch: ReadingsBatch = {
      devices: [],
      ts: [],
      start: [],
      end: [],
      names: queue.names,
      values: queue.values,
    };
    for (let i = 0; i < messages; i++) {
      const deviceId = queue.deviceIds[i] as number;
      const device = snapshot.get(deviceId);
      const tags = devices.get(deviceId)?.tags;
      if (!device || !tags) continue;
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
      if (indices) indices.push(batch.devices.length);
      else messagesOf.set(deviceId, [batch.devices.length]);
      (batch.devices as AlarmDevice[]).push(device);
      (batch.ts as number[]).push(ts);
      (batch.start as number[]).push(start);
      (batch.end as number[]).push(end);
      if ((seenTs.get(deviceId) ?? -Infinity) < ts) seenTs.set(deviceId, ts);
    }
    const seen: SeenColumns = { deviceIds: [...seenTs.keys()], ts: [...seenTs.values()] };

    let inserted: number;
    try {
      inserted = await write(rows, newest.collect(rows), seen);
    } catch (first) {
      try {
        inserted = await write(rows, newest.collect(rows), seen);
      } catch (err) {
        counters.rejected += known;
        log.error(
          { err, primeiroErro: String(first), mensagens: known },
          'ingestão: falha ao gravar o lote',
        );
        queue.settleAll('failed');
        return;
      }
    }
    counters.written += inserted;
    // Committed: the senders may now forget these messages (MQTT PUBACK, HTTP answer).
    queue.settleAll('stored');

    try {
      await engine.evaluate(batch);
    } catch (err) {
      log.error({ err }, 'ingestão: falha ao avaliar alarmes');
    }

    for (const [deviceId, ts] of seenTs) {
      const entry = devices.get(deviceId);
      if (!entry) continue;
      if (entry.meta.lastSeenAt === null || entry.meta.lastSeenAt < ts) entry.meta.lastSeenAt = ts;
      publish({
        type: 'readings.updated',
        sisId: entry.meta.systemId,
        deviceId,
        ts,
        names: readingNames(batch, messagesOf.get(deviceId) ?? []),
      });
    }
  }

  function flush(): Promise<void> {
    const run = chain.then(runFlush);
    chain = run.catch((err: unknown) => log.error({ err }, 'ingestão: falha inesperada'));
    return chain;
  }

  return {
    submit,
    flush,
    async close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      await flush();
    },
    stats: () => ({ ...counters }),
  };
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

const consoleLogger: IngestLogger = {
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};
