import type { AuditPage } from '@vigia/contract';
import { type Kysely, sql } from 'kysely';
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

/** The actions in the trail, each once: one index seek per action (a loose scan of the action index). */
async function actionsInTrail(db: Db): Promise<string[]> {
  const { rows } = await sql<{ a: string | null }>`
    with recursive acts(a) as (
      select min(action) from audit_log
      union all
      select (select min(action) from audit_log where action > acts.a) from acts where acts.a is not null
    )
    select a from acts where a is not null`.execute(db);
  return rows.map((r) => r.a as string);
}

/**
 * A page of the audit trail, newest first (time, then id), by seek: the page
 * after `beforeId` starts below that row's (ts, id), so a filter or a period
 * reads one range of an index ending in (ts, id) (migration 0270), however
 * deep. An action filter reads each matching action's newest rows from the
 * action index and keeps the newest of them all (a rare action among a million
 * rows is then a few seeks, not a scan). An administrator of some systems reads
 * their rows only (rows of no system are the platform's).
 */
export async function auditTrail(
  db: Db,
  scope: SystemScope,
  filter: AuditFilter,
  limit: number,
): Promise<AuditPage> {
  if (scope !== 'all' && scope.length === 0) return { itens: [], proximo: null };
  const cursor =
    filter.beforeId === undefined
      ? undefined
      : {
          id: filter.beforeId,
          row: await db
            .selectFrom('audit_log')
            .select('ts')
            .where('id', '=', filter.beforeId)
            .executeTakeFirst(),
        };

  /** The newest `limit + 1` rows (ts, id) of the filters, of one action when given. */
  const newest = (action?: string) => {
    let query = db.selectFrom('audit_log as a').select(['a.id', 'a.ts']);
    if (scope !== 'all' && scope.length === 1)
      query = query.where('a.system_id', '=', scope[0] as number);
    // Several systems: a filter on the rows read newest first, never an index range per
    // system, which both databases then sort whole (a period 11 months back: 154 ms on SQLite
    // at 1 M rows).
    else if (scope !== 'all')
      query = query.where(sql<number>`+${sql.ref('a.system_id')}`, 'in', scope);
    if (filter.systemId !== undefined) query = query.where('a.system_id', '=', filter.systemId);
    if (filter.userId !== undefined) query = query.where('a.user_id', '=', filter.userId);
    if (filter.deviceId !== undefined) query = query.where('a.device_id', '=', filter.deviceId);
    if (action !== undefined) query = query.where('a.action', '=', action);
    if (filter.from !== undefined) query = query.where('a.ts', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('a.ts', '<=', filter.to);
    if (cursor) {
      const { id, row } = cursor;
      // A cursor row the retention took: what is left is older than it anyway.
      query = row
        ? query.where((eb) => eb(eb.refTuple('a.ts', 'a.id'), '<', eb.tuple(Number(row.ts), id)))
        : query.where('a.id', '<', id);
    }
    return query
      .orderBy('a.ts', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit + 1)
      .execute();
  };

  let keys: { id: number; ts: number }[];
  if (filter.action) {
    const prefix = filter.action;
    const actions = (await actionsInTrail(db)).filter(
      (a) => a === prefix || a.startsWith(`${prefix}.`),
    );
    keys = (await Promise.all(actions.map((a) => newest(a))))
      .flat()
      .map((k) => ({ id: k.id, ts: Number(k.ts) }))
      .sort((x, y) => y.ts - x.ts || y.id - x.id)
      .slice(0, limit + 1);
  } else {
    keys = (await newest()).map((k) => ({ id: k.id, ts: Number(k.ts) }));
  }
  if (keys.length === 0) return { itens: [], proximo: null };
  const rows = await db
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
    ])
    .where(
      'a.id',
      'in',
      keys.map((k) => k.id),
    )
    .orderBy('a.ts', 'desc')
    .orderBy('a.id', 'desc')
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
