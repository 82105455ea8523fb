import type { AnalysisKind } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedRoute } from '../plugins/responseCache.js';
import { analysisList } from '../store/devices/analysis.js';
import { nowSec } from '../store/devices/deviceRows.js';
import { resolveSelection } from '../store/devices/deviceSelection.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/** Spec 000 §7: the analysis lists (battery, power, load speed) and the tank list, one handler. */
export const analysisRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, responseCache },
) => {
  const db = store.db;
  for (const kind of Object.keys(API.analysis) as AnalysisKind[]) {
    app.route({
      ...cachedRoute,
      ...fromContract(app, API.analysis[kind]),
      handler: (request, reply) =>
        responseCache.answer(request, reply, async () => {
          const query = request.query;
          const selection = await resolveSelection(request, db, query);
          return analysisList(kind, db, selection, {
            filtroTexto: query.filtroTexto,
            orderBy: query.orderBy,
            offSet: query.offSet,
            limit: query.limit,
            severidade: 'severidade' in query ? query.severidade : undefined,
            nowSec: nowSec(),
          });
        }),
    });
  }
};
