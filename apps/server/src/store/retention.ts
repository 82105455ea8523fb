import type { Store } from './database.js';
import { PACK_HOUR_S } from './packs/packCodec.js';
import { compactClosedReadingPartitions, dropReadingPartitionsBefore } from './partitions.js';
import { nextTurn, oldestOfEachTag } from './readingSeek.js';

const DAY_S = 86_400;

export interface RetentionResult {
  /** Reading rows deleted one tag-day at a time (SQLite). */
  deletedReadings: number;
  /** Whole monthly partitions dropped (PostgreSQL). */
  droppedPartitions: string[];
  /** Packed hours (store/packs) wholly before the cutoff, deleted per tag. */
  deletedPacks: number;
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
  // A pack holds an hour: it goes once its last second is past the cutoff.
  const packsBefore = cutoffTs - PACK_HOUR_S + 1;
  if (store.dialect === 'postgres') {
    return {
      deletedReadings: 0,
      droppedPartitions: await dropReadingPartitionsBefore(store, cutoffTs),
      deletedPacks: await pruneByTag(store, 'reading_packs', packsBefore, signal),
    };
  }
  let deletedReadings = 0;
  for await (const oldest of oldestOfEachTag(store.db)) {
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
  return {
    deletedReadings,
    droppedPartitions: [],
    deletedPacks: await pruneByTag(store, 'reading_packs', packsBefore, signal),
  };
}

/**
 * Days each kind of record is kept; 0 keeps it for ever. Raw readings go
 * first; the hourly and daily aggregates outlive them (charts and reports of
 * older periods read those); occurrences and the audit log have their own.
 */
export interface RetentionPolicy {
  readings: number;
  hourly: number;
  daily: number;
  occurrences: number;
  audit: number;
}

export interface RetentionPass extends RetentionResult {
  /** Closed months whose index was rebuilt packed (PostgreSQL). */
  compactedPartitions: string[];
  deletedHours: number;
  deletedDays: number;
  deletedOccurrences: number;
  deletedAudit: number;
  /** Notifications delivered, failed or summarized (and their attempts), kept as long as the audit log. */
  deletedNotifications: number;
}

/** Rows removed per statement for the tables with an id (occurrences carry counting triggers). */
const BATCH = 500;

/**
 * Packed hours or aggregates (`reading_packs`, `reading_hours`, `reading_days`)
 * starting before the cutoff: only the tags whose oldest row does, each one key range.
 */
async function pruneByTag(
  store: Store,
  table: 'reading_packs' | 'reading_hours' | 'reading_days',
  cutoffTs: number,
  signal?: AbortSignal,
): Promise<number> {
  let deleted = 0;
  for await (const oldest of oldestOfEachTag(store.db, table)) {
    if (signal?.aborted) break;
    if (oldest.ts < cutoffTs) {
      const result = await store.db
        .deleteFrom(table)
        .where('tag_id', '=', oldest.tag_id)
        .where('inicio', '<', cutoffTs)
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    await nextTurn();
  }
  return deleted;
}

/**
 * Occurrences raised before the cutoff that are over: events, and alarms
 * cleared and acknowledged (ISA-18.2 normal). An alarm still active or never
 * acknowledged stays, however old. Per system, along its (system_id,
 * hora_ativacao) index, a batch at a time; comments go with their occurrence.
 */
export async function pruneOccurrences(
  store: Store,
  cutoffTs: number,
  signal?: AbortSignal,
): Promise<number> {
  let deleted = 0;
  const systems = await store.db.selectFrom('systems').select('id').orderBy('id').execute();
  for (const { id: systemId } of systems) {
    for (let removed = BATCH; removed === BATCH && !signal?.aborted; ) {
      const old = store.db
        .selectFrom('occurrences')
        .select('id')
        .where('system_id', '=', systemId)
        .where('hora_ativacao', '<', cutoffTs)
        .where((eb) =>
          eb.or([
            eb('is_evt', '=', 1),
            eb.and([eb('hora_desativacao', 'is not', null), eb('hora_ack', 'is not', null)]),
          ]),
        )
        .orderBy('hora_ativacao')
        .limit(BATCH);
      const result = await store.db
        .deleteFrom('occurrences')
        .where('id', 'in', old)
        .executeTakeFirst();
      removed = Number(result.numDeletedRows);
      deleted += removed;
      await nextTurn();
    }
  }
  return deleted;
}

/** Audit entries older than the cutoff, oldest first, a batch at a time along the ts index. */
export async function pruneAudit(
  store: Store,
  cutoffTs: number,
  signal?: AbortSignal,
): Promise<number> {
  let deleted = 0;
  for (let removed = BATCH; removed === BATCH && !signal?.aborted; ) {
    const old = store.db
      .selectFrom('audit_log')
      .select('id')
      .where('ts', '<', cutoffTs)
      .orderBy('ts')
      .limit(BATCH);
    const result = await store.db.deleteFrom('audit_log').where('id', 'in', old).executeTakeFirst();
    removed = Number(result.numDeletedRows);
    deleted += removed;
    await nextTurn();
  }
  return deleted;
}

/**
 * Notifications that are over (sent, failed, summarized) written before the
 * cutoff, with their attempts; pending and held ones stay whatever their age.
 */
export async function pruneNotifications(
  store: Store,
  cutoffTs: number,
  signal?: AbortSignal,
): Promise<number> {
  let deleted = 0;
  for (let removed = BATCH; removed === BATCH && !signal?.aborted; ) {
    const old = (
      await store.db
        .selectFrom('notification_outbox')
        .select('id')
        .where('created_at', '<', cutoffTs)
        .where('status', 'in', ['sent', 'failed', 'summarized'])
        .orderBy('id')
        .limit(BATCH)
        .execute()
    ).map((r) => r.id);
    if (old.length === 0) break;
    await store.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('notification_attempts').where('outbox_id', 'in', old).execute();
      await trx.deleteFrom('notification_outbox').where('id', 'in', old).execute();
    });
    removed = old.length;
    deleted += removed;
    await nextTurn();
  }
  return deleted;
}

