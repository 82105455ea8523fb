import type { Kysely } from 'kysely';
import { PLACE_OVERVIEWS, typeDef } from '../../seed/catalog.js';
import { catalogRows } from '../../seed/catalogRows.js';
import { toJson } from '../json.js';
import type { Database } from '../schema.js';

type Db = Kysely<Database>;

/** The catalog's preset ids and names (fixed on every database). */
let catalog: ReturnType<typeof catalogRows> | undefined;
const presets = () => {
  catalog ??= catalogRows();
  return catalog;
};

/** The overview preset of a type and panel, made the first time a device or place shows it. */
async function overviewId(
  db: Db,
  tipo: string,
  nome: string,
  renderHtml: string,
  graphic: string | null,
): Promise<number> {
  const existing = await db
    .selectFrom('overview_configs')
    .select('id')
    .where('tipo', '=', tipo)
    .where('render_html', '=', renderHtml)
    .orderBy('id')
    .executeTakeFirst();
  if (existing) return existing.id;
  const { id } = await db
    .insertInto('overview_configs')
    .values({
      tipo,
      nome,
      render_html: renderHtml,
      sinotico: '[]',
      graphic: graphic ? toJson({ web_nome: graphic }) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('overview_configs')
    .set({ sinotico: toJson([{ id, web_nome: renderHtml }]) })
    .where('id', '=', id)
    .execute();
  return id;
}

type Owner = { device_id: number } | { usina_id: number } | { scd_id: number };

function siteConfig(owner: Owner, ordem: number) {
  return {
    device_id: null,
    usina_id: null,
    scd_id: null,
    ...owner,
    overview_id: null,
    graphical_id: null,
    table_id: null,
    tempo_enddt_default: 0,
    intervalo: null,
    render_html: null,
    ordem,
  };
}

async function chartsAndReports(
  db: Db,
  owner: Owner,
  graphicalIds: readonly number[],
  tableIds: readonly number[],
  from: number,
) {
  const { graphicals, tables } = presets();
  const rows = [
    ...graphicalIds.map((gid, i) => {
      const g = graphicals[gid - 1];
      return {
        ...siteConfig(owner, from + i),
        tipo: 'graphical',
        nome: String(g?.nome ?? ''),
        graphical_id: gid,
        tempo_default: Number(g?.tempo_default ?? 1440),
        acesso: '00010',
      };
    }),
    ...tableIds.map((tid, i) => {
      const table = tables.find((t) => t.id === tid);
      return {
        ...siteConfig(owner, from + graphicalIds.length + i),
        tipo: 'table',
        nome: String(table?.nome ?? ''),
        table_id: tid,
        tempo_default: 1440,
        acesso: '00012',
        intervalo: 60,
      };
    }),
  ];
  if (rows.length > 0) await db.insertInto('site_configs').values(rows).execute();
}

/**
 * What a new device of `tipo` needs to be shown as the demo's are: its
 * readings (tags with names, units and scales of its model) and its site
 * page's panels, charts and reports.
 */
export async function setUpDevicePanels(db: Db, deviceId: number, tipo: string): Promise<void> {
  const def = typeDef(tipo);
  const tags = def.tags.map((tag) => ({
    device_id: deviceId,
    nome: tag.nome,
    apelido: tag.apelido,
    unidade: tag.unidade,
    scale_min: tag.min,
    scale_max: tag.max,
    nominal: typeof tag.nominal === 'number' ? tag.nominal : null,
  }));
  if (tags.length > 0) await db.insertInto('tags').values(tags).execute();
  const owner = { device_id: deviceId };
  const firstChart = def.charts[0]?.nome ?? null;
  for (const [i, [nome, renderHtml]] of def.overviews.entries()) {
    await db
      .insertInto('site_configs')
      .values({
        ...siteConfig(owner, i),
        tipo: 'overview',
        nome,
        overview_id: await overviewId(db, tipo, nome, renderHtml, firstChart),
        tempo_default: 360,
        acesso: `0000${5 + i}`.slice(-5),
        render_html: renderHtml,
      })
      .execute();
  }
  const { graphicalIdsByType, tableIdsByType } = presets();
  await chartsAndReports(
    db,
    owner,
    graphicalIdsByType.get(tipo) ?? [],
    tableIdsByType.get(tipo) ?? [],
    def.overviews.length,
  );
}

/** A new plant's or SCD's page: its overview panels and charts. */
export async function setUpPlacePanels(db: Db, kind: 'usina' | 'scd', id: number): Promise<void> {
  const owner = kind === 'usina' ? { usina_id: id } : { scd_id: id };
  for (const [i, [nome, renderHtml]] of PLACE_OVERVIEWS[kind].entries()) {
    await db
      .insertInto('site_configs')
      .values({
        ...siteConfig(owner, i),
        tipo: 'overview',
        nome,
        overview_id: await overviewId(db, kind, nome, renderHtml, null),
        tempo_default: 360,
        acesso: `0000${5 + i}`.slice(-5),
        render_html: renderHtml,
      })
      .execute();
  }
  await chartsAndReports(
    db,
    owner,
    presets().placeChartIds[kind],
    [],
    PLACE_OVERVIEWS[kind].length,
  );
}
