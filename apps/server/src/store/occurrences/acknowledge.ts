import { type Publish, toPublish } from '../../alarms/publish.js';
import type { VigiaEvent } from '../../events/types.js';
import type { Store } from '../database.js';

export interface AcknowledgeInput {
  ids: readonly number[];
  userId: number;
  /** The caller's systems: ids outside them are left alone. */
  allowedSystemIds: readonly number[];
  now?: number;
  /** When given, one `occurrence.acknowledged` per (system, device) is published. */
  publish?: Publish;
}

const CHUNK = 500;

/**
 * Acknowledges alarms by id (ISA-18.2: active-unacknowledged → active-acknowledged,
 * cleared-unacknowledged → normal). Only alarms of the allowed systems that
 * are not acknowledged yet change; events cannot be acknowledged. Each
 * acknowledgement is written to the audit log. Answers the ids acknowledged now.
 */
export async function acknowledgeOccurrences(
  store: Store,
  input: AcknowledgeInput,
): Promise<{ acknowledged: number[] }> {
  const ids = [...new Set(input.ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  const systems = [...new Set(input.allowedSystemIds)];
  if (ids.length === 0 || systems.length === 0) return { acknowledged: [] };
  const now = Math.floor(input.now ?? Date.now() / 1000);
  const changed = await store.db.transaction().execute(async (trx) => {
    const rows: { id: number; system_id: number; device_id: number }[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const part = await trx
        .updateTable('occurrences')
        .set({ hora_ack: now, ack_user_id: input.userId })
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .where('system_id', 'in', systems)
        .where('hora_ack', 'is', null)
        .where('is_evt', '=', 0)
        .returning(['id', 'system_id', 'device_id'])
        .execute();
      rows.push(...part);
    }
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx
        .insertInto('audit_log')
        .values(
          rows.slice(i, i + CHUNK).map((r) => ({
            ts: now,
            user_id: input.userId,
            action: 'occurrence.acknowledge',
            entity: 'occurrence',
            entity_id: String(r.id),
            system_id: r.system_id,
            device_id: r.device_id,
            details: JSON.stringify({ system_id: r.system_id, device_id: r.device_id }),
          })),
        )
        .execute();
    }
    return rows;
  });
  const publish = toPublish(input.publish);
  const groups = new Map<string, VigiaEvent & { type: 'occurrence.acknowledged' }>();
  for (const r of changed) {
    const key = `${r.system_id}:${r.device_id}`;
    const group = groups.get(key) ?? {
      type: 'occurrence.acknowledged' as const,
      sisId: r.system_id,
      deviceId: r.device_id,
      occurrenceIds: [],
      userId: input.userId,
    };
    group.occurrenceIds.push(r.id);
    groups.set(key, group);
  }
  for (const e of groups.values()) publish(e);
  return { acknowledged: changed.map((r) => r.id).sort((a, b) => a - b) };
}
