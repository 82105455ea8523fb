import type { Kysely } from 'kysely';
import { parseJson } from '../json.js';
import type { Database } from '../schema.js';

/**
 * Queries of remote commands (apps/server/src/commands/README.md): the types
 * of a template, the history of a device, the commands themselves and their
 * status changes, the session's password confirmations and the audit.
 */

type Db = Kysely<Database>;

/** Statuses a command can still leave: stored (0) and acknowledged (1). */
export const OPEN_STATUSES = [0, 1] as const;

/** What the device receives: the command's id and what to write. */
export interface CommandMessage {
  id: number;
  parameter_id: number;
  comando: number;
}

export interface CommandDevice {
  id: number;
  systemId: number;
  templateId: number;
  tipo: string;
}

/** The device when it is in one of `systemIds`. */
export async function findCommandDevice(
  db: Db,
  deviceId: number,
  systemIds: readonly number[],
): Promise<CommandDevice | undefined> {
  if (systemIds.length === 0) return undefined;
  const row = await db
    .selectFrom('devices')
    .select(['id', 'system_id', 'template_id', 'tipo'])
    .where('id', '=', deviceId)
    .where('system_id', 'in', [...systemIds])
    .executeTakeFirst();
  return (
    row && { id: row.id, systemId: row.system_id, templateId: row.template_id, tipo: row.tipo }
  );
}

export function commandTypesOf(db: Db, templateId: number) {
  return db
    .selectFrom('command_types')
    .select(['id', 'nome', 'parameter_id', 'comando'])
    .where('template_id', '=', templateId)
    .orderBy('id')
    .execute();
}

export function findCommandType(db: Db, templateId: number, typeId: number) {
  return db
    .selectFrom('command_types')
    .select(['id', 'nome', 'parameter_id', 'comando'])
    .where('template_id', '=', templateId)
    .where('id', '=', typeId)
    .executeTakeFirst();
}

export interface CommandHistoryRow {
  id: number;
  commandTypeId: number | null;
  parameterId: number | null;
  nome: string | null;
  statusWebId: number;
  usuario: string;
  createdAt: number;
  endedAt: number | null;
}

/** Newest first. */
export async function commandHistoryOf(
  db: Db,
  deviceId: number,
  limit: number,
): Promise<CommandHistoryRow[]> {
  const rows = await db
    .selectFrom('commands')
    .innerJoin('users', 'users.id', 'commands.user_id')
    .leftJoin('command_types', 'command_types.id', 'commands.command_type_id')
    .select([
      'commands.id',
      'commands.command_type_id',
      'commands.comando',
      'commands.status_web_id',
      'commands.created_at',
      'commands.updated_at',
      'commands.ended_at',
      'command_types.nome',
      'command_types.parameter_id',
      'users.nome as usuario',
    ])
    .where('commands.device_id', '=', deviceId)
    .orderBy('commands.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const body = parseJson<{ parameter_id?: unknown }>(r.comando, {});
    const parameterId = r.parameter_id ?? Number(body.parameter_id);
    const ended = r.status_web_id >= 2;
    return {
      id: r.id,
      commandTypeId: r.command_type_id,
      parameterId: Number.isInteger(parameterId) ? parameterId : null,
      nome: r.nome,
      statusWebId: r.status_web_id,
      usuario: r.usuario,
      createdAt: r.created_at,
      // Rows from before ended_at existed ended at their last update.
      endedAt: ended ? (r.ended_at ?? r.updated_at) : null,
    };
  });
}

export interface StoredCommand {
  id: number;
  deviceId: number;
  /** The command type it was sent as (a repeat of its idempotency key must be the same). */
  commandTypeId: number | null;
  /** Its type's name, as the console lists it ('Partir GMG'); null without a type. */
  nome: string | null;
  systemId: number;
  statusWebId: number;
  expiresAt: number | null;
  message: CommandMessage;
}

function selectCommands(db: Db) {
  return db
    .selectFrom('commands')
    .innerJoin('devices', 'devices.id', 'commands.device_id')
    .leftJoin('command_types', 'command_types.id', 'commands.command_type_id')
    .select([
      'commands.id',
      'commands.device_id',
      'commands.command_type_id',
      'command_types.nome',
      'devices.system_id',
      'commands.status_web_id',
      'commands.expires_at',
      'commands.comando',
    ]);
}

function toStored(r: {
  id: number;
  device_id: number;
  command_type_id: number | null;
  nome: string | null;
  system_id: number;
  status_web_id: number;
  expires_at: number | null;
  comando: string;
}): StoredCommand {
  const body = parseJson<{ parameter_id?: unknown; comando?: unknown }>(r.comando, {});
  return {
    id: r.id,
    deviceId: r.device_id,
    commandTypeId: r.command_type_id,
    nome: r.nome,
    systemId: r.system_id,
    statusWebId: r.status_web_id,
    expiresAt: r.expires_at,
    message: { id: r.id, parameter_id: Number(body.parameter_id), comando: Number(body.comando) },
  };
}

export async function findCommand(db: Db, id: number): Promise<StoredCommand | undefined> {
  const row = await selectCommands(db).where('commands.id', '=', id).executeTakeFirst();
  return row && toStored(row);
}

