import type { ShelvedRow } from '@vigia/contract';
import { clampLimit } from '@vigia/domain';
import type { Kysely } from 'kysely';
import { type Publish, toPublish } from '../../alarms/publish.js';
import type { Store } from '../database.js';
import { loadOccurrenceRows } from '../occurrences/rows.js';
import { resolveScope, type ScopeQuery } from '../occurrences/scope.js';
import type { Database } from '../schema.js';
import { auditOccurrences } from './audit.js';

const CHUNK = 500;

interface Changed {
  id: number;
  system_id: number;
  device_id: number;
}

export interface ShelveInput {
  ids: readonly number[];
  userId: number;
  /** The caller's systems: ids outside them are left alone. */
  allowedSystemIds: readonly number[];
  reason: string;
  /** Already checked against the configured limits. */
  durationSeconds: number;
  now?: number;
  publish?: Publish;
}

/**
 * Shelves alarms (ISA-18.2): alarms of the allowed systems needing attention
 * (active, or cleared without acknowledgement) and not shelved yet leave the
 * active lists and counters until `now + durationSeconds`. Audited
 * 'occurrence.shelve' with the reason; one `occurrence.shelved` per (system,
 * device). Answers the ids shelved now and the end of the shelf.
 */
export async function shelveOccurrences(
  store: Store,
  input: ShelveInput,
): Promise<{ shelved: number[]; until: number }> {
  const now = Math.floor(input.now ?? Date.now() / 1000);
  const until = now + Math.floor(input.durationSeconds);
  const ids = validIds(input.ids);
  const systems = [...new Set(input.allowedSystemIds)];
  if (ids.length === 0 || systems.length === 0) return { shelved: [], until };
  const changed = await store.db.transaction().execute(async (trx) => {
    const rows: Changed[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      rows.push(
        ...(await trx
          .updateTable('occurrences')
          .set({
            shelved_until: until,
            shelved_at: now,
            shelved_by: input.userId,
            shelve_reason: input.reason,
          })
          .where('id', 'in', ids.slice(i, i + CHUNK))
          .where('system_id', 'in', systems)
          .where('is_evt', '=', 0)
          .where((eb) => eb.or([eb('hora_desativacao', 'is', null), eb('hora_ack', 'is', null)]))
          .where('shelved_until', 'is', null)
          .returning(['id', 'system_id', 'device_id'])
          .execute()),
      );
    }
    await auditOccurrences(
      trx,
      'occurrence.shelve',
      rows.map((r) => ({
        occurrenceId: r.id,
        systemId: r.system_id,
        deviceId: r.device_id,
        details: { ate: until, motivo: input.reason },
      })),
      { ts: now, userId: input.userId },
    );
    return rows;
  });
  const publish = toPublish(input.publish);
  for (const group of byDevice(changed)) {
    publish({
      type: 'occurrence.shelved',
      sisId: group.sisId,
      deviceId: group.deviceId,
      occurrenceIds: group.ids,
      userId: input.userId,
      ate: until,
    });
  }
  return { shelved: sortedIds(changed), until };
}

export interface UnshelveInput {
  ids: readonly number[];
  userId: number;
  allowedSystemIds: readonly number[];
  now?: number;
  publish?: Publish;
}

/**
 * Returns shelved alarms to the active lists before their time. A shelf is of
 * the alarm (device and rule), so the other shelved occurrences of the same
 * alarms return too. Audited 'occurrence.unshelve'; one `occurrence.unshelved`
 * per (system, device). Answers the ids returned.
 */
export async function unshelveOccurrences(
  store: Store,
  input: UnshelveInput,
): Promise<{ unshelved: number[] }> {
  const ids = validIds(input.ids);
  const systems = [...new Set(input.allowedSystemIds)];
  if (ids.length === 0 || systems.length === 0) return { unshelved: [] };
  const now = Math.floor(input.now ?? Date.now() / 1000);
  const changed = await store.db.transaction().execute(async (trx) => {
    const shelved: (Changed & { rule_id: number | null })[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      shelved.push(
        ...(await trx
          .selectFrom('occurrences')
          .select(['id', 'system_id', 'device_id', 'rule_id'])
          .where('id', 'in', ids.slice(i, i + CHUNK))
          .where('system_id', 'in', systems)
          .where('shelved_until', 'is not', null)
          .execute()),
      );
    }
    const siblings = await shelvedSiblings(trx, shelved, systems);
    const all = [...new Set([...shelved.map((r) => r.id), ...siblings])];
    return returnToService(trx, all, { ts: now, userId: input.userId, expired: false });
  });
  const publish = toPublish(input.publish);
  for (const group of byDevice(changed)) {
    publish({
      type: 'occurrence.unshelved',
      sisId: group.sisId,
      deviceId: group.deviceId,
      occurrenceIds: group.ids,
      userId: input.userId,
    });
  }
  return { unshelved: sortedIds(changed) };
}

/**
 * Returns every alarm whose shelf ended by `now` (the shelving job), audited
 * 'occurrence.unshelve' with `expired` and no user; publishes
 * `occurrence.unshelved` with `userId` null. Answers how many returned.
 */
