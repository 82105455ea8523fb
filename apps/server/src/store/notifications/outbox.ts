import { type Kysely, type Selectable, sql } from 'kysely';
import type { Store } from '../database.js';
import { toJson } from '../json.js';
import type { Database, NotificationOutboxTable } from '../schema.js';

type Db = Kysely<Database>;

export type OutboxRow = Selectable<NotificationOutboxTable>;
export type OutboxKind = NotificationOutboxTable['kind'];
export type OutboxChannel = NotificationOutboxTable['channel'];

/** What a message carries: its texts and the alarm's facts (the webhook's body). */
export interface OutboxPayload {
  assunto: string;
  texto: string;
  dados: Record<string, unknown>;
}

export interface NewMessage {
  idempotencyKey: string;
  systemId: number;
  occurrenceId: number | null;
  userId: number;
  kind: OutboxKind;
  channel: OutboxChannel;
  recipient: string;
  payload: OutboxPayload;
  /** 'held': past the user's flood limit, waits for the summary. */
  status: 'pending' | 'held';
}

/** Writes messages; one whose key is already there is left alone (another node decided it). */
export async function enqueueMessages(
  db: Db,
  messages: NewMessage[],
  now: number,
): Promise<number> {
  if (messages.length === 0) return 0;
  const result = await db
    .insertInto('notification_outbox')
    .values(
      messages.map((m) => ({
        idempotency_key: m.idempotencyKey,
        system_id: m.systemId,
        occurrence_id: m.occurrenceId,
        user_id: m.userId,
        kind: m.kind,
        channel: m.channel,
        recipient: m.recipient,
        payload: toJson(m.payload),
        status: m.status,
        next_attempt_at: now,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Alarm messages per user and channel since `since` that count against the
 * flood limit (`user:channel` → count), for the users given.
 */
export async function countRecentAlarmMessages(
  db: Db,
  userIds: readonly number[],
  since: number,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('notification_outbox')
    .select(['user_id', 'channel', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', 'in', userIds)
    .where('created_at', '>', since)
    .where('kind', '=', 'alarme')
    .where('status', 'in', ['pending', 'sent', 'failed'])
    .groupBy(['user_id', 'channel'])
    .execute();
  return new Map(rows.map((r) => [`${r.user_id}:${r.channel}`, Number(r.n)]));
}

/**
 * Claims up to `limit` due messages for `node` until `leaseUntil`: one
 * statement, so two nodes never claim one row (PostgreSQL skips the rows
 * another claim holds; SQLite has one writer). A lease that ran out (a node
 * that died mid-delivery) makes its rows due again.
 */
export async function claimDueMessages(
  store: Store,
  node: string,
  now: number,
  leaseUntil: number,
  limit: number,
): Promise<OutboxRow[]> {
  const lock = store.dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const result = await sql<OutboxRow>`
    update notification_outbox set claimed_by = ${node}, claimed_until = ${leaseUntil}
    where id in (
      select id from notification_outbox
      where status = 'pending' and next_attempt_at <= ${now}
        and (claimed_until is null or claimed_until <= ${now})
      order by id limit ${limit} ${lock}
    )
    returning *`.execute(store.db);
  return result.rows
    .map((r) => ({
      ...r,
      id: Number(r.id),
      attempts: Number(r.attempts),
      next_attempt_at: Number(r.next_attempt_at),
      created_at: Number(r.created_at),
    }))
    .sort((a, b) => a.id - b.id);
}

/** The outcome of one attempt, written only while `node` holds the row's lease. */
export async function recordAttempt(
  db: Db,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  node: string,
  outcome:
    | { ok: true; now: number }
    | { ok: false; now: number; error: string; retryAt: number | null },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const attempts = row.attempts + 1;
    const update = outcome.ok
      ? { status: 'sent' as const, sent_at: outcome.now, last_error: null }
      : outcome.retryAt === null
        ? { status: 'failed' as const, last_error: outcome.error }
        : {
            status: 'pending' as const,
            next_attempt_at: outcome.retryAt,
            last_error: outcome.error,
          };
    const result = await trx
      .updateTable('notification_outbox')
      .set({ ...update, attempts, claimed_by: null, claimed_until: null })
      .where('id', '=', row.id)
      .where('claimed_by', '=', node)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('notification_attempts')
      .values({
        outbox_id: row.id,
        ts: outcome.now,
        node,
        ok: outcome.ok ? 1 : 0,
        error: outcome.ok ? null : outcome.error,
      })
      .execute();
    return true;
  });
}

/** (user, channel) pairs whose oldest held message is older than `before`: their summary is due. */
export async function dueSummaries(
  db: Db,
  before: number,
): Promise<{ user_id: number; channel: OutboxChannel }[]> {
  return db
    .selectFrom('notification_outbox')
    .select(['user_id', 'channel'])
    .where('status', '=', 'held')
    .groupBy(['user_id', 'channel'])
    .having((eb) => eb.fn.min('created_at'), '<=', before)
    .execute();
}

/**
 * Marks a user's held messages on a channel as summarized and writes the one
 * summary in their place, in one transaction (a second node finds none held).
 */
export async function summarizeHeld(
  db: Db,
  userId: number,
  channel: OutboxChannel,
  now: number,
  build: (held: OutboxRow[]) => Omit<NewMessage, 'status'>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .updateTable('notification_outbox')
      .set({ status: 'summarized' })
      .where('user_id', '=', userId)
      .where('channel', '=', channel)
      .where('status', '=', 'held')
      .returningAll()
      .execute();
    if (held.length === 0) return false;
    await enqueueMessages(trx, [{ ...build(held), status: 'pending' }], now);
    return true;
  });
}

export interface DeliveryFilter {
  /** The caller's own messages … */
  userId: number;
  /** … and, for an administrator, those of these systems. */
  adminSystemIds: readonly number[];
  sisId?: number;
  status?: string;
  /** Rows with an id below this (the next page). */
  before?: number;
  limit: number;
}

export async function listDeliveries(db: Db, f: DeliveryFilter) {
  let q = db
    .selectFrom('notification_outbox as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.created_at',
      'o.system_id',
      'o.occurrence_id',
      'o.user_id',
      'u.nome as usuario_nome',
      'o.kind',
      'o.channel',
      'o.recipient',
      'o.payload',
      'o.status',
      'o.attempts',
      'o.last_error',
      'o.sent_at',
    ])
    .where((eb) =>
      f.adminSystemIds.length > 0
        ? eb.or([eb('o.user_id', '=', f.userId), eb('o.system_id', 'in', f.adminSystemIds)])
        : eb('o.user_id', '=', f.userId),
    );
  if (f.sisId !== undefined) q = q.where('o.system_id', '=', f.sisId);
  if (f.status !== undefined) q = q.where('o.status', '=', f.status as OutboxRow['status']);
  if (f.before !== undefined) q = q.where('o.id', '<', f.before);
  return q.orderBy('o.id', 'desc').limit(f.limit).execute();
}
