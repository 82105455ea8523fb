import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceInScope } from '../store/devices/deviceScope.js';
import {
  GENERAL_CONFIG,
  HISTORICAL_CONFIG,
  NOT_ACKNOWLEDGED_CONFIG,
  SITE_ACTIVE_CONFIG,
} from '../store/occurrences/configurations.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/** Spec 000 §7 "Occurrence configuration": the columns and access flag of each occurrence list. */
export const occurrenceConfigRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store },
) => {
  const fixed = [
    [API.occurrenceConfig.general, GENERAL_CONFIG],
    [API.occurrenceConfig.notAcknowledged, NOT_ACKNOWLEDGED_CONFIG],
    [API.occurrenceConfig.historical, HISTORICAL_CONFIG],
  ] as const;
  for (const [route, config] of fixed) {
    app.route({ ...fromContract(app, route), handler: async () => config });
  }

  app.route({
    ...fromContract(app, API.occurrenceConfig.siteActive),
    handler: async (request) => {
      const site = await deviceInScope(request, store.db, request.params.idSite);
      return { ...SITE_ACTIVE_CONFIG, idSite: site.id };
    },
  });
};
