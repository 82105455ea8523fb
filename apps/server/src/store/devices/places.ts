import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface PlantRecord {
  id: number;
  nome: string;
  uf: string;
  lat: number;
  lon: number;
  systemId: number;
}

export interface ScdRecord extends PlantRecord {
  usinaId: number | null;
}

export interface VenueRecord {
  id: number;
  nome: string;
  systemId: number;
}

export interface GroupRecord {
  id: number;
  nome: string;
  venueId: number;
}

export interface Places {
  plants: PlantRecord[];
  scds: ScdRecord[];
  venues: VenueRecord[];
  groups: GroupRecord[];
}

/** The plants, SCDs, venues and device groups of `systemIds` (four small queries). */
export async function loadPlaces(
  db: Kysely<Database>,
  systemIds: readonly number[],
  only: { plants?: boolean; scds?: boolean; venues?: boolean } = {
    plants: true,
    scds: true,
    venues: true,
  },
): Promise<Places> {
  if (systemIds.length === 0) return { plants: [], scds: [], venues: [], groups: [] };
  const [plants, scds, venues, groups] = await Promise.all([
    only.plants
      ? db
          .selectFrom('plants')
          .select(['id', 'nome', 'uf', 'lat', 'lon', 'system_id as systemId'])
          .where('system_id', 'in', systemIds)
          .execute()
      : [],
    only.scds
      ? db
          .selectFrom('scds')
          .select([
            'id',
            'nome',
            'uf',
            'lat',
            'lon',
            'system_id as systemId',
            'usina_id as usinaId',
          ])
          .where('system_id', 'in', systemIds)
          .execute()
      : [],
    only.venues
      ? db
          .selectFrom('venues')
          .select(['id', 'nome', 'system_id as systemId'])
          .where('system_id', 'in', systemIds)
          .execute()
      : [],
    only.venues
      ? db
          .selectFrom('device_groups')
          .innerJoin('venues', 'venues.id', 'device_groups.venue_id')
          .select([
            'device_groups.id as id',
            'device_groups.nome as nome',
            'device_groups.venue_id as venueId',
          ])
          .where('venues.system_id', 'in', systemIds)
          .orderBy('device_groups.id')
          .execute()
      : [],
  ]);
  return { plants, scds, venues, groups };
}

/** id → record, for name lookups. */
export function byId<T extends { id: number }>(rows: readonly T[]): Map<number, T> {
  return new Map(rows.map((row) => [row.id, row]));
}
