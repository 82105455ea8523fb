import type { Contract, ContractDevice } from '@vigia/contract';
import { type ContractStatus, type ContractStatusBounds, contractStatus } from '@vigia/domain';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../schema.js';

type Db = Kysely<Database>;

export interface ContractFilter {
  systemId: number;
  venueId?: number;
  status?: ContractStatus;
  /** Matched ignoring case against number, customer and notes. */
  text?: string;
  bounds: ContractStatusBounds;
}

export interface ContractValues {
  numero: string;
  cliente: string;
  venueId: number | null;
  dispositivoIds: readonly number[];
  inicio: string;
  fim: string;
  observacao: string | null;
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The status's day ranges ('YYYY-MM-DD' texts order as days), as `contractStatus` decides. */
function statusCondition(status: ContractStatus, { today, dueLimit }: ContractStatusBounds) {
  switch (status) {
    case 'vencido':
      return sql<SqlBool>`contracts.fim < ${today}`;
    case 'futuro':
      return sql<SqlBool>`contracts.fim >= ${today} and contracts.inicio > ${today}`;
    case 'aVencer':
      return sql<SqlBool>`contracts.fim >= ${today} and contracts.inicio <= ${today} and contracts.fim <= ${dueLimit}`;
    case 'vigente':
      return sql<SqlBool>`contracts.inicio <= ${today} and contracts.fim > ${dueLimit}`;
  }
}

function conditions(filter: ContractFilter): Expression<SqlBool>[] {
  const terms: Expression<SqlBool>[] = [sql<SqlBool>`contracts.system_id = ${filter.systemId}`];
  if (filter.venueId !== undefined)
    terms.push(sql<SqlBool>`contracts.venue_id = ${filter.venueId}`);
  if (filter.status) terms.push(statusCondition(filter.status, filter.bounds));
  const text = filter.text?.trim();
  if (text) {
    const pattern = likePattern(text);
    terms.push(
      sql<SqlBool>`(lower(contracts.numero) like ${pattern} escape '\\'
        or lower(contracts.cliente) like ${pattern} escape '\\'
        or lower(coalesce(contracts.observacao, '')) like ${pattern} escape '\\')`,
    );
  }
  return terms;
}

const contractColumns = (db: Db) =>
  db
    .selectFrom('contracts')
    .leftJoin('venues', 'venues.id', 'contracts.venue_id')
    .select([
      'contracts.id as id',
      'contracts.system_id as sisid',
      'contracts.numero as numero',
      'contracts.cliente as cliente',
      'contracts.venue_id as venueId',
      'venues.nome as venueNome',
      'contracts.inicio as inicio',
      'contracts.fim as fim',
      'contracts.observacao as observacao',
    ]);

type ContractRow = Omit<Contract, 'status' | 'dispositivos'>;

/** The rows with their status and covered devices (by name). */
async function withDevices(
  db: Db,
  rows: readonly ContractRow[],
  bounds: ContractStatusBounds,
): Promise<Contract[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('contract_devices')
    .innerJoin('devices', 'devices.id', 'contract_devices.device_id')
    .select([
      'contract_devices.contract_id as contractId',
      'devices.id as id',
      'devices.nome as nome',
      'devices.tipo as tipo',
    ])
    .where(
      'contract_devices.contract_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('devices.nome')
    .orderBy('devices.id')
    .execute();
  const byContract = new Map<number, Contract['dispositivos']>();
  for (const { contractId, ...device } of links) {
    const list = byContract.get(contractId) ?? [];
    list.push(device);
    byContract.set(contractId, list);
  }
  return rows.map((row) => ({
    ...row,
    status: contractStatus(row, bounds),
    dispositivos: byContract.get(row.id) ?? [],
  }));
}

export async function countContracts(db: Db, filter: ContractFilter): Promise<number> {
  const row = await db
    .selectFrom('contracts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.and(conditions(filter)))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * A page of contracts: running and future ones first, the nearest end first,
 * then the ended ones, the most recent end first.
 */
export async function listContracts(
  db: Db,
  filter: ContractFilter,
  page: { offset: number; limit: number },
): Promise<Contract[]> {
  const { today } = filter.bounds;
  const rows = await contractColumns(db)
    .where((eb) => eb.and(conditions(filter)))
    .orderBy(sql`case when contracts.fim < ${today} then 1 else 0 end`)
    .orderBy(sql`case when contracts.fim < ${today} then '' else contracts.fim end`)
    .orderBy('contracts.fim', 'desc')
    .orderBy('contracts.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return withDevices(db, rows, filter.bounds);
}

export async function contractById(
  db: Db,
  id: number,
  bounds: ContractStatusBounds,
): Promise<Contract | undefined> {
  const row = await contractColumns(db).where('contracts.id', '=', id).executeTakeFirst();
  return row ? (await withDevices(db, [row], bounds))[0] : undefined;
}

/** The system of a contract, or undefined when there is none. */
export async function contractSystem(db: Db, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('contracts')
    .select('system_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.system_id;
}

export async function venueInSystem(db: Db, systemId: number, venueId: number): Promise<boolean> {
  const row = await db
    .selectFrom('venues')
    .select('id')
    .where('id', '=', venueId)
    .where('system_id', '=', systemId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Devices a contract of the system (or of one venue) may cover, by name. */
export async function coverableDevices(
  db: Db,
  systemId: number,
  venueId?: number,
): Promise<ContractDevice[]> {
  let query = db
    .selectFrom('devices')
    .select(['id', 'nome', 'tipo', 'local_nome', 'venue_id as venueId'])
    .where('system_id', '=', systemId);
  if (venueId !== undefined) query = query.where('venue_id', '=', venueId);
  return query.orderBy('nome').orderBy('id').execute();
}

/** The venue of each of `ids` that is a device of the system; ids of other systems are missing. */
export async function devicesOfSystem(
  db: Db,
  systemId: number,
  ids: readonly number[],
): Promise<Map<number, number | null>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'venue_id'])
    .where('system_id', '=', systemId)
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, r.venue_id]));
}

/** Whether another contract of the system has this number. */
export async function contractNumberTaken(
  db: Db,
  systemId: number,
  numero: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('contracts')
    .select('id')
    .where('system_id', '=', systemId)
    .where('numero', '=', numero);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A unique index refused the row (the number, written by two callers at once). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

async function replaceDevices(
  trx: Kysely<Database>,
  contractId: number,
  deviceIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom('contract_devices').where('contract_id', '=', contractId).execute();
  const unique = [...new Set(deviceIds)];
  if (unique.length === 0) return;
  await trx
    .insertInto('contract_devices')
    .values(unique.map((device_id) => ({ contract_id: contractId, device_id })))
    .execute();
}

/** Inserts the contract and its devices in one transaction; its id. */
export async function createContract(
  db: Db,
  systemId: number,
  values: ContractValues,
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('contracts')
      .values({
        system_id: systemId,
        venue_id: values.venueId,
        numero: values.numero,
        cliente: values.cliente,
        inicio: values.inicio,
        fim: values.fim,
        observacao: values.observacao,
        created_at: now,
        updated_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await replaceDevices(trx, id, values.dispositivoIds);
    return id;
  });
}

export async function updateContract(
  db: Db,
  id: number,
  values: ContractValues,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('contracts')
      .set({
        venue_id: values.venueId,
        numero: values.numero,
        cliente: values.cliente,
        inicio: values.inicio,
        fim: values.fim,
        observacao: values.observacao,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await replaceDevices(trx, id, values.dispositivoIds);
  });
}

export async function deleteContract(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('contract_devices').where('contract_id', '=', id).execute();
    await trx.deleteFrom('contracts').where('id', '=', id).execute();
  });
}
