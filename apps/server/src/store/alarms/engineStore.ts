import { type Kysely, sql } from 'kysely';
import type { AlarmRule, Database } from '../schema.js';
import { auditOccurrences } from './audit.js';

/** The alarm engine's reads and writes (alarms/engine.ts decides, this stores). */

export function loadAlarmRules(
  db: Kysely<Database>,
  templateIds: readonly number[],
): Promise<AlarmRule[]> {
  if (templateIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('alarm_rules').selectAll().where('template_id', 'in', templateIds).execute();
}

/** The overrides of their models' rules some devices have. */
export function loadRuleOverrides(db: Kysely<Database>, deviceIds: readonly number[]) {
  if (deviceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('device_alarm_rules')
    .select(['device_id', 'rule_id', 'limit_value', 'delay_s', 'critico', 'nome_alarme'])
    .where('device_id', 'in', deviceIds)
    .execute();
}

/** The open alarms (not events) of some devices. */
export function openAlarmsOf(db: Kysely<Database>, deviceIds: readonly number[]) {
  return db
    .selectFrom('occurrences')
    .select(['id', 'device_id', 'rule_id', 'hora_ativacao'])
    .where('device_id', 'in', deviceIds)
    .where('hora_desativacao', 'is', null)
    .where('is_evt', '=', 0)
    .where('rule_id', 'is not', null)
    .execute();
}

/** The stored current values of some reading names of some devices (event rules start from them). */
export function currentValuesOf(
  db: Kysely<Database>,
  deviceIds: readonly number[],
  names: readonly string[],
) {
  if (deviceIds.length === 0 || names.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('current_values')
    .innerJoin('tags', 'tags.id', 'current_values.tag_id')
    .select(['tags.device_id', 'tags.nome', 'current_values.valor', 'current_values.ts'])
    .where('tags.device_id', 'in', deviceIds)
    .where('tags.nome', 'in', names)
    .execute();
}

export interface NewAlarmOccurrence {
  systemId: number;
  deviceId: number;
  ruleId: number;
  critico: number;
  isEvent: boolean;
  /** Reading time: hora_ativacao (and hora_desativacao of an event). */
  ts: number;
  nome: string;
  value: number;
  /**
   * Wall clock, epoch seconds: a shelf of the same alarm still running is
   * inherited; stored as raised_at, where escalation delays start.
   */
  now: number;
}

export interface InsertedOccurrence {
  id: number;
  /** Shelved or out of service from the start: not annunciated. */
  suppressed: boolean;
}

/**
 * Inserts an alarm (unless one is open already for the device and rule) or an
 * event, and audits it ('occurrence.raise'). A new alarm of a (device, rule)
 * shelved until later stays shelved (shelving is of the alarm, not of one
 * occurrence); one of a device out of service is flagged so. Null when nothing
 * was written.
 */
export async function insertOccurrence(
  db: Kysely<Database>,
  o: NewAlarmOccurrence,
): Promise<InsertedOccurrence | null> {
  const isEvt = o.isEvent ? 1 : 0;
  // Scalar subqueries in VALUES, so PostgreSQL types the parameters from the columns.
  const shelf = (column: string) =>
    isEvt
      ? sql`null`
      : sql`(select ${sql.ref(column)} from occurrences
          where shelved_until > ${o.now} and device_id = ${o.deviceId} and rule_id = ${o.ruleId}
          order by shelved_until desc limit 1)`;
  const { rows } = await sql<{ id: number; shelved_until: number | null; out_of_service: number }>`
    insert into occurrences
      (system_id, device_id, site_id, rule_id, critico, is_evt, hora_ativacao, raised_at,
       hora_desativacao, nome_alarme, valor_falha, out_of_service, shelved_until, shelved_at,
       shelved_by, shelve_reason)
    values (${o.systemId}, ${o.deviceId}, ${o.deviceId}, ${o.ruleId}, ${o.critico}, ${isEvt},
      ${o.ts}, ${o.now}, ${isEvt ? o.ts : null}, ${o.nome}, ${o.value},
      coalesce((select case when out_of_service_at is null then 0 else 1 end
        from devices where id = ${o.deviceId}), 0),
      ${shelf('shelved_until')}, ${shelf('shelved_at')}, ${shelf('shelved_by')},
      ${shelf('shelve_reason')})
    on conflict (device_id, rule_id) where hora_desativacao is null and is_evt = 0 do nothing
    returning id, shelved_until, out_of_service`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const id = Number(row.id);
  await auditOccurrences(
    db,
    'occurrence.raise',
    [{ occurrenceId: id, systemId: o.systemId, deviceId: o.deviceId, details: { valor: o.value } }],
    { ts: o.ts, userId: null },
  );
  return { id, suppressed: row.shelved_until !== null || Number(row.out_of_service) === 1 };
}

/**
 * A chattering alarm: the condition holds again `windowS` seconds or less
 * after the alarm of this device and rule cleared, and nobody acknowledged it
 * yet. That occurrence is active again with its repeat count one higher,
 * instead of a duplicate (audited 'occurrence.repeat'). Null when there is no
 * such occurrence (or one is open already).
 */
export async function foldRepeat(
  db: Kysely<Database>,
  r: { systemId: number; deviceId: number; ruleId: number; ts: number; windowS: number },
): Promise<{ id: number; suppressed: boolean; repeatCount: number } | null> {
  if (r.windowS <= 0) return null;
  // The candidate is pending (unacknowledged): the device's partial index of pending alarms finds it.
  const { rows } = await sql<{
    id: number;
    shelved_until: number | null;
    out_of_service: number;
    repeat_count: number;
  }>`
    update occurrences set hora_desativacao = null, repeat_count = repeat_count + 1
    where id = (
      select id from occurrences
      where device_id = ${r.deviceId} and is_evt = 0
        and (hora_desativacao is null or hora_ack is null)
        and rule_id = ${r.ruleId} and hora_desativacao is not null
        and hora_desativacao >= ${r.ts - r.windowS} and hora_desativacao <= ${r.ts}
      order by hora_desativacao desc, id desc limit 1)
    and not exists (
      select 1 from occurrences
      where device_id = ${r.deviceId} and is_evt = 0
        and (hora_desativacao is null or hora_ack is null)
        and rule_id = ${r.ruleId} and hora_desativacao is null)
    returning id, shelved_until, out_of_service, repeat_count`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const id = Number(row.id);
  const repeatCount = Number(row.repeat_count);
  await auditOccurrences(
    db,
    'occurrence.repeat',
    [{ occurrenceId: id, systemId: r.systemId, deviceId: r.deviceId, details: { repeatCount } }],
    { ts: r.ts, userId: null },
  );
  return {
    id,
    suppressed: row.shelved_until !== null || Number(row.out_of_service) === 1,
    repeatCount,
  };
}

/** Clears the open alarms of a device for some rules at `ts` (audited 'occurrence.clear'); their ids. */
export async function clearAlarms(
  db: Kysely<Database>,
  c: { systemId: number; deviceId: number; ruleIds: readonly number[]; ts: number },
): Promise<number[]> {
  if (c.ruleIds.length === 0) return [];
  const rows = await db
    .updateTable('occurrences')
    .set({ hora_desativacao: c.ts })
    .where('device_id', '=', c.deviceId)
    .where('rule_id', 'in', c.ruleIds)
    .where('hora_desativacao', 'is', null)
    .where('is_evt', '=', 0)
    .returning('id')
    .execute();
  const ids = rows.map((r) => Number(r.id));
  await auditOccurrences(
    db,
    'occurrence.clear',
    ids.map((occurrenceId) => ({ occurrenceId, systemId: c.systemId, deviceId: c.deviceId })),
    { ts: c.ts, userId: null },
  );
  return ids;
}

/**
 * Devices silent for longer than their template's communication rule allows,
 * without that alarm open; devices that never communicated are left out. A device's
 * own silence limit, criticality and message win over its model's.
 */
export function silentDevices(db: Kysely<Database>, now: number) {
  return db
    .selectFrom('devices as d')
    .innerJoin('alarm_rules as r', (j) =>
      j.onRef('r.template_id', '=', 'd.template_id').on('r.kind', '=', 'communication'),
    )
    .leftJoin('device_alarm_rules as dr', (j) =>
      j.onRef('dr.device_id', '=', 'd.id').onRef('dr.rule_id', '=', 'r.id'),
    )
    .select(({ fn, ref }) => [
      'd.id as deviceId',
      'd.system_id as systemId',
      'd.last_seen_at as lastSeenAt',
      'r.id as ruleId',
      fn.coalesce(ref('dr.limit_value'), ref('r.limit_value')).as('limit'),
      fn.coalesce(ref('dr.critico'), ref('r.critico')).as('critico'),
      fn.coalesce(ref('dr.nome_alarme'), ref('r.nome_alarme')).as('nome'),
    ])
    .where('d.last_seen_at', 'is not', null)
    .where(sql<boolean>`d.last_seen_at + coalesce(dr.limit_value, r.limit_value) < ${now}`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('occurrences as o')
            .select('o.id')
            .whereRef('o.device_id', '=', 'd.id')
            .whereRef('o.rule_id', '=', 'r.id')
            .where('o.hora_desativacao', 'is', null)
            .where('o.is_evt', '=', 0),
        ),
      ),
    )
    .execute();
}
