import { API } from '@vigia/contract/api';
import { MESSAGES, validatePeriodSec } from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../plugins/httpError.js';
import { penTags, readPens } from '../store/devices/chartHistory.js';
import { deviceInScope } from '../store/devices/deviceScope.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/** Spec 000 §7 "Devices": the chart history of one device's readings. */
export const chartHistoryRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  // A heavy read (plugins/heavyCalls.ts): off the event loop on SQLite.
  const db = store.offLoopReads;

  app.route({
    ...fromContract(app, API.chartHistory.pens),
    handler: async (request) => {
      const { inicio, fim, idDispositivo } = request.query;
      const problem = validatePeriodSec(inicio, fim);
      if (problem) throw badRequest(problem);
      const device = await deviceInScope(request, db, idDispositivo);
      // Names are checked only inside the caller's scope: another tenant's tags stay unnamed.
      const { tags, missing } = await penTags(db, device.id, [...new Set(request.body.nomes)]);
      if (missing.length > 0) {
        throw badRequest(MESSAGES.unknownReadings.replace('{nomes}', missing.join(', ')));
      }
      const penas = await readPens(db, tags, { inicio, fim });
      return { idDispositivo: device.id, inicio, fim, penas };
    },
  });
};
