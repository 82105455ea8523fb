import type { AuditPage } from '@vigia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { SystemScope } from './audit.js';

type Db = Kysely<Database>;

export interface AuditFilter {
  systemId?: number;
  userId?: number;
  deviceId?: number;
  /** An action or the start of one. */
  action?: string;
  from?: number;
  to?: number;
  /** Rows older than this id (the page after). */
  beforeId?: number;
}

/**
 * A page of the audit trail, newest first, by seek on the id: an
 * administrator of some systems reads their rows only (rows of no system are
 * the platform's).
 */
export async function auditTrail(
  db: Db,
  scope: SystemScope,
  filter: AuditFilter,
  limit: number,
): Promise<AuditPage> {
  if (scope !== 'all' && scope.length === 0) return { itens: [], proximo: null };
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('devices as d', 'd.id', 'a.device_id')
    .leftJoin('systems as s', 's.id', 'a.system_id')
    .select([
      'a.id',
      'a.ts',
      'a.user_id',
      'u.login',
      'a.action',
      'a.entity',
      'a.entity_id',
      'a.system_id',
      's.nome as system_nome',
      'a.device_id',
      'd.nome as device_nome',
      'a.details',
    ]);
  if (scope !== 'all') query = query.where('a.system_id', 'in', scope);
  if (filter.systemId !== undefined) query = query.where('a.system_id', '=', filter.systemId);
  if (filter.userId !== undefined) query = query.where('a.user_id', '=', filter.userId);
  if (filter.deviceId !== undefined) query = query.where('a.device_id', '=', filter.deviceId);
  if (filter.action) {
    const action = filter.action;
    query = query.where((eb) =>
      eb.or([eb('a.action', '=', action), eb('a.action', 'like', `${action}.%`)]),
    );
  }
  if (filter.from !== undefined) query = query.where('a.ts', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('a.ts', '<=', filter.to);
  if (filter.beforeId !== undefined) query = query.where('a.id', '<', filter.beforeId);
  const rows = await query
    .orderBy('a.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    itens: page.map((r) => ({
      id: r.id,
      ts: Number(r.ts),
      usuarioId: r.user_id,
      usuario: r.login,
      acao: r.action,
      entidade: r.entity,
      entidadeId: r.entity_id,
      sisId: r.system_id,
      sistema: r.system_nome,
      dispositivoId: r.device_id,
      dispositivo: r.device_nome,
      detalhes: r.details,
    })),
    proximo: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
