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
import {
  batteryAnalysis,
  loadSpeedAnalysis,
  powerAnalysis,
  tankAnalysis,
} from '../devices/analysis.js';
import { nowSec } from '../devices/deviceRows.js';
import { resolveSelection } from '../devices/deviceSelection.js';
import type { AppServices } from './services.js';

const ERRORS = { 400: errorBody, 401: errorBody, 404: errorBody };
const TAGS = ['energia'];
const PAGING =
  '`sisid` (0 ou ausente: todos os sistemas do usuário), `usinaId`, `scdId`, `venueId`, ' +
  '`offSet`, `limit` (50), `filtroTexto`, `orderBy` (`campo [asc|desc]`). `total` conta as ' +
  'linhas do filtro; `criticos` e `atencao` contam as faixas antes do filtro `severidade`.';

/** Spec 000 §7: the analysis lists (battery, power, load speed) and the tank list. */
export const analysisRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  const db = store.db;

  app.get(
    '/energia/analise/baterias',
    {
      schema: {
        tags: TAGS,
        summary: 'Status das baterias: Vcc contra o nominal vccn e a chave da rede',
        description: PAGING,
        querystring: batteryQuery,
        response: { 200: batteryPage, ...ERRORS },
      },
    },
    async (request) => {
      const { filtroTexto, orderBy, offSet, limit } = request.query;
      const selection = await resolveSelection(request, db, request.query);
      return batteryAnalysis(db, selection, {
        filtroTexto,
        orderBy,
        offSet,
        limit,
        nowSec: nowSec(),
      });
    },
  );

  app.get(
    '/energia/analise/potencias',
    {
      schema: {
        tags: TAGS,
        summary:
          'Potência dos geradores em % do nominal, com a severidade (1 a 30 Crítico, > 30 Atenção)',
        description: PAGING,
        querystring: powerQuery,
        response: { 200: powerPage, ...ERRORS },
      },
    },
    async (request) => {
      const { filtroTexto, orderBy, offSet, limit, severidade } = request.query;
      const selection = await resolveSelection(request, db, request.query);
      return powerAnalysis(db, selection, {
        filtroTexto,
        orderBy,
        offSet,
        limit,
        severidade,
        nowSec: nowSec(),
      });
    },
  );

  app.get(
    '/energia/analise/loadspeeds',
    {
      schema: {
        tags: TAGS,
        summary: 'LoadSpeed dos geradores com a severidade (≥ 80 Crítico, 65 a 79 Atenção)',
        description: PAGING,
        querystring: loadSpeedQuery,
        response: { 200: loadSpeedPage, ...ERRORS },
      },
    },
    async (request) => {
      const { filtroTexto, orderBy, offSet, limit, severidade } = request.query;
      const selection = await resolveSelection(request, db, request.query);
      return loadSpeedAnalysis(db, selection, {
        filtroTexto,
        orderBy,
        offSet,
        limit,
        severidade,
        nowSec: nowSec(),
      });
    },
  );

  app.get(
    '/energia/tanques',
    {
      schema: {
        tags: TAGS,
        summary: 'Tanques: nível, litros, capacidade, temperatura, status e cor (crítico ≥ 80)',
        description: `${PAGING} \`critico\` = 100 − nível (quanto falta para encher).`,
        querystring: tankQuery,
        response: { 200: tankPage, ...ERRORS },
      },
    },
    async (request) => {
      const { filtroTexto, orderBy, offSet, limit, severidade } = request.query;
      const selection = await resolveSelection(request, db, request.query);
      return tankAnalysis(db, selection, {
        filtroTexto,
        orderBy,
        offSet,
        limit,
        severidade,
        nowSec: nowSec(),
      });
    },
  );
};
