import type { FastifyRequest } from 'fastify';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { allowedSystemIds, systemsInScope } from '../../auth/scope.js';
import type { Database } from '../schema.js';
import { placeInScope } from './placeScope.js';

/** Which devices a call reads. `systemIds` is the tenancy boundary and is never empty when used. */
export interface DeviceSelection {
  systemIds: number[];
  tipos?: string[];
  usinaId?: number;
  scdId?: number;
  venueId?: number;
  groupId?: number;
  energyCenterId?: number;
  deviceIds?: number[];
}

export interface SelectionQuery {
  sisid?: number;
  tipo?: string[];
  usinaId?: number;
  scdId?: number;
  venueId?: number;
  idGrupoDispositivo?: number;
  energycenterId?: number;
}

/**
 * The caller's selection: `sisid` must be one of the caller's systems and
 * every place one of theirs (404 otherwise, checked before anything else so
 * a foreign id never leaks through another error).
 */
export async function resolveSelection(
  request: FastifyRequest,
  db: Kysely<Database>,
  query: SelectionQuery,
): Promise<DeviceSelection> {
  const systemIds = systemsInScope(request, query.sisid);
  const mine = allowedSystemIds(request);
  const checks: Promise<unknown>[] = [];
  if (query.usinaId !== undefined) checks.push(placeInScope(db, 'usina', query.usinaId, mine));
  if (query.scdId !== undefined) checks.push(placeInScope(db, 'scd', query.scdId, mine));
  if (query.venueId !== undefined) checks.push(placeInScope(db, 'venue', query.venueId, mine));
  if (query.idGrupoDispositivo !== undefined) {
    checks.push(placeInScope(db, 'grupo', query.idGrupoDispositivo, mine));
  }
  if (query.energycenterId !== undefined) {
    checks.push(placeInScope(db, 'energyCenter', query.energycenterId, mine));
  }
  await Promise.all(checks);
  const tipos = query.tipo?.map((t) => t.toLowerCase());
  return {
    systemIds,
    tipos: tipos && tipos.length > 0 ? tipos : undefined,
    usinaId: query.usinaId,
    scdId: query.scdId,
    venueId: query.venueId,
    groupId: query.idGrupoDispositivo,
    energyCenterId: query.energycenterId,
  };
}

/** Adds the selection's conditions on `devices` to a query. */
export function whereSelected<O>(
  query: SelectQueryBuilder<Database, 'devices', O>,
  selection: DeviceSelection,
): SelectQueryBuilder<Database, 'devices', O> {
  let q = query.where('devices.system_id', 'in', selection.systemIds);
  if (selection.tipos) q = q.where('devices.tipo', 'in', selection.tipos);
  if (selection.usinaId !== undefined) q = q.where('devices.usina_id', '=', selection.usinaId);
  if (selection.scdId !== undefined) q = q.where('devices.scd_id', '=', selection.scdId);
  if (selection.venueId !== undefined) q = q.where('devices.venue_id', '=', selection.venueId);
  if (selection.groupId !== undefined) q = q.where('devices.group_id', '=', selection.groupId);
  if (selection.energyCenterId !== undefined) {
    q = q.where('devices.energy_center_id', '=', selection.energyCenterId);
  }
  if (selection.deviceIds) q = q.where('devices.id', 'in', selection.deviceIds);
  return q;
}
