import { MAX_INFO_POINTS } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { clampLimit, MAX_PAGE_SIZE, MESSAGES, validateReason } from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds, currentUser } from '../auth/scope.js';
import { badRequest, HttpError } from '../plugins/httpError.js';
import {
  healthPlanSystems,
  infoHistory,
  listHealthPlan,
  saveReason,
} from '../store/occurrences/healthPlan.js';
import { checkedPeriod } from '../store/occurrences/list.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/** Registered under `/api2` (same origin, bearer token): spec 000 §7 "Customer-specific", 001 §4. */
export const healthPlanRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  const db = store.db;

  app.route({
    ...fromContract(app, API.healthPlan.list),
    handler: async (request, reply) => {
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
  });

  app.route({
    ...fromContract(app, API.healthPlan.update),
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

  app.route({
    ...fromContract(app, API.healthPlan.infoHistory),
    handler: async (request) => {
      const q = request.query;
      checkedPeriod(q.inicio, q.fim);
      // A heavy read (plugins/heavyCalls.ts): off the event loop on SQLite.
      return infoHistory(store.offLoopReads, {
        allowedSystemIds: allowedSystemIds(request),
        deviceId: q.dispositivo,
        from: q.inicio,
        to: q.fim,
        names: q.nome,
        maxPoints: MAX_INFO_POINTS,
      });
    },
  });
};
