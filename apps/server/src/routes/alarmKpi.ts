import { API } from '@vigia/contract/api';
import { validatePeriodSec } from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemsInScope } from '../auth/scope.js';
import { badRequest } from '../plugins/httpError.js';
import { alarmKpis } from '../store/alarmKpi/alarmKpi.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/** Alarm KPIs of a system or of all the caller's systems (issue 17). */
export const alarmKpiRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  app.route({
    ...fromContract(app, API.alarmKpi.get),
    handler: async (request) => {
      const { sisid, inicio, fim } = request.query;
      const systemIds = systemsInScope(request, sisid);
      const problem = validatePeriodSec(inicio, fim);
      if (problem) throw badRequest(problem);
      return alarmKpis(store.offLoopReads, {
        systemIds,
        sisid,
        inicio,
        fim,
        now: Date.now() / 1000,
      });
    },
  });
};
