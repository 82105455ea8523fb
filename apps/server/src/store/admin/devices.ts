import type { DispositivoAdmin } from '@vigia/contract';
import { type Kysely, sql, type Updateable } from 'kysely';
import type { Database, DevicesTable } from '../schema.js';
import { auditAdmin, type SystemScope } from './audit.js';
import { setUpDevicePanels } from './panels.js';

type Db = Kysely<Database>;

export interface DevicePlacement {
  usinaId: number | null;
  scdId: number | null;
  venueId: number | null;
  localNome: string;
  uf: string;
  lat: number | null;
  lon: number | null;
}

export interface NewDevice extends DevicePlacement {
  nome: string;
  patrimonio: string;
  modeloId: number;
  tipo: string;
  systemId: number;
}

function selectDevices(db: Db) {
  return db
    .selectFrom('devices')
    .innerJoin('device_templates', 'device_templates.id', 'devices.template_id')
    .select([
      'devices.id as id',
      'devices.nome as nome',
      'devices.patrimonio as patrimonio',
      'devices.tipo as tipo',
      'devices.template_id as modeloId',
      'device_templates.nome as modelo',
      'devices.system_id as sisId',
      'devices.usina_id as usinaId',
      'devices.scd_id as scdId',
      'devices.venue_id as venueId',
      'devices.local_nome as localNome',
      'devices.uf as uf',
      'devices.lat as lat',
      'devices.lon as lon',
      'devices.ingest_key_hash as keyHash',
      'devices.last_seen_at as ultimaLeitura',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectDevices>['executeTakeFirstOrThrow']>>;

const toDevice = ({ keyHash, lat, lon, ultimaLeitura, ...r }: Row): DispositivoAdmin => ({
  ...r,
  lat: lat === null ? null : Number(lat),
  lon: lon === null ? null : Number(lon),
  ultimaLeitura: ultimaLeitura === null ? null : Number(ultimaLeitura),
  credencial: keyHash !== null,
});

/** The devices of the scope, by name; `filtro` matches name, patrimônio or site, ignoring case. */
export async function listAdminDevices(
  db: Db,
  scope: SystemScope,
  filter: { systemId?: number; filtro?: string; id?: number },
): Promise<DispositivoAdmin[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  let query = selectDevices(db);
  if (scope !== 'all') query = query.where('devices.system_id', 'in', scope);
  if (filter.systemId !== undefined) query = query.where('devices.system_id', '=', filter.systemId);
  if (filter.id !== undefined) query = query.where('devices.id', '=', filter.id);
  if (filter.filtro) {
    const like = `%${filter.filtro.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        ['devices.nome', 'devices.patrimonio', 'devices.local_nome'].map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${like} escape '\\'`,
        ),
      ),
    );
  }
  const rows = await query.orderBy('devices.nome').orderBy('devices.id').limit(5000).execute();
  return rows.map(toDevice);
}

export async function findAdminDevice(
  db: Db,
  scope: SystemScope,
  id: number,
): Promise<DispositivoAdmin | undefined> {
  return (await listAdminDevices(db, scope, { id }))[0];
}

export async function listModels(db: Db) {
  return db.selectFrom('device_templates').select(['id', 'nome', 'tipo']).orderBy('nome').execute();
}

export async function findModel(db: Db, id: number) {
  return db
    .selectFrom('device_templates')
    .select(['id', 'nome', 'tipo'])
    .where('id', '=', id)
    .executeTakeFirst();
}

async function patrimonioTaken(db: Db, systemId: number, patrimonio: string, exceptId?: number) {
  let query = db
    .selectFrom('devices')
    .select('id')
    .where('system_id', '=', systemId)
    .where(sql<string>`lower(patrimonio)`, '=', patrimonio.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Creates a device without a key, with its model's readings and site page; 'taken' when its system has the patrimônio. */
export async function createDevice(
  db: Db,
  device: NewDevice,
  userId: number,
): Promise<number | 'taken'> {
  return db.transaction().execute(async (trx) => {
    if (await patrimonioTaken(trx, device.systemId, device.patrimonio)) return 'taken';
    return insertDevice(trx, device, userId, 'admin.dispositivo.criar');
  });
}

/**
 * Creates every device of an import in one transaction, or none: 'taken' (nothing
 * written) when a patrimônio is already in the system. Each is audited as imported.
 */
export async function importDevices(
  db: Db,
  devices: readonly NewDevice[],
  userId: number,
): Promise<number[] | { taken: string }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const device of devices) {
        if (await patrimonioTaken(trx, device.systemId, device.patrimonio)) {
          throw new PatrimonioTaken(device.patrimonio);
        }
        ids.push(await insertDevice(trx, device, userId, 'admin.dispositivo.importar'));
      }
      return ids;
    });
  } catch (error) {
    if (error instanceof PatrimonioTaken) return { taken: error.patrimonio };
    throw error;
  }
}

class PatrimonioTaken extends Error {
  constructor(readonly patrimonio: string) {
    super(`patrimônio ${patrimonio} em uso`);
  }
}