/** One pass of the whole policy at `nowSec`: each kind by its own period, then closed months packed. */
export async function applyRetention(
  store: Store,
  policy: RetentionPolicy,
  nowSec: number,
  signal?: AbortSignal,
): Promise<RetentionPass> {
  const cutoff = (days: number) => nowSec - days * DAY_S;
  const readings =
    policy.readings > 0
      ? await pruneReadings(store, cutoff(policy.readings), signal)
      : { deletedReadings: 0, droppedPartitions: [], deletedPacks: 0 };
  return {
    ...readings,
    compactedPartitions: await compactClosedReadingPartitions(store, nowSec, signal),
    deletedHours:
      policy.hourly > 0
        ? await pruneByTag(store, 'reading_hours', cutoff(policy.hourly), signal)
        : 0,
    deletedDays:
      policy.daily > 0 ? await pruneByTag(store, 'reading_days', cutoff(policy.daily), signal) : 0,
    deletedOccurrences:
      policy.occurrences > 0
        ? await pruneOccurrences(store, cutoff(policy.occurrences), signal)
        : 0,
    deletedAudit: policy.audit > 0 ? await pruneAudit(store, cutoff(policy.audit), signal) : 0,
    deletedNotifications:
      policy.audit > 0 ? await pruneNotifications(store, cutoff(policy.audit), signal) : 0,
  };
}

export interface RetentionJob {
  /** One pass now (tests, or an operator's command). */
  run(): Promise<RetentionPass>;
  stop(): Promise<void>;
}

export interface RetentionOptions {
  policy: RetentionPolicy;
  /** Pause between passes (default 6 h). */
  intervalMs?: number;
  now?: () => number;
  onPass?: (result: RetentionPass) => void;
  onError?: (error: unknown) => void;
}

/** Runs `applyRetention` at start and then every `intervalMs`, one pass at a time. */
export function startRetention(store: Store, options: RetentionOptions): RetentionJob {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  let running: Promise<RetentionPass> | null = null;
  const stopping = new AbortController();
  const run = () => {
    running ??= applyRetention(store, options.policy, now(), stopping.signal).finally(() => {
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
      stopping.abort();
      clearTimeout(first);
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}

/**
 * The policy as applied: aggregates are kept at least as long as the readings
 * they summarise (a chart or report past the raw readings reads them), so
 * keeping every reading (0) keeps every aggregate too.
 */
export function effectiveRetention(policy: RetentionPolicy): RetentionPolicy {
  const atLeast = (days: number, floor: number) =>
    days === 0 || floor === 0 ? 0 : Math.max(days, floor);
  const hourly = atLeast(policy.hourly, policy.readings);
  return { ...policy, hourly, daily: atLeast(policy.daily, hourly) };
}