export async function expireShelves(
  store: Store,
  opts: { now?: number; publish?: Publish } = {},
): Promise<{ returned: number }> {
  const now = Math.floor(opts.now ?? Date.now() / 1000);
  const changed = await store.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('occurrences')
      .select('id')
      .where('shelved_until', 'is not', null)
      .where('shelved_until', '<=', now)
      .orderBy('shelved_until')
      .limit(5000)
      .execute();
    return returnToService(
      trx,
      due.map((r) => r.id),
      { ts: now, userId: null, expired: true },
    );
  });
  const publish = toPublish(opts.publish);
  for (const group of byDevice(changed)) {
    publish({
      type: 'occurrence.unshelved',
      sisId: group.sisId,
      deviceId: group.deviceId,
      occurrenceIds: group.ids,
      userId: null,
    });
  }
  return { returned: changed.length };
}

/** A job running `expireShelves` every `intervalMs`; `stop()` waits for a pass under way. */
export function startShelfExpiry(
  store: Store,
  opts: { intervalMs: number; publish?: Publish; onError?: (error: unknown) => void },
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = expireShelves(store, { publish: opts.publish }).catch((error: unknown) =>
      opts.onError?.(error),
    );
  }, opts.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** Other shelved occurrences of the same (device, rule) as `rows`, in `systems`. */
async function shelvedSiblings(
  db: Kysely<Database>,
  rows: readonly { device_id: number; rule_id: number | null }[],
  systems: readonly number[],
): Promise<number[]> {
  const pairs = new Map<string, { device: number; rule: number }>();
  for (const r of rows) {
    if (r.rule_id !== null)
      pairs.set(`${r.device_id}:${r.rule_id}`, { device: r.device_id, rule: r.rule_id });
  }
  const out: number[] = [];
  const list = [...pairs.values()];
  for (let i = 0; i < list.length; i += 100) {
    const part = list.slice(i, i + 100);
    const found = await db
      .selectFrom('occurrences')
      .select('id')
      .where('shelved_until', 'is not', null)
      .where('system_id', 'in', systems)
      .where((eb) =>
        eb.or(
          part.map((p) => eb.and([eb('device_id', '=', p.device), eb('rule_id', '=', p.rule)])),
        ),
      )
      .execute();
    out.push(...found.map((r) => r.id));
  }
  return out;
}

async function returnToService(
  db: Kysely<Database>,
  ids: readonly number[],
  opts: { ts: number; userId: number | null; expired: boolean },
): Promise<Changed[]> {
  const rows: Changed[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    rows.push(
      ...(await db
        .updateTable('occurrences')
        .set({ shelved_until: null, shelved_at: null, shelved_by: null, shelve_reason: null })
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .where('shelved_until', 'is not', null)
        .returning(['id', 'system_id', 'device_id'])
        .execute()),
    );
  }
  await auditOccurrences(
    db,
    'occurrence.unshelve',
    rows.map((r) => ({
      occurrenceId: r.id,
      systemId: r.system_id,
      deviceId: r.device_id,
      ...(opts.expired ? { details: { expirou: true } } : {}),
    })),
    { ts: opts.ts, userId: opts.userId },
  );
  return rows;
}

export interface ShelvedListQuery extends ScopeQuery {
  offSet?: number;
  limit?: number;
}

/** The shelved alarms in scope (404 for ids outside the caller's), the shelf ending first on top. */
export async function listShelved(
  store: Store,
  allowedSystemIds: readonly number[],
  query: ShelvedListQuery,
  defaultLimit: number,
): Promise<ShelvedRow[]> {
  const scope = await resolveScope(store.db, allowedSystemIds, query);
  if (!scope) return [];
  let q = store.db
    .selectFrom('occurrences as o')
    .leftJoin('users as u', 'u.id', 'o.shelved_by')
    .select(['o.id', 'o.shelved_until', 'o.shelved_at', 'o.shelve_reason', 'u.login', 'u.nome'])
    .where('o.shelved_until', 'is not', null)
    .where('o.system_id', 'in', scope.systemIds);
  if (scope.deviceIds) q = q.where('o.device_id', 'in', scope.deviceIds);
  const shelves = await q
    .orderBy('o.shelved_until')
    .orderBy('o.id')
    .limit(clampLimit(query.limit, defaultLimit))
    .offset(query.offSet ?? 0)
    .execute();
  const rows = await loadOccurrenceRows(
    store.db,
    shelves.map((s) => s.id),
  );
  const byId = new Map(shelves.map((s) => [s.id, s]));
  return rows.map((row) => {
    const s = byId.get(row.id);
    return {
      ...row,
      prateleira: {
        ate: Number(s?.shelved_until ?? 0),
        desde: Number(s?.shelved_at ?? 0),
        motivo: s?.shelve_reason ?? '',
        usuario: s?.login != null && s.nome != null ? { login: s.login, nome: s.nome } : null,
      },
    };
  });
}

function validIds(ids: readonly number[]): number[] {
  return [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
}

function sortedIds(rows: readonly Changed[]): number[] {
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

function byDevice(rows: readonly Changed[]): { sisId: number; deviceId: number; ids: number[] }[] {
  const groups = new Map<string, { sisId: number; deviceId: number; ids: number[] }>();
  for (const r of rows) {
    const key = `${r.system_id}:${r.device_id}`;
    const group = groups.get(key) ?? { sisId: r.system_id, deviceId: r.device_id, ids: [] };
    group.ids.push(r.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}
