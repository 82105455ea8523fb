import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The systems an administrator reaches: every one (platform) or those they hold. */
export type SystemScope = 'all' | readonly number[];

export const inScope = (scope: SystemScope, systemId: number): boolean =>
  scope === 'all' || scope.includes(systemId);

export interface AdminAuditEntry {
  userId: number | null;
  /** `admin.<entity>.<verb>`: `admin.usuario.criar`, `admin.dispositivo.credenciais` … */
  action: string;
  entity: 'empresa' | 'sistema' | 'local' | 'usuario' | 'dispositivo' | 'modelo';
  entityId: number;
  /** What changed, with the system it belongs to (`system_id`) where it has one. */
  details: Record<string, unknown>;
}

const numberOr = (value: unknown) => (typeof value === 'number' ? value : null);

/** One administration write in `audit_log`, inside the write's own transaction. */
export async function auditAdmin(db: Kysely<Database>, entry: AdminAuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      ts: Math.floor(Date.now() / 1000),
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      system_id: numberOr(entry.details.system_id),
      device_id: numberOr(entry.details.device_id),
      details: JSON.stringify(entry.details),
    })
    .execute();
}
