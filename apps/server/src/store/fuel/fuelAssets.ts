import type { FuelAssetRow, RefuelRow } from '@vigia/contract';
import { detectRefuels, fuelAutonomyDays, type Refuel } from '@vigia/domain';
import type { Kysely } from 'kysely';
import { parseJson } from '../json.js';
import { inSlices } from '../readingSeek.js';
import { hourAggregates } from '../rollups/rollups.js';
import type { Database } from '../schema.js';

type Db = Kysely<Database>;

/** Whose assets: a system's, or one venue's of it. */
export interface AssetScope {
  systemId: number;
  venueId?: number;
}

/** The readings an asset's volume comes from: a tank's litres, or a generator's level in %. */
const VOLUME_TAGS = ['litros', 'nivel', 'fuelLevel'] as const;

interface Asset {
  siteId: number;
  nome: string;
  patrimonio: string;
  tipo: string;
  localNome: string;
  ufSite: string;
  usinaId: number | null;
  scdId: number | null;
  venueId: number | null;
  habilitado: 0 | 1;
  capacidadeLitros: number | null;
  /** The tag the volume history is read from, and litres per unit of it. */
  volumeTag: { id: number; litresPerUnit: number } | null;
  litros: number | null;
  nivel: number | null;
  ts: number | null;
}