export async function findCommandByKey(
  db: Db,
  userId: number,
  key: string,
): Promise<StoredCommand | undefined> {
  const row = await selectCommands(db)
    .where('commands.user_id', '=', userId)
    .where('commands.idempotency_key', '=', key)
    .executeTakeFirst();
  return row && toStored(row);
}

/** Every command not yet answered to its end, oldest first. */
export async function openCommands(db: Db): Promise<StoredCommand[]> {
  const rows = await selectCommands(db)
    .where('commands.status_web_id', 'in', [...OPEN_STATUSES])
    .orderBy('commands.id')
    .execute();
  return rows.map(toStored);
}

export interface NewCommand {
  userId: number;
  deviceId: number;
  commandTypeId: number;
  parameterId: number;
  comando: number;
  idempotencyKey: string | null;
  now: number;
  expiresAt: number;
}

/** The new command's id, or undefined when the user's key was taken meanwhile. */
export async function insertCommand(db: Db, c: NewCommand): Promise<number | undefined> {
  const row = await db
    .insertInto('commands')
    .values({
      status_web_id: 0,
      user_id: c.userId,
      device_id: c.deviceId,
      command_type_id: c.commandTypeId,
      comando: JSON.stringify({ parameter_id: c.parameterId, comando: c.comando }),
      created_at: c.now,
      updated_at: c.now,
      idempotency_key: c.idempotencyKey,
      expires_at: c.expiresAt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Moves a command forward: to `status` only from an open status below it, so
 * late or repeated answers never move it back. True when it moved.
 */
export async function advanceCommand(
  db: Db,
  id: number,
  deviceId: number,
  status: number,
  now: number,
): Promise<boolean> {
  const from = OPEN_STATUSES.filter((s) => s < status);
  if (from.length === 0) return false;
  const result = await db
    .updateTable('commands')
    .set({ status_web_id: status, updated_at: now, ...(status >= 2 ? { ended_at: now } : {}) })
    .where('id', '=', id)
    .where('device_id', '=', deviceId)
    .where('status_web_id', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Open commands whose time to live ended by `now` (rows from before expires_at existed too). */
export async function dueCommands(db: Db, now: number): Promise<StoredCommand[]> {
  const rows = await selectCommands(db)
    .where('commands.status_web_id', 'in', [...OPEN_STATUSES])
    .where((eb) =>
      eb.or([eb('commands.expires_at', '<=', now), eb('commands.expires_at', 'is', null)]),
    )
    .orderBy('commands.id')
    .execute();
  return rows.map(toStored);
}

export async function recordConfirmation(db: Db, userId: number, sessionId: string, now: number) {
  await db
    .insertInto('command_confirmations')
    .values({ user_id: userId, session_id: sessionId, confirmed_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'session_id']).doUpdateSet({ confirmed_at: now }))
    .execute();
}

/** Epoch seconds of the session's last password confirmation. */
export async function confirmedAt(
  db: Db,
  userId: number,
  sessionId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('command_confirmations')
    .select('confirmed_at')
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row?.confirmed_at;
}

/** Audit actions of commands. */
export type CommandAuditAction = 'comando.enviado' | 'comando.recusado' | 'comando.estado';

export interface CommandAuditEntry {
  action: CommandAuditAction;
  userId: number | null;
  deviceId: number;
  /** Client address of the request; null for answers of the device. */
  endereco: string | null;
  commandId: number | null;
  /** comandoId asked for. */
  comandoId: number | null;
  /** The command's name, as the console lists it ('Partir GMG'); null when unknown. */
  comandoNome: string | null;
  /** What happened, e.g. 'enviado', 'repetido', 'sem confirmação', 'status 2'. */
  resultado: string;
  now: number;
}

export async function auditCommand(db: Db, e: CommandAuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values((eb) => ({
      ts: e.now,
      user_id: e.userId,
      action: e.action,
      entity: 'device',
      entity_id: String(e.deviceId),
      device_id: e.deviceId,
      system_id: eb.selectFrom('devices').select('system_id').where('id', '=', e.deviceId),
      details: JSON.stringify({
        endereco: e.endereco,
        commandId: e.commandId,
        comandoId: e.comandoId,
        comandoNome: e.comandoNome,
        resultado: e.resultado,
      }),
    }))
    .execute();
}

export interface CommandAuditRow extends Omit<CommandAuditEntry, 'now'> {
  id: number;
  ts: number;
}

/** A device's command audit, newest first. */
export async function commandAuditOf(db: Db, deviceId: number, limit = 200) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'ts', 'user_id', 'action', 'entity_id', 'details'])
    .where('entity', '=', 'device')
    .where('entity_id', '=', String(deviceId))
    .where('action', 'in', ['comando.enviado', 'comando.recusado', 'comando.estado'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r): CommandAuditRow => {
    const d = parseJson<Partial<CommandAuditEntry>>(r.details, {});
    return {
      id: r.id,
      ts: r.ts,
      action: r.action as CommandAuditAction,
      userId: r.user_id,
      deviceId,
      endereco: d.endereco ?? null,
      commandId: d.commandId ?? null,
      comandoId: d.comandoId ?? null,
      comandoNome: d.comandoNome ?? null,
      resultado: d.resultado ?? '',
    };
  });
}
