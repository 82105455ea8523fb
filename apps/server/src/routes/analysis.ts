import {
  batteryPage,
  batteryQuery,
  errorBody,
  loadSpeedPage,
  loadSpeedQuery,
  powerPage,
  powerQuery,
  tankPage,
  tankQuery,
} from '@vigia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { type AnalysisKind, type AnalysisOptions, analysisList } from '../devices/analysis.js';
import { nowSec } from '../devices/deviceRows.js';
import { resolveSelection, type SelectionQuery } from '../devices/deviceSelection.js';
import { cachedRoute } from '../plugins/responseCache.js';
import type { AppServices } from './services.js';

const ERRORS = { 400: errorBody, 401: errorBody, 404: errorBody };
const PAGING =
  '`sisid` (0 ou ausente: todos os sistemas do usuário), `usinaId`, `scdId`, `venueId`, ' +
  '`offSet`, `limit` (50), `filtroTexto`, `orderBy` (`campo [asc|desc]`). `total` conta as ' +
  'linhas do filtro; `criticos` e `atencao` contam as faixas antes do filtro `severidade`.';

interface AnalysisRoute {
  url: string;
  summary: string;
  description: string;
  querystring: ZodType;
  response: ZodType;
  kind: AnalysisKind;
}

/** Spec 000 §7: the analysis lists (battery, power, load speed) and the tank list. */
const ROUTES: AnalysisRoute[] = [
  {
    url: '/energia/analise/baterias',
    summary: 'Status das baterias: Vcc contra o nominal vccn e a chave da rede',
    description: PAGING,
    querystring: batteryQuery,
    response: batteryPage,
    kind: 'baterias',
  },
  {
    url: '/energia/analise/potencias',
    summary:
      'Potência dos geradores em % do nominal, com a severidade (1 a 30 Crítico, > 30 Atenção)',
    description: PAGING,
    querystring: powerQuery,
    response: powerPage,
    kind: 'potencias',
  },
  {
    url: '/energia/analise/loadspeeds',
    summary: 'LoadSpeed dos geradores com a severidade (≥ 80 Crítico, 65 a 79 Atenção)',
    description: PAGING,
    querystring: loadSpeedQuery,
    response: loadSpeedPage,
    kind: 'loadspeeds',
  },
  {
    url: '/energia/tanques',
    summary: 'Tanques: nível, litros, capacidade, temperatura, status e cor (crítico ≥ 80)',
    description: `${PAGING} \`critico\` = 100 − nível (quanto falta para encher).`,
    querystring: tankQuery,
    response: tankPage,
    kind: 'tanques',
  },
];

type AnalysisQuery = SelectionQuery & Omit<AnalysisOptions<string>, 'nowSec'>;

export const analysisRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, responseCache },
) => {
  const db = store.db;
  for (const route of ROUTES) {
    app.get(
      route.url,
      {
        ...cachedRoute,
        schema: {
          tags: ['energia'],
          summary: route.summary,
          description: route.description,
          querystring: route.querystring,
          response: { 200: route.response, ...ERRORS },
        },
      },
      (request, reply) =>
        responseCache.answer(request, reply, async () => {
          // The route's own schema validated the query; each list reads its own fields.
          const query = request.query as AnalysisQuery;
          const selection = await resolveSelection(request, db, query);
          return analysisList(route.kind, db, selection, {
            filtroTexto: query.filtroTexto,
            orderBy: query.orderBy,
            offSet: query.offSet,
            limit: query.limit,
            severidade: query.severidade,
            nowSec: nowSec(),
          });
        }),
    );
  }
};