function positive(value: unknown): number | null {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * The fuel sites of the scope (devices with a fuel configuration) with their
 * current volume: a tank reports `litros` and `nivel` against its `capacidade`;
 * a generator reports `fuelLevel` in % of its `capacidadeTanque`.
 */
async function loadAssets(db: Db, scope: AssetScope): Promise<Asset[]> {
  let sites = db
    .selectFrom('fuel_configs')
    .innerJoin('devices', 'devices.id', 'fuel_configs.device_id')
    .select([
      'devices.id as siteId',
      'devices.nome as nome',
      'devices.patrimonio as patrimonio',
      'devices.tipo as tipo',
      'devices.local_nome as localNome',
      'devices.uf as ufSite',
      'devices.usina_id as usinaId',
      'devices.scd_id as scdId',
      'devices.venue_id as venueId',
      'devices.params as params',
      'fuel_configs.habilitado as habilitado',
    ])
    .where('devices.system_id', '=', scope.systemId);
  if (scope.venueId !== undefined) sites = sites.where('devices.venue_id', '=', scope.venueId);
  const rows = await sites.orderBy('devices.nome').orderBy('devices.id').execute();
  if (rows.length === 0) return [];
  const tags = await db
    .selectFrom('tags')
    .leftJoin('current_values', 'current_values.tag_id', 'tags.id')
    .select([
      'tags.id as id',
      'tags.device_id as deviceId',
      'tags.nome as nome',
      'current_values.valor as valor',
      'current_values.ts as ts',
    ])
    .where(
      'tags.device_id',
      'in',
      rows.map((r) => r.siteId),
    )
    .where('tags.nome', 'in', [...VOLUME_TAGS])
    .execute();
  const tagsOf = new Map<number, Map<string, (typeof tags)[number]>>();
  for (const tag of tags) {
    const byName = tagsOf.get(tag.deviceId) ?? new Map();
    byName.set(tag.nome, tag);
    tagsOf.set(tag.deviceId, byName);
  }
  return rows.map(({ params, habilitado, ...row }) => {
    const p = parseJson<Record<string, unknown>>(params, {});
    const own = tagsOf.get(row.siteId) ?? new Map();
    const litres = own.get('litros');
    const level = own.get('nivel') ?? own.get('fuelLevel');
    const capacidadeLitros =
      positive(p.capacidade) ?? (own.has('fuelLevel') ? positive(p.capacidadeTanque) : null);
    let volumeTag: Asset['volumeTag'] = null;
    if (litres) volumeTag = { id: litres.id, litresPerUnit: 1 };
    else if (level && capacidadeLitros) {
      volumeTag = { id: level.id, litresPerUnit: capacidadeLitros / 100 };
    }
    const nivel = level?.valor ?? null;
    const litros =
      litres?.valor ??
      (nivel !== null && capacidadeLitros ? (nivel / 100) * capacidadeLitros : null);
    return {
      ...row,
      habilitado: habilitado === 1 ? 1 : 0,
      capacidadeLitros,
      volumeTag,
      litros,
      nivel,
      ts: litres?.ts ?? level?.ts ?? null,
    };
  });
}

/**
 * Volume tags whose hours are read per statement, the event loop served between them. A
 * tag's 30 days are 720 hours; a system's 15 tanks in one statement held the loop 43 ms on
 * SQLite and 83 ms on PostgreSQL (the rows are parsed or copied in this thread). Four a
 * statement, read through `offLoopReads`: 9 and 15 ms (one a statement: 6 and 20 ms, with
 * a slower p95 from four times the statements).
 */
const VOLUME_TAGS_PER_QUERY = 4;

/** Each asset's refuels between two instants (epoch seconds, inclusive), by asset id. */
async function refuelsOf(
  db: Db,
  assets: readonly Asset[],
  inicio: number,
  fim: number,
): Promise<Map<number, Refuel[]>> {
  const byTag = new Map<number, Asset>();
  for (const asset of assets) if (asset.volumeTag) byTag.set(asset.volumeTag.id, asset);
  const hours = await inSlices([...byTag.keys()], VOLUME_TAGS_PER_QUERY, (tagIds) =>
    hourAggregates(db, tagIds, inicio, fim),
  );
  const perTag = new Map<number, typeof hours>();
  for (const hour of hours) {
    const list = perTag.get(hour.tag_id) ?? [];
    list.push(hour);
    perTag.set(hour.tag_id, list);
  }
  const out = new Map<number, Refuel[]>();
  for (const [tagId, list] of perTag) {
    const asset = byTag.get(tagId);
    const scale = asset?.volumeTag?.litresPerUnit;
    if (!asset || !scale) continue;
    const volume = list.map((h) => ({
      inicio: h.inicio,
      primeiro: h.primeiro * scale,
      ultimo: h.ultimo * scale,
      maximo: h.maximo * scale,
    }));
    out.set(asset.siteId, detectRefuels(volume, asset.capacidadeLitros));
  }
  return out;
}

/**
 * 'Combustível - Patrimonios': every fuel asset of the scope with its volume,
 * the consumption entered between `fromDay` and `toDay` and its last refuel in
 * [inicio, fim].
 */
export async function listFuelAssets(
  db: Db,
  scope: AssetScope,
  period: { fromDay: string; toDay: string; inicio: number; fim: number },
): Promise<FuelAssetRow[]> {
  const assets = await loadAssets(db, scope);
  if (assets.length === 0) return [];
  const [entries, refuels] = await Promise.all([
    db
      .selectFrom('fuel_entries')
      .select([
        'device_id',
        (eb) => eb.fn.sum<number>('consumo_litros').as('total'),
        (eb) => eb.fn.countAll<number>().as('dias'),
        (eb) => eb.fn.max('data_ref').as('ultima'),
      ])
      .where(
        'device_id',
        'in',
        assets.map((a) => a.siteId),
      )
      .where('data_ref', '>=', period.fromDay)
      .where('data_ref', '<=', period.toDay)
      .groupBy('device_id')
      .execute(),
    refuelsOf(db, assets, period.inicio, period.fim),
  ]);
  const entered = new Map(entries.map((e) => [e.device_id, e]));
  return assets.map(({ volumeTag: _tag, ...asset }) => {
    const e = entered.get(asset.siteId);
    const consumoPeriodo = Number(e?.total ?? 0);
    const diasRegistrados = Number(e?.dias ?? 0);
    const consumoMedioDiario = diasRegistrados > 0 ? consumoPeriodo / diasRegistrados : null;
    const last = refuels.get(asset.siteId)?.at(-1);
    return {
      ...asset,
      consumoPeriodo,
      diasRegistrados,
      consumoMedioDiario,
      autonomiaDias: fuelAutonomyDays(asset.litros, consumoMedioDiario),
      ultimaEntrada: e?.ultima ? String(e.ultima) : null,
      ultimoAbastecimento: last?.inicio ?? null,
      ultimoAbastecimentoLitros: last?.litros ?? null,
    };
  });
}

/** 'Combustível - Abastecimento': the scope's refuels in [inicio, fim], newest first. */
export async function listRefuels(
  db: Db,
  scope: AssetScope,
  inicio: number,
  fim: number,
): Promise<RefuelRow[]> {
  const assets = await loadAssets(db, scope);
  if (assets.length === 0) return [];
  const refuels = await refuelsOf(db, assets, inicio, fim);
  const rows: RefuelRow[] = [];
  for (const asset of assets) {
    for (const refuel of refuels.get(asset.siteId) ?? []) {
      rows.push({
        siteId: asset.siteId,
        nome: asset.nome,
        patrimonio: asset.patrimonio,
        localNome: asset.localNome,
        ufSite: asset.ufSite,
        capacidadeLitros: asset.capacidadeLitros,
        ...refuel,
      });
    }
  }
  return rows.sort((a, b) => b.inicio - a.inicio || a.nome.localeCompare(b.nome, 'pt-BR'));
}