/** The patrimônios a system already has, lower case (an import checks its rows against them). */
export async function systemPatrimonios(db: Db, systemId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('devices')
    .select(sql<string>`lower(patrimonio)`.as('p'))
    .where('system_id', '=', systemId)
    .execute();
  return new Set(rows.map((r) => r.p));
}

async function insertDevice(
  trx: Db,
  device: NewDevice,
  userId: number,
  action: 'admin.dispositivo.criar' | 'admin.dispositivo.importar',
): Promise<number> {
  const { id } = await trx
    .insertInto('devices')
    .values({
      nome: device.nome,
      patrimonio: device.patrimonio,
      tipo: device.tipo,
      template_id: device.modeloId,
      local_nome: device.localNome,
      uf: device.uf,
      lat: device.lat,
      lon: device.lon,
      system_id: device.systemId,
      usina_id: device.usinaId,
      scd_id: device.scdId,
      venue_id: device.venueId,
      created_at: Math.floor(Date.now() / 1000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setUpDevicePanels(trx, id, device.tipo);
  await auditAdmin(trx, {
    userId,
    action,
    entity: 'dispositivo',
    entityId: id,
    details: { system_id: device.systemId, device_id: id, ...device },
  });
  return id;
}

export async function updateDevice(
  db: Db,
  device: DispositivoAdmin,
  change: Partial<DevicePlacement & { nome: string; patrimonio: string }>,
  userId: number,
): Promise<'ok' | 'taken'> {
  return db.transaction().execute(async (trx) => {
    if (
      change.patrimonio !== undefined &&
      (await patrimonioTaken(trx, device.sisId, change.patrimonio, device.id))
    ) {
      return 'taken';
    }
    const set: Updateable<DevicesTable> = {};
    if (change.nome !== undefined) set.nome = change.nome;
    if (change.patrimonio !== undefined) set.patrimonio = change.patrimonio;
    if (change.usinaId !== undefined) set.usina_id = change.usinaId;
    if (change.scdId !== undefined) set.scd_id = change.scdId;
    if (change.venueId !== undefined) set.venue_id = change.venueId;
    if (change.localNome !== undefined) set.local_nome = change.localNome;
    if (change.uf !== undefined) set.uf = change.uf;
    if (change.lat !== undefined) set.lat = change.lat;
    if (change.lon !== undefined) set.lon = change.lon;
    if (Object.keys(set).length > 0) {
      await trx.updateTable('devices').set(set).where('id', '=', device.id).execute();
    }
    await auditAdmin(trx, {
      userId,
      action: 'admin.dispositivo.alterar',
      entity: 'dispositivo',
      entityId: device.id,
      details: { system_id: device.sisId, device_id: device.id, ...change },
    });
    return 'ok';
  });
}

/** Replaces the device's key hash (the old key stops at once) and audits it, never the key. */
export async function replaceDeviceKey(
  db: Db,
  device: DispositivoAdmin,
  keyHash: string,
  userId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('devices')
      .set({ ingest_key_hash: keyHash })
      .where('id', '=', device.id)
      .execute();
    await auditAdmin(trx, {
      userId,
      action: 'admin.dispositivo.credenciais',
      entity: 'dispositivo',
      entityId: device.id,
      details: { system_id: device.sisId, device_id: device.id, rotacao: device.credencial },
    });
  });
}

/**
 * Removes a device that has no history: it never reported and has no alarm,
 * command, fuel entry or contract (a device registered by mistake). Its tags,
 * panels and rule overrides go with it; the audit row stays. 'history' (nothing
 * written) otherwise: a control room keeps what a device did, so one taken out of
 * use is put out of service instead.
 */
export async function removeDevice(
  db: Db,
  device: DispositivoAdmin,
  userId: number,
): Promise<'ok' | 'history'> {
  return db.transaction().execute(async (trx) => {
    const has = (table: 'occurrences' | 'commands' | 'fuel_entries' | 'contract_devices') =>
      trx.selectFrom(table).select('device_id').where('device_id', '=', device.id).limit(1);
    const row = await trx
      .selectFrom('devices')
      .select('last_seen_at')
      .where('id', '=', device.id)
      .executeTakeFirst();
    if (!row) return 'ok';
    const traces = await Promise.all(
      (['occurrences', 'commands', 'fuel_entries', 'contract_devices'] as const).map((t) =>
        has(t).executeTakeFirst(),
      ),
    );
    if (row.last_seen_at !== null || traces.some((t) => t !== undefined)) return 'history';
    await trx.deleteFrom('devices').where('id', '=', device.id).execute();
    await auditAdmin(trx, {
      userId,
      action: 'admin.dispositivo.remover',
      entity: 'dispositivo',
      entityId: device.id,
      details: {
        system_id: device.sisId,
        device_id: device.id,
        nome: device.nome,
        patrimonio: device.patrimonio,
      },
    });
    return 'ok';
  });
}
