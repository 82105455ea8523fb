import type { FuelConfigRow, FuelEntryRow, IncompleteDay } from '@vigia/contract';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { parseJson } from '../json.js';
import type { Database, Flag, SystemConfig } from '../schema.js';

type Db = Kysely<Database>;

/** Of `systemIds`, those with the fuel feature (`features.combustivel`). */
export async function fuelSystemIds(db: Db, systemIds: readonly number[]): Promise<number[]> {
  if (systemIds.length === 0) return [];
  const rows = await db
    .selectFrom('systems')
    .select(['id', 'config'])
    .where('id', 'in', systemIds)
    .execute();
  return rows
    .filter((s) => parseJson<Partial<SystemConfig>>(s.config, {}).features?.combustivel === true)
    .map((s) => s.id)
    .sort((a, b) => a - b);
}

/** Which sites: those of one system, or of one SCD or plant. */
export type FuelSites = { systemId: number } | { scdId: number } | { usinaId: number };

/** The sites' filter on `devices`. */
function ofSites(eb: ExpressionBuilder<Database, 'devices'>, where: FuelSites) {
  if ('systemId' in where) return eb('devices.system_id', '=', where.systemId);
  if ('scdId' in where) return eb('devices.scd_id', '=', where.scdId);
  return eb('devices.usina_id', '=', where.usinaId);
}

/** What every fuel row says of its site. */
const SITE_COLUMNS = [
  'devices.id as siteId',
  'devices.nome as nomeSite',
  'devices.patrimonio as patrimonio',
  'devices.uf as ufSite',
  'devices.local_nome as localNome',
  'devices.usina_id as usinaId',
  'devices.scd_id as scdId',
] as const;

function configuredSites(db: Db, where: FuelSites) {
  return db
    .selectFrom('fuel_configs')
    .innerJoin('devices', 'devices.id', 'fuel_configs.device_id')
    .where((eb) => ofSites(eb, where));
}

/** The day's row of every enabled site (saved or not), by site name. */
export async function listDailyEntries(
  db: Db,
  where: FuelSites,
  dataRef: string,
): Promise<FuelEntryRow[]> {
  const rows = await configuredSites(db, where)
    .leftJoin('fuel_entries', (join) =>
      join
        .onRef('fuel_entries.device_id', '=', 'devices.id')
        .on('fuel_entries.data_ref', '=', dataRef),
    )
    .leftJoin('users', 'users.id', 'fuel_entries.user_id')
    .select([
      ...SITE_COLUMNS,
      'fuel_entries.consumo_litros as consumoLitros',
      'fuel_entries.valor_referencia as valorSalvo',
      'fuel_configs.valor_referencia as valorConfig',
      'fuel_entries.user_id as userId',
      'users.nome as usuarioNome',
      'fuel_entries.created_at as registradoEm',
    ])
    .where('fuel_configs.habilitado', '=', 1)
    .orderBy('devices.nome')
    .orderBy('devices.id')
    .execute();
  return rows.map(({ valorSalvo, valorConfig, ...row }) => ({
    ...row,
    dataRef,
    valorReferencia: valorSalvo ?? valorConfig,
  }));
}

/** Saved days of the sites between two days (inclusive), newest first. */
export async function listSavedEntries(
  db: Db,
  where: FuelSites,
  from: string,
  to: string,
): Promise<FuelEntryRow[]> {
  return db
    .selectFrom('fuel_entries')
    .innerJoin('devices', 'devices.id', 'fuel_entries.device_id')
    .leftJoin('users', 'users.id', 'fuel_entries.user_id')
    .select([
      ...SITE_COLUMNS,
      'fuel_entries.data_ref as dataRef',
      'fuel_entries.consumo_litros as consumoLitros',
      'fuel_entries.valor_referencia as valorReferencia',
      'fuel_entries.user_id as userId',
      'users.nome as usuarioNome',
      'fuel_entries.created_at as registradoEm',
    ])
    .where('fuel_entries.data_ref', '>=', from)
    .where('fuel_entries.data_ref', '<=', to)
    .where((eb) => ofSites(eb, where))
    .orderBy('fuel_entries.data_ref', 'desc')
    .orderBy('devices.nome')
    .orderBy('devices.id')
    .execute();
}

/** Of `days`, those where an enabled site has no entry, newest first. */
export async function incompleteDays(
  db: Db,
  where: FuelSites,
  days: readonly string[],
): Promise<IncompleteDay[]> {
  if (days.length === 0) return [];
  const sites = (
    await configuredSites(db, where)
      .select('devices.id as id')
      .where('fuel_configs.habilitado', '=', 1)
      .execute()
  ).map((s) => s.id);
  if (sites.length === 0) return [];
  const saved = await db
    .selectFrom('fuel_entries')
    .select(['data_ref', (eb) => eb.fn.countAll<number>().as('n')])
    .where('device_id', 'in', sites)
    .where('data_ref', 'in', [...days])
    .groupBy('data_ref')
    .execute();
  const byDay = new Map(saved.map((row) => [row.data_ref, Number(row.n)]));
  return [...days]
    .sort()
    .reverse()
    .map((dataRef) => ({
      dataRef,
      sitesHabilitados: sites.length,
      sitesSemEntrada: sites.length - (byDay.get(dataRef) ?? 0),
    }))
    .filter((day) => day.sitesSemEntrada > 0);
}

