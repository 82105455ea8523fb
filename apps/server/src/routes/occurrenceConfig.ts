import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds } from '../auth/scope.js';
import {
  GENERAL_CONFIG,
  HISTORICAL_CONFIG,
  NOT_ACKNOWLEDGED_CONFIG,
  SITE_ACTIVE_CONFIG,
} from '../occurrences/configurations.js';
import { notFound } from '../plugins/httpError.js';
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
      const systems = allowedSystemIds(request);
      const site =
        systems.length === 0
          ? undefined
          : await store.db
              .selectFrom('devices')
              .select('id')
              .where('id', '=', request.params.idSite)
              .where('system_id', 'in', systems)
              .executeTakeFirst();
      if (!site) throw notFound();
      return { ...SITE_ACTIVE_CONFIG, idSite: site.id };
    },
  });
};
