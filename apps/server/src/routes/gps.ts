import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemsInScope } from '../auth/scope.js';
import { cachedRoute } from '../plugins/responseCache.js';
import { nowSec } from '../store/devices/deviceRows.js';
import { gpsDevices, gpsLocations, gpsMap } from '../store/gps/gps.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/**
 * Spec 000 §7 "GPS and maps". Every device of the scope with its place: on the read
 * connection (never behind a write transaction) and through the response cache, so a
 * burst of one call is computed once (issue 30: at 5,000 devices a list is 300 kB).
 */
export const gpsRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, responseCache },
) => {
  const db = store.reads;

  app.route({
    ...fromContract(app, API.gps.devices),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async () =>
        gpsDevices(db, systemsInScope(request, request.query.sisid), nowSec()),
      ),
  });

  app.route({
    ...fromContract(app, API.gps.map),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async () =>
        gpsMap(db, systemsInScope(request, request.query.sisid)),
      ),
  });

  app.route({
    ...fromContract(app, API.gps.locations),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async () =>
        gpsLocations(db, systemsInScope(request, request.query.clientId), nowSec()),
      ),
  });
};
