import {
  errorBody,
  healthPlanList,
  healthPlanListQuery,
  healthPlanUpdateBody,
  healthPlanUpdateResponse,
  infoHistoryQuery,
  infoHistoryResponse,
  MAX_INFO_POINTS,
} from '@vigia/contract';
import { clampLimit, MAX_PAGE_SIZE, MESSAGES, validateReason } from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds, currentUser } from '../auth/scope.js';
import {
  healthPlanSystems,
  infoHistory,
  listHealthPlan,
  saveReason,
} from '../occurrences/healthPlan.js';
import { checkedPeriod } from '../occurrences/list.js';
import { badRequest, HttpError } from '../plugins/httpError.js';
import type { AppServices } from './services.js';

const ERRORS = { 400: errorBody, 401: errorBody, 404: errorBody };
const TAGS = ['plano de saúde'];

/** Registered under `/api2` (same origin, bearer token): spec 000 §7 "Customer-specific", 001 §4. */
export const healthPlanRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  const db = store.db;

  app.get(
    '/ocorrencias/sync/list',
    {
      schema: {
        tags: TAGS,
        summary: 'Ocorrências do período para a revisão do plano de saúde',
        description:
          '`dataInicio`/`dataFim` em segundos (no máximo 31 dias). `motivo` ausente: os alarmes ' +
          'do período (lista inicial); `sem`: os alarmes sem motivo; `todos`: todas as ocorrências ' +
          'do período, eventos incluídos. Só sistemas com plano de saúde; `sisid` restringe a um. ' +
          '`offSet`/`limit` (padrão e máximo 500); `X-Total-Count` traz o total.',
        querystring: healthPlanListQuery,
        response: { 200: healthPlanList, ...ERRORS },
      },
    },
    async (request, reply) => {
      const q = request.query;
      checkedPeriod(q.dataInicio, q.dataFim);
      const systemIds = await healthPlanSystems(db, allowedSystemIds(request), q.sisid);
      const { rows, total } = await listHealthPlan(db, {
        systemIds,
        from: q.dataInicio,
        to: q.dataFim,
        motivo: q.motivo,
        offset: q.offSet ?? 0,
        limit: clampLimit(q.limit, MAX_PAGE_SIZE),
      });
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  app.route({
    method: ['POST', 'PUT'],
    url: '/ocorrencias/sync/update',
    schema: {
      tags: TAGS,
      summary: 'Grava o motivo de uma ocorrência (revisão do plano de saúde)',
      description:
        "Sucesso: `mensagem` 'Motivo cadastrada com sucesso.'. Ocorrência fora dos sistemas com " +
        "plano de saúde do usuário: 404 `{ error: 'Motivo não cadastrada.' }`. Motivo vazio: 400.",
      body: healthPlanUpdateBody,
      response: { 200: healthPlanUpdateResponse, ...ERRORS },
    },
    handler: async (request) => {
      const user = currentUser(request);
      const problem = validateReason(request.body.motivoEdit);
      if (problem) throw badRequest(problem);
      const motivo = request.body.motivoEdit.trim();
      const systemIds = await healthPlanSystems(db, user.systemIds, undefined);
      const saved = await saveReason(db, {
        id: request.body.id,
        motivo,
        userId: user.id,
        systemIds,
        now: Math.floor(Date.now() / 1000),
      });
      if (!saved) throw new HttpError(404, { error: MESSAGES.reasonSaveFailed });
      return { id: request.body.id, motivo, mensagem: MESSAGES.reasonSaved };
    },
  });

  app.get(
    '/ref/info/list/nome',
    {
      schema: {
        tags: TAGS,
        summary: 'Leituras de um dispositivo no período, por nome de informação',
        description:
          '`dispositivo` (fora dos sistemas do usuário → 404), `inicio`/`fim` em segundos (no ' +
          'máximo 31 dias), `nome` opcional (nomes separados por vírgula; ausente: todas). Até ' +
          `${MAX_INFO_POINTS} pontos por série (os mais recentes), do mais antigo ao mais novo.`,
        querystring: infoHistoryQuery,
        response: { 200: infoHistoryResponse, ...ERRORS },
      },
    },
    async (request) => {
      const q = request.query;
      checkedPeriod(q.inicio, q.fim);
      return infoHistory(db, {
        allowedSystemIds: allowedSystemIds(request),
        deviceId: q.dispositivo,
        from: q.inicio,
        to: q.fim,
        names: q.nome,
        maxPoints: MAX_INFO_POINTS,
      });
    },
  );
};
