import type { Local, PlaceKind } from '@vigia/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';
import { auditAdmin, type SystemScope } from './audit.js';
import { setUpPlacePanels } from './panels.js';

type Db = Kysely<Database>;

/** Each kind's table and the devices column that points at it. */
const KIND = {
  usina: { table: 'plants', deviceColumn: 'usina_id' },
  scd: { table: 'scds', deviceColumn: 'scd_id' },
  venue: { table: 'venues', deviceColumn: 'venue_id' },
} as const;

export interface PlaceInput {
  nome: string;
  endereco?: string | null;
  uf?: string | null;
  lat?: number | null;
  lon?: number | null;
  usinaId?: number | null;
}

interface PlaceRow {
  id: number;
  nome: string;
  system_id: number;
  endereco: string | null;
  uf: string | null;
  lat: number | null;
  lon: number | null;
  usina_id: number | null;
  dispositivos: number | string | bigint;
}

const toPlace = (tipo: PlaceKind, r: PlaceRow): Local => ({
  id: r.id,
  tipo,
  nome: r.nome,
  sisId: r.system_id,
  endereco: r.endereco,
  uf: r.uf,
  lat: r.lat === null ? null : Number(r.lat),
  lon: r.lon === null ? null : Number(r.lon),
  usinaId: r.usina_id,
  dispositivos: Number(r.dispositivos),
});

/** The places of one kind in the scope, with their device counts. */
async function placesOf(
  db: Db,
  tipo: PlaceKind,
  scope: SystemScope,
  where: { id?: number; systemId?: number },
): Promise<Local[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  const { table, deviceColumn } = KIND[tipo];
  const usina = tipo === 'scd' ? sql`p.usina_id` : sql`null`;
  const conditions = [sql`true`];
  if (scope !== 'all') conditions.push(sql`p.system_id in (${sql.join(scope)})`);
  if (where.id !== undefined) conditions.push(sql`p.id = ${where.id}`);
  if (where.systemId !== undefined) conditions.push(sql`p.system_id = ${where.systemId}`);
  const { rows } = await sql<PlaceRow>`
    select p.id, p.nome, p.system_id, p.endereco, p.uf, p.lat, p.lon, ${usina} as usina_id,
      (select count(*) from devices d where d.${sql.ref(deviceColumn)} = p.id) as dispositivos
    from ${sql.table(table)} p
    where ${sql.join(conditions, sql` and `)}
    order by p.nome, p.id`.execute(db);
  return rows.map((r) => toPlace(tipo, r));
}

export async function listPlaces(
  db: Db,
  scope: SystemScope,
  filter: { tipo?: PlaceKind; systemId?: number },
): Promise<Local[]> {
  const kinds = filter.tipo ? [filter.tipo] : (['usina', 'scd', 'venue'] as const);
  const lists = await Promise.all(
    kinds.map((tipo) => placesOf(db, tipo, scope, { systemId: filter.systemId })),
  );
  return lists.flat();
}

export async function findPlace(
  db: Db,
  scope: SystemScope,
  tipo: PlaceKind,
  id: number,
): Promise<Local | undefined> {
  return (await placesOf(db, tipo, scope, { id }))[0];
}

async function nameTaken(
  db: Db,
  tipo: PlaceKind,
  systemId: number,
  nome: string,
  exceptId?: number,
) {
  const { table } = KIND[tipo];
  const except = exceptId === undefined ? sql`` : sql` and id <> ${exceptId}`;
  const { rows } = await sql<{ id: number }>`
    select id from ${sql.table(table)}
    where system_id = ${systemId} and lower(nome) = ${nome.toLowerCase()}${except}`.execute(db);
  return rows.length > 0;
}

/** Whether the plant is one of the system's (an SCD's plant must be). */
export async function plantInSystem(db: Db, plantId: number, systemId: number): Promise<boolean> {
  const row = await db
    .selectFrom('plants')
    .select('id')
    .where('id', '=', plantId)
    .where('system_id', '=', systemId)
    .executeTakeFirst();
  return row !== undefined;
}

