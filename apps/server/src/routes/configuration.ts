import {
  chartLineList,
  dataSinotico,
  dataSinoticoParams,
  dataSinoticoQuery,
  errorBody,
  graphicalConfigList,
  graphicalLinesParams,
  overviewConfigList,
  presetSiteQuery,
  siteConfigParams,
  siteConfigQuery,
  tableColumnList,
  tableColumnParams,
  tableConfigList,
} from '@vigia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { buildDeviceRows, nowSec } from '../devices/deviceRows.js';
import { deviceInScope } from '../devices/deviceScope.js';
import { selectDevices } from '../devices/deviceStore.js';
import { type SiteOwner, siteOwner } from '../devices/siteOwner.js';
import { notFound } from '../plugins/httpError.js';
import { cachedRoute } from '../plugins/responseCache.js';
import { parseJson } from '../store/json.js';
import type { Database } from '../store/schema.js';
import type { AppServices } from './services.js';

const ERRORS = { 400: errorBody, 401: errorBody, 404: errorBody };
const TAGS = ['configuração'];
const LINE_STYLES = ['solid', 'dashed', 'dotted'] as const;
const RENDERERS = ['line', 'bar'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T | null) =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;

function siteConfigs(db: Kysely<Database>, owner: SiteOwner, tipo: string) {
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

function configBase(owner: SiteOwner, row: SiteConfigRow) {
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

/** Reading name → the device's tag id. */
async function tagIdsByName(db: Kysely<Database>, deviceId: number): Promise<Map<string, number>> {
  const tags = await db
    .selectFrom('tags')
    .select(['id', 'nome'])
    .where('device_id', '=', deviceId)
    .execute();
  return new Map(tags.map((t) => [t.nome, t.id]));
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

/**
 * The synoptic with this id among the overview presets' `sinotico` lists (a
 * small table of presets by device type), with its overview's panel.
 */
async function findSinotico(db: Kysely<Database>, id: number) {
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

/** Spec 000 §7 "Configuration and data reads": panels, charts, reports and synoptic data of a site. */
export const configurationRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, responseCache },
) => {
  const db = store.db;
  const tipoLocalNote =
    '`idSite` é um dispositivo; com `tipoLocal=usina` ou `tipoLocal=scd` é uma usina ou um SCD.';

  app.get(
    '/ConfigurationOverview/:idSite/overview',
    {
      schema: {
        tags: TAGS,
        summary: 'Visões gerais (painéis) do site, em ordem',
        description: `\`render_html\` nomeia o painel no registro do console. ${tipoLocalNote}`,
        params: siteConfigParams,
        querystring: siteConfigQuery,
        response: { 200: overviewConfigList, ...ERRORS },
      },
    },
    async (request) => {
      const owner = await siteOwner(request, db, request.params.idSite, request.query.tipoLocal);
      const rows = await siteConfigs(db, owner, 'overview');
      const ids = rows.flatMap((r) => (r.overview_id === null ? [] : [r.overview_id]));
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
    },
  );

  app.get(
    '/ConfigurationGraphical/:idSite/graphical',
    {
      schema: {
        tags: TAGS,
        summary: 'Gráficos configurados do site, em ordem',
        description: tipoLocalNote,
        params: siteConfigParams,
        querystring: siteConfigQuery,
        response: { 200: graphicalConfigList, ...ERRORS },
      },
    },
    async (request) => {
      const owner = await siteOwner(request, db, request.params.idSite, request.query.tipoLocal);
      const rows = await siteConfigs(db, owner, 'graphical');
      const ids = rows.flatMap((r) => (r.graphical_id === null ? [] : [r.graphical_id]));
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
    },
  );

  app.get(
    '/ConfigurationGraphical/:idGraphical/lines/graphical',
    {
      schema: {
        tags: TAGS,
        summary: 'Linhas de um gráfico (preset por tipo de dispositivo)',
        description: 'Com `idSite` (um dispositivo do usuário), cada linha traz o `idTag` dele.',
        params: graphicalLinesParams,
        querystring: presetSiteQuery,
        response: { 200: chartLineList, ...ERRORS },
      },
    },
    async (request) => {
      const { idSite } = request.query;
      const device = idSite === undefined ? null : await deviceInScope(request, db, idSite);
      const graphical = await db
        .selectFrom('graphical_configs')
        .select('id')
        .where('id', '=', request.params.idGraphical)
        .executeTakeFirst();
      if (!graphical) throw notFound();
      const [lines, tagIds] = await Promise.all([
        db
          .selectFrom('graphical_lines')
          .selectAll()
          .where('graphical_id', '=', graphical.id)
          .orderBy('ordem')
          .orderBy('id')
          .execute(),
        device ? tagIdsByName(db, device.id) : new Map<string, number>(),
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
    },
  );

  app.get(
    '/ConfigurationTable/:idSite/table',
    {
      schema: {
        tags: TAGS,
        summary: 'Relatórios configurados do site, em ordem',
        description: tipoLocalNote,
        params: siteConfigParams,
        querystring: siteConfigQuery,
        response: { 200: tableConfigList, ...ERRORS },
      },
    },
    async (request) => {
      const owner = await siteOwner(request, db, request.params.idSite, request.query.tipoLocal);
      const rows = await siteConfigs(db, owner, 'table');
      const ids = rows.flatMap((r) => (r.table_id === null ? [] : [r.table_id]));
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
    },
  );

  app.get(
    '/ConfigurationTable/:idTable/table/column',
    {
      schema: {
        tags: TAGS,
        summary: 'Colunas de um relatório (preset por tipo de dispositivo)',
        description: 'Com `idSite` (um dispositivo do usuário), cada coluna traz o `idTag` dele.',
        params: tableColumnParams,
        querystring: presetSiteQuery,
        response: { 200: tableColumnList, ...ERRORS },
      },
    },
    async (request) => {
      const { idSite } = request.query;
      const device = idSite === undefined ? null : await deviceInScope(request, db, idSite);
      const table = await db
        .selectFrom('table_configs')
        .select('id')
        .where('id', '=', request.params.idTable)
        .executeTakeFirst();
      if (!table) throw notFound();
      const [columns, tagIds] = await Promise.all([
        db
          .selectFrom('table_columns')
          .selectAll()
          .where('table_id', '=', table.id)
          .orderBy('ordem')
          .orderBy('id')
          .execute(),
        device ? tagIdsByName(db, device.id) : new Map<string, number>(),
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
    },
  );

  app.get(
    '/DataSinotico/:idSinotico/dataSinotico',
    {
      ...cachedRoute,
      schema: {
        tags: TAGS,
        summary: 'Leituras de um sinótico, com `ts_menos_atualizado`',
        description:
          '`idSite` com `tipoLocal` como na visão geral: um dispositivo, ou todos os dispositivos ' +
          'de uma usina ou SCD. `nomes` limita as leituras. `ts_menos_atualizado`: a leitura mais ' +
          'antiga entre as devolvidas (o sinótico fica desatualizado 20 min depois dela).',
        params: dataSinoticoParams,
        querystring: dataSinoticoQuery,
        response: { 200: dataSinotico, ...ERRORS },
      },
    },
    (request, reply) =>
      responseCache.answer(request, reply, async () => {
        const { idSite, tipoLocal, nomes } = request.query;
        const owner = await siteOwner(request, db, idSite, tipoLocal);
        const sinotico = await findSinotico(db, request.params.idSinotico);
        if (!sinotico) throw notFound();
        const devices = await selectDevices(db, owner.devices);
        const rows = await buildDeviceRows(db, devices, {
          nomes: nomes && nomes.length > 0 ? nomes : undefined,
          nowSec: nowSec(),
        });
        let oldest: number | null = null;
        for (const row of rows) {
          for (const info of row.infos) {
            const ts = info.valorAtual?.ts;
            if (ts !== undefined && (oldest === null || ts < oldest)) oldest = ts;
          }
        }
        return {
          idSinotico: sinotico.id,
          web_nome: sinotico.web_nome,
          render_html: sinotico.render_html,
          ts_menos_atualizado: oldest,
          dispositivos: rows,
        };
      }),
  );
};
