import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * The state changes of an alarm kept in `audit_log` (entity 'occurrence',
 * `entity_id` the occurrence id; `user_id` null when the engine did it).
 * Acknowledgement writes 'occurrence.acknowledge' (store/occurrences/acknowledge.ts).
 */
export type OccurrenceAuditAction =
  | 'occurrence.raise'
  | 'occurrence.clear'
  | 'occurrence.repeat'
  | 'occurrence.shelve'
  | 'occurrence.unshelve'
  | 'occurrence.out_of_service'
  | 'occurrence.in_service';

export interface OccurrenceAuditEntry {
  occurrenceId: number;
  systemId: number;
  deviceId: number;
  /** Extra details next to system and device. */
  details?: Record<string, unknown>;
}

const CHUNK = 500;

export async function auditOccurrences(
  db: Kysely<Database>,
  action: OccurrenceAuditAction,
  entries: readonly OccurrenceAuditEntry[],
  opts: { ts: number; userId: number | null },
): Promise<void> {
  for (let i = 0; i < entries.length; i += CHUNK) {
    await db
      .insertInto('audit_log')
      .values(
        entries.slice(i, i + CHUNK).map((e) => ({
          ts: opts.ts,
          user_id: opts.userId,
          action,
          entity: 'occurrence',
          entity_id: String(e.occurrenceId),
          system_id: e.systemId,
          device_id: e.deviceId,
          details: JSON.stringify({
            system_id: e.systemId,
            device_id: e.deviceId,
            ...e.details,
          }),
        })),
      )
      .execute();
  }
}