export async function listConfigs(db: Db, where: FuelSites): Promise<FuelConfigRow[]> {
  const rows = await configuredSites(db, where)
    .leftJoin('users', 'users.id', 'fuel_configs.user_id')
    .select([
      'devices.id as siteId',
      'devices.nome as nome',
      'devices.patrimonio as patrimonio',
      'devices.uf as ufSite',
      'devices.local_nome as localNome',
      'devices.scd_id as scdId',
      'fuel_configs.habilitado as habilitado',
      'fuel_configs.valor_referencia as valorReferencia',
      'fuel_configs.updated_at as atualizadoEm',
      'users.nome as atualizadoPor',
    ])
    .orderBy('devices.nome')
    .orderBy('devices.id')
    .execute();
  return rows.map((row) => ({ ...row, habilitado: row.habilitado === 1 ? 1 : 0 }));
}

export interface NewFuelEntry {
  siteId: number;
  dataRef: string;
  consumoLitros: number;
}

/** A site written by a save, with its system (what a live event names). */
export interface SavedSite {
  siteId: number;
  systemId: number;
}

/** An entry of the batch not saved, and why: its site's entry is disabled, or its day is saved. */
export type RefusedEntry =
  | { reason: 'notEnabled'; siteId: number; dataRef: string; site: string }
  | { reason: 'alreadySaved'; siteId: number; dataRef: string; site: string };

export type SaveEntriesResult =
  | {
      kind: 'saved';
      count: number;
      saved: (SavedSite & { dataRef: string })[];
      refused: RefusedEntry[];
    }
  | { kind: 'notFound' };

/**
 * Inserts the entries it can: a site outside `systemIds` (the caller's fuel
 * systems) stores nothing (404); an entry of a disabled site or of a day
 * already saved (even by another console a moment ago) is refused and the
 * others are saved.
 */
export async function saveEntries(
  db: Db,
  input: { userId: number; systemIds: readonly number[]; entries: readonly NewFuelEntry[] },
  now: number,
): Promise<SaveEntriesResult> {
  if (input.systemIds.length === 0) return { kind: 'notFound' };
  const siteIds = [...new Set(input.entries.map((e) => e.siteId))];
  return db.transaction().execute(async (trx) => {
    const sites = await trx
      .selectFrom('devices')
      .leftJoin('fuel_configs', 'fuel_configs.device_id', 'devices.id')
      .select([
        'devices.id as id',
        'devices.nome as nome',
        'devices.system_id as systemId',
        'fuel_configs.habilitado as habilitado',
        'fuel_configs.valor_referencia as valorReferencia',
      ])
      .where('devices.id', 'in', siteIds)
      .where('devices.system_id', 'in', [...input.systemIds])
      .execute();
    const byId = new Map(sites.map((s) => [s.id, s]));
    if (siteIds.some((id) => !byId.has(id))) return { kind: 'notFound' as const };
    const nameOf = (siteId: number) => byId.get(siteId)?.nome ?? String(siteId);
    const refused: RefusedEntry[] = [];
    const enabled = input.entries.filter((e) => {
      if (byId.get(e.siteId)?.habilitado === 1) return true;
      refused.push({
        reason: 'notEnabled',
        siteId: e.siteId,
        dataRef: e.dataRef,
        site: nameOf(e.siteId),
      });
      return false;
    });
    const inserted =
      enabled.length === 0
        ? []
        : await trx
            .insertInto('fuel_entries')
            .values(
              enabled.map((e) => {
                const site = byId.get(e.siteId);
                return {
                  system_id: site?.systemId ?? 0,
                  device_id: e.siteId,
                  data_ref: e.dataRef,
                  consumo_litros: e.consumoLitros,
                  valor_referencia: site?.valorReferencia ?? null,
                  user_id: input.userId,
                  created_at: now,
                };
              }),
            )
            // A day already saved stays as it was (spec: never overwritten).
            .onConflict((oc) => oc.columns(['device_id', 'data_ref']).doNothing())
            .returning(['device_id', 'data_ref'])
            .execute();
    const stored = new Set(inserted.map((row) => `${row.device_id}:${row.data_ref}`));
    const saved = enabled.filter((e) => stored.has(`${e.siteId}:${e.dataRef}`));
    for (const e of enabled) {
      if (stored.has(`${e.siteId}:${e.dataRef}`)) continue;
      refused.push({
        reason: 'alreadySaved',
        siteId: e.siteId,
        dataRef: e.dataRef,
        site: nameOf(e.siteId),
      });
    }
    return {
      kind: 'saved' as const,
      count: saved.length,
      saved: saved.map((e) => ({
        siteId: e.siteId,
        systemId: byId.get(e.siteId)?.systemId ?? 0,
        dataRef: e.dataRef,
      })),
      refused,
    };
  });
}

export interface FuelConfigChange {
  siteId: number;
  habilitado: Flag;
  valorReferencia: number;
}

/** Updates every configuration, or none when one is outside `systemIds` or has no config row. */
export async function updateConfigs(
  db: Db,
  input: { userId: number; systemIds: readonly number[]; configs: readonly FuelConfigChange[] },
  now: number,
): Promise<{ kind: 'updated'; count: number; saved: SavedSite[] } | { kind: 'notFound' }> {
  if (input.systemIds.length === 0) return { kind: 'notFound' };
  const siteIds = [...new Set(input.configs.map((c) => c.siteId))];
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('fuel_configs')
      .select(['device_id', 'system_id'])
      .where('device_id', 'in', siteIds)
      .where('system_id', 'in', [...input.systemIds])
      .execute();
    if (found.length !== siteIds.length) return { kind: 'notFound' as const };
    for (const change of input.configs) {
      await trx
        .updateTable('fuel_configs')
        .set({
          habilitado: change.habilitado,
          valor_referencia: change.valorReferencia,
          updated_at: now,
          user_id: input.userId,
        })
        .where('device_id', '=', change.siteId)
        .execute();
    }
    return {
      kind: 'updated' as const,
      count: input.configs.length,
      saved: found.map((row) => ({ siteId: row.device_id, systemId: row.system_id })),
    };
  });
}
