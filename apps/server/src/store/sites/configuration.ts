import type {
  ChartLine,
  GraphicalConfig,
  OverviewConfig,
  TableColumn,
  TableConfig,
} from '@vigia/contract';
import type { Kysely } from 'kysely';
import { parseJson } from '../json.js';
import type { Database } from '../schema.js';

/**
 * The site configuration reads of spec 000 §7: which overview, chart and
 * report presets a site (a device, plant or SCD) shows, in order, and the
 * presets' lines, columns and synoptics.
 */

/** Whose configuration: the `site_configs` column and the owner's id. */
export interface ConfigOwner {
  column: 'device_id' | 'usina_id' | 'scd_id';
  id: number;
}

const LINE_STYLES = ['solid', 'dashed', 'dotted'] as const;
const RENDERERS = ['line', 'bar'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T | null) =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;

function siteConfigs(db: Kysely<Database>, owner: ConfigOwner, tipo: string) {
  return db
    .selectFrom('site_configs')
    .selectAll()
    .where(owner.column, '=', owner.id)
    .where('tipo', '=', tipo)
    .orderBy('ordem')
    .orderBy('id')
    .execute();
}

type SiteConfigRow = Awaited<ReturnType<typeof siteConfigs>>[number];

function configBase(owner: ConfigOwner, row: SiteConfigRow) {
  return {
    idSite: owner.id,
    tipo: row.tipo as 'overview' | 'graphical' | 'table',
    nome: row.nome,
    tempoDefault: row.tempo_default,
    tempoEnddtDefault: row.tempo_enddt_default,
    acesso: row.acesso,
    intervalo: row.intervalo,
    render_html: row.render_html,
    idOverview: row.overview_id,
    idGraphical: row.graphical_id,
    idTabela: row.table_id,
  };
}

/** The ids a site's entries point at (`overview_id`, `graphical_id` or `table_id`). */
function idsOf(rows: readonly SiteConfigRow[], pick: (row: SiteConfigRow) => number | null) {
  return rows.flatMap((row) => {
    const id = pick(row);
    return id === null ? [] : [id];
  });
}

function isSinotico(value: unknown): value is { id: number; web_nome: string } {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as { id?: unknown }).id === 'number' &&
    typeof (value as { web_nome?: unknown }).web_nome === 'string'
  );
}

/** An overview's `sinotico` JSON; malformed entries are left out. */
function sinoticoList(json: string | null | undefined): { id: number; web_nome: string }[] {
  const list = parseJson<unknown>(json, []);
  return Array.isArray(list) ? list.filter(isSinotico) : [];
}

export async function overviewConfigs(
  db: Kysely<Database>,
  owner: ConfigOwner,
): Promise<OverviewConfig[]> {
  const rows = await siteConfigs(db, owner, 'overview');
  const ids = idsOf(rows, (r) => r.overview_id);
  const overviews =
    ids.length === 0
      ? []
      : await db.selectFrom('overview_configs').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(overviews.map((o) => [o.id, o]));
  return rows.map((row) => {
    const overview = row.overview_id === null ? undefined : byId.get(row.overview_id);
    const graphic = parseJson<{ web_nome?: unknown } | null>(overview?.graphic, null);
    return {
      ...configBase(owner, row),
      render_html: row.render_html ?? overview?.render_html ?? null,
      sinotico: sinoticoList(overview?.sinotico),
      graphic: typeof graphic?.web_nome === 'string' ? { web_nome: graphic.web_nome } : null,
    };
  });
}

export async function graphicalConfigs(
  db: Kysely<Database>,
  owner: ConfigOwner,
): Promise<GraphicalConfig[]> {
  const rows = await siteConfigs(db, owner, 'graphical');
  const ids = idsOf(rows, (r) => r.graphical_id);
  const graphicals =
    ids.length === 0
      ? []
      : await db.selectFrom('graphical_configs').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(graphicals.map((g) => [g.id, g]));
  return rows.map((row) => {
    const g = row.graphical_id === null ? undefined : byId.get(row.graphical_id);
    return {
      ...configBase(owner, row),
      graphic: g ? { web_nome: g.nome, tempoDefault: g.tempo_default } : null,
    };
  });
}