function columnsOf(tipo: PlaceKind, input: PlaceInput) {
  const columns: Record<string, unknown> = {};
  for (const key of ['nome', 'endereco', 'uf', 'lat', 'lon'] as const) {
    if (input[key] !== undefined) columns[key] = input[key];
  }
  if (tipo === 'scd' && input.usinaId !== undefined) columns.usina_id = input.usinaId;
  return columns;
}

/** Creates a place; 'taken' when the system has one of that kind and name. */
export async function createPlace(
  db: Db,
  tipo: PlaceKind,
  systemId: number,
  input: PlaceInput,
  userId: number,
): Promise<number | 'taken'> {
  return db.transaction().execute(async (trx) => {
    if (await nameTaken(trx, tipo, systemId, input.nome)) return 'taken';
    const values = { ...columnsOf(tipo, input), system_id: systemId };
    const { table } = KIND[tipo];
    const { id } = await trx
      // biome-ignore lint/suspicious/noExplicitAny: the three place tables share these columns.
      .insertInto(table as any)
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    if (tipo !== 'venue') await setUpPlacePanels(trx, tipo, id as number);
    await auditAdmin(trx, {
      userId,
      action: 'admin.local.criar',
      entity: 'local',
      entityId: id,
      details: { system_id: systemId, tipo, ...input },
    });
    return id as number;
  });
}

export async function updatePlace(
  db: Db,
  tipo: PlaceKind,
  place: Local,
  input: PlaceInput | Partial<PlaceInput>,
  userId: number,
): Promise<'ok' | 'taken'> {
  return db.transaction().execute(async (trx) => {
    if (input.nome && (await nameTaken(trx, tipo, place.sisId, input.nome, place.id))) {
      return 'taken';
    }
    const columns = columnsOf(tipo, input as PlaceInput);
    const { table } = KIND[tipo];
    if (Object.keys(columns).length > 0) {
      await trx
        // biome-ignore lint/suspicious/noExplicitAny: the three place tables share these columns.
        .updateTable(table as any)
        .set(columns)
        .where('id', '=', place.id)
        .execute();
    }
    await auditAdmin(trx, {
      userId,
      action: 'admin.local.alterar',
      entity: 'local',
      entityId: place.id,
      details: { system_id: place.sisId, tipo, ...input },
    });
    return 'ok';
  });
}

/** Removes a place without devices (nor SCDs, for a plant): 'busy' otherwise. */
export async function removePlace(
  db: Db,
  tipo: PlaceKind,
  place: Local,
  userId: number,
): Promise<'ok' | 'busy'> {
  return db.transaction().execute(async (trx) => {
    const { table, deviceColumn } = KIND[tipo];
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from devices where ${sql.ref(deviceColumn)} = ${place.id}`.execute(trx);
    let busy = Number(rows[0]?.n ?? 0) > 0;
    if (tipo === 'usina') {
      const scd = await trx
        .selectFrom('scds')
        .select('id')
        .where('usina_id', '=', place.id)
        .executeTakeFirst();
      busy ||= scd !== undefined;
    }
    if (tipo === 'venue') {
      const inUse = await trx
        .selectFrom('contracts')
        .select('id')
        .where('venue_id', '=', place.id)
        .executeTakeFirst();
      busy ||= inUse !== undefined;
      if (!busy) await trx.deleteFrom('device_groups').where('venue_id', '=', place.id).execute();
    }
    if (busy) return 'busy';
    await sql`delete from ${sql.table(table)} where id = ${place.id}`.execute(trx);
    await auditAdmin(trx, {
      userId,
      action: 'admin.local.remover',
      entity: 'local',
      entityId: place.id,
      details: { system_id: place.sisId, tipo, nome: place.nome },
    });
    return 'ok';
  });
}
