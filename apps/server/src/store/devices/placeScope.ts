import type { Kysely } from 'kysely';
import { notFound } from '../../plugins/httpError.js';
import type { Database } from '../schema.js';

export type PlaceKind = 'usina' | 'scd' | 'venue' | 'grupo' | 'energyCenter';

export interface PlaceRecord {
  id: number;
  nome: string;
  systemId: number;
}

/** The place, or undefined when it does not exist. */
export async function findPlace(
  db: Kysely<Database>,
  kind: PlaceKind,
  id: number,
): Promise<PlaceRecord | undefined> {
  switch (kind) {
    case 'usina':
      return db
        .selectFrom('plants')
        .select(['id', 'nome', 'system_id as systemId'])
        .where('id', '=', id)
        .executeTakeFirst();
    case 'scd':
      return db
        .selectFrom('scds')
        .select(['id', 'nome', 'system_id as systemId'])
        .where('id', '=', id)
        .executeTakeFirst();
    case 'venue':
      return db
        .selectFrom('venues')
        .select(['id', 'nome', 'system_id as systemId'])
        .where('id', '=', id)
        .executeTakeFirst();
    case 'grupo':
      return db
        .selectFrom('device_groups')
        .innerJoin('venues', 'venues.id', 'device_groups.venue_id')
        .select([
          'device_groups.id as id',
          'device_groups.nome as nome',
          'venues.system_id as systemId',
        ])
        .where('device_groups.id', '=', id)
        .executeTakeFirst();
    case 'energyCenter':
      return db
        .selectFrom('energy_centers')
        .select(['id', 'nome', 'system_id as systemId'])
        .where('id', '=', id)
        .executeTakeFirst();
  }
}

/** The place when it belongs to one of `systemIds`; otherwise 404, never a hint that it exists. */
export async function placeInScope(
  db: Kysely<Database>,
  kind: PlaceKind,
  id: number,
  systemIds: readonly number[],
): Promise<PlaceRecord> {
  const place = await findPlace(db, kind, id);
  if (!place || !systemIds.includes(place.systemId)) throw notFound();
  return place;
}
