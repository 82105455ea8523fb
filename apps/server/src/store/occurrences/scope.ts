import type { Kysely } from 'kysely';
import { notFound } from '../../plugins/httpError.js';
import type { Database } from '../schema.js';

export interface ScopeQuery {
  sisid?: number;
  disp_id?: number;
  /** A plant (usina). */
  local_id?: number;
  scdId?: number;
  venueId?: number;
}

export interface OccurrenceScope {
  systemIds: number[];
  /** Null: every device of `systemIds`. */
  deviceIds: number[] | null;
}

const PLACES = [
  { param: 'local_id', table: 'plants', column: 'usina_id' },
  { param: 'scdId', table: 'scds', column: 'scd_id' },
  { param: 'venueId', table: 'venues', column: 'venue_id' },
] as const;

/**
 * The systems and devices a list covers. Every id given must be in the
 * caller's systems (and in `sisid` when that is given), else 404. Several
 * ids narrow each other. Null when the scope is empty (no systems, or a
 * place without devices): the list is empty.
 */
export async function resolveScope(
  db: Kysely<Database>,
  allowedSystemIds: readonly number[],
  query: ScopeQuery,
): Promise<OccurrenceScope | null> {
  let systemIds = [...allowedSystemIds];
  if (query.sisid) {
    if (!systemIds.includes(query.sisid)) throw notFound();
    systemIds = [query.sisid];
  }
  if (systemIds.length === 0) return null;

  let devices: { id: number; system_id: number }[] | null = null;
  const narrow = (found: { id: number; system_id: number }[]) => {
    devices = devices === null ? found : devices.filter((d) => found.some((f) => f.id === d.id));
  };
  if (query.disp_id !== undefined) {
    const device = await db
      .selectFrom('devices')
      .select(['id', 'system_id'])
      .where('id', '=', query.disp_id)
      .executeTakeFirst();
    if (!device || !systemIds.includes(device.system_id)) throw notFound();
    narrow([device]);
  }
  for (const place of PLACES) {
    const id = query[place.param];
    if (id === undefined) continue;
    const row = await db
      .selectFrom(place.table)
      .select('system_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || !systemIds.includes(row.system_id)) throw notFound();
    narrow(
      await db
        .selectFrom('devices')
        .select(['id', 'system_id'])
        .where(place.column, '=', id)
        .where('system_id', 'in', systemIds)
        .orderBy('id')
        .execute(),
    );
  }
  const chosen = devices as { id: number; system_id: number }[] | null;
  if (chosen === null) return { systemIds, deviceIds: null };
  if (chosen.length === 0) return null;
  return {
    systemIds: [...new Set(chosen.map((d) => d.system_id))].sort((a, b) => a - b),
    deviceIds: chosen.map((d) => d.id),
  };
}
