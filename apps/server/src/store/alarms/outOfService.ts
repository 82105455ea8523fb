import { type Publish, toPublish } from '../../alarms/publish.js';
import type { Store } from '../database.js';
import { auditOccurrences } from './audit.js';

export interface DeviceService {
  deviceId: number;
  systemId: number;
  /** Epoch seconds since out of service; null: in service. */
  since: number | null;
  reason: string | null;
  by: { login: string; nome: string } | null;
}

/** A device's service state, or null when it is not one of `allowedSystemIds`' devices. */
export async function deviceService(
  store: Store,
  deviceId: number,
  allowedSystemIds: readonly number[],
): Promise<DeviceService | null> {
  if (allowedSystemIds.length === 0) return null;
  const row = await store.db
    .selectFrom('devices as d')
    .leftJoin('users as u', 'u.id', 'd.out_of_service_by')
    .select([
      'd.id',
      'd.system_id',
      'd.out_of_service_at',
      'd.out_of_service_reason',
      'u.login',
      'u.nome',
    ])
    .where('d.id', '=', deviceId)
    .where('d.system_id', 'in', allowedSystemIds)
    .executeTakeFirst();
  if (!row) return null;
  const since = row.out_of_service_at === null ? null : Number(row.out_of_service_at);
  return {
    deviceId: row.id,
    systemId: row.system_id,
    since,
    reason: since === null ? null : row.out_of_service_reason,
    by:
      since !== null && row.login !== null && row.nome !== null
        ? { login: row.login, nome: row.nome }
        : null,
  };
}

/**
 * Takes a device out of service (ISA-18.2) or puts it back. Out of service,
 * its alarms needing attention and those it raises until put back are flagged
 * `out_of_service` and leave the active lists and counters; put back, they
 * return. Audited on the device ('device.out_of_service' with the reason,
 * 'device.in_service') and on each alarm that changed
 * ('occurrence.out_of_service' / 'occurrence.in_service'); publishes
 * `device.service`. Null when the device is not the caller's; `changed` false
 * when it already was in that state.
 */
export async function setDeviceService(
  store: Store,
  input: {
    deviceId: number;
    allowedSystemIds: readonly number[];
    userId: number;
    outOfService: boolean;
    reason?: string;
    now?: number;
    publish?: Publish;
  },
): Promise<{ changed: boolean; occurrenceIds: number[] } | null> {
  const now = Math.floor(input.now ?? Date.now() / 1000);
  const current = await deviceService(store, input.deviceId, input.allowedSystemIds);
  if (!current) return null;
  if ((current.since !== null) === input.outOfService) return { changed: false, occurrenceIds: [] };
  const result = await store.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('devices')
      .set(
        input.outOfService
          ? {
              out_of_service_at: now,
              out_of_service_by: input.userId,
              out_of_service_reason: input.reason ?? null,
            }
          : { out_of_service_at: null, out_of_service_by: null, out_of_service_reason: null },
      )
      .where('id', '=', input.deviceId)
      .where('out_of_service_at', input.outOfService ? 'is' : 'is not', null)
      .returning('id')
      .execute();
    if (updated.length === 0) return null;
    // Out of service: those needing attention; back in service: every flagged one.
    let q = trx
      .updateTable('occurrences')
      .set({ out_of_service: input.outOfService ? 1 : 0 })
      .where('device_id', '=', input.deviceId)
      .where('is_evt', '=', 0);
    q = input.outOfService
      ? q
          .where('out_of_service', '=', 0)
          .where((eb) => eb.or([eb('hora_desativacao', 'is', null), eb('hora_ack', 'is', null)]))
      : q.where('out_of_service', '=', 1);
    const rows = await q.returning('id').execute();
    const occurrenceIds = rows.map((r) => r.id).sort((a, b) => a - b);
    await trx
      .insertInto('audit_log')
      .values({
        ts: now,
        user_id: input.userId,
        action: input.outOfService ? 'device.out_of_service' : 'device.in_service',
        entity: 'device',
        entity_id: String(input.deviceId),
        system_id: current.systemId,
        device_id: input.deviceId,
        details: JSON.stringify({
          system_id: current.systemId,
          ...(input.outOfService ? { motivo: input.reason ?? null } : {}),
          ocorrencias: occurrenceIds,
        }),
      })
      .execute();
    await auditOccurrences(
      trx,
      input.outOfService ? 'occurrence.out_of_service' : 'occurrence.in_service',
      occurrenceIds.map((occurrenceId) => ({
        occurrenceId,
        systemId: current.systemId,
        deviceId: input.deviceId,
      })),
      { ts: now, userId: input.userId },
    );
    return occurrenceIds;
  });
  if (result === null) return { changed: false, occurrenceIds: [] };
  toPublish(input.publish)({
    type: 'device.service',
    sisId: current.systemId,
    deviceId: input.deviceId,
    foraDeServico: input.outOfService,
    userId: input.userId,
  });
  return { changed: true, occurrenceIds: result };
}