export async function tableConfigs(
  db: Kysely<Database>,
  owner: ConfigOwner,
): Promise<TableConfig[]> {
  const rows = await siteConfigs(db, owner, 'table');
  const ids = idsOf(rows, (r) => r.table_id);
  const tables =
    ids.length === 0
      ? []
      : await db.selectFrom('table_configs').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(tables.map((t) => [t.id, t]));
  return rows.map((row) => {
    const t = row.table_id === null ? undefined : byId.get(row.table_id);
    return {
      ...configBase(owner, row),
      table: t
        ? {
            nome: t.nome,
            tipo: t.tipo_relatorio,
            tempoDefault: t.tempo_default,
            intervalo: t.intervalo,
          }
        : null,
    };
  });
}

/** Reading name → the device's tag id (none without a device). */
async function tagIdsByName(
  db: Kysely<Database>,
  deviceId: number | null,
): Promise<Map<string, number>> {
  if (deviceId === null) return new Map();
  const tags = await db
    .selectFrom('tags')
    .select(['id', 'nome'])
    .where('device_id', '=', deviceId)
    .execute();
  return new Map(tags.map((t) => [t.nome, t.id]));
}

/**
 * A chart preset's lines, each with `deviceId`'s tag for its reading (null
 * without a device, or when the device lacks it); undefined when there is no
 * such preset.
 */
export async function chartLines(
  db: Kysely<Database>,
  graphicalId: number,
  deviceId: number | null,
): Promise<ChartLine[] | undefined> {
  const graphical = await db
    .selectFrom('graphical_configs')
    .select('id')
    .where('id', '=', graphicalId)
    .executeTakeFirst();
  if (!graphical) return undefined;
  const [lines, tagIds] = await Promise.all([
    db
      .selectFrom('graphical_lines')
      .selectAll()
      .where('graphical_id', '=', graphical.id)
      .orderBy('ordem')
      .orderBy('id')
      .execute(),
    tagIdsByName(db, deviceId),
  ]);
  return lines.map((l) => ({
    idTag: tagIds.get(l.tag_nome) ?? null,
    tagNome: l.tag_nome,
    nome: l.nome,
    grandeza: l.grandeza,
    cor: l.cor,
    casaDecimal: l.casa_decimal,
    maximo: l.maximo,
    minimo: l.minimo,
    lineStyle: oneOf(LINE_STYLES, l.line_style, 'solid') ?? 'solid',
    renderer: oneOf(RENDERERS, l.renderer, null),
    tipo: l.tipo,
    scale: l.scale,
  }));
}

/** A report preset's columns, with `deviceId`'s tags as `chartLines`; undefined when there is no such preset. */
export async function tableColumns(
  db: Kysely<Database>,
  tableId: number,
  deviceId: number | null,
): Promise<TableColumn[] | undefined> {
  const table = await db
    .selectFrom('table_configs')
    .select('id')
    .where('id', '=', tableId)
    .executeTakeFirst();
  if (!table) return undefined;
  const [columns, tagIds] = await Promise.all([
    db
      .selectFrom('table_columns')
      .selectAll()
      .where('table_id', '=', table.id)
      .orderBy('ordem')
      .orderBy('id')
      .execute(),
    tagIdsByName(db, deviceId),
  ]);
  return columns.map((c) => ({
    idTable: c.table_id,
    idColuna: c.id,
    nomeColuna: c.nome_coluna,
    grandeza: c.grandeza,
    casaDecimal: c.casa_decimal,
    tipo: c.tipo,
    keyColuna: c.key_coluna,
    idTag: tagIds.get(c.key_coluna) ?? null,
  }));
}

/**
 * The synoptic with this id among the overview presets' `sinotico` lists (a
 * small table of presets by device type), with its overview's panel.
 */
export async function findSinotico(db: Kysely<Database>, id: number) {
  const overviews = await db
    .selectFrom('overview_configs')
    .select(['id', 'render_html', 'sinotico'])
    .orderBy('id')
    .execute();
  for (const overview of overviews) {
    const found = sinoticoList(overview.sinotico).find((s) => s.id === id);
    if (found) return { ...found, render_html: overview.render_html };
  }
  return undefined;
}
