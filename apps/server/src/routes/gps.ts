import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemsInScope } from '../auth/scope.js';
import { nowSec } from '../store/devices/deviceRows.js';
import { gpsDevices, gpsLocations, gpsMap } from '../store/gps/gps.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/** Spec 000 §7 "GPS and maps". */
export const gpsRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  const db = store.db;

  app.route({
    ...fromContract(app, API.gps.devices),
    handler: async (request) =>
      gpsDevices(db, systemsInScope(request, request.query.sisid), nowSec()),
  });

  app.route({
    ...fromContract(app, API.gps.map),
    handler: async (request) => gpsMap(db, systemsInScope(request, request.query.sisid)),
  });

  app.route({
    ...fromContract(app, API.gps.locations),
    handler: async (request) =>
      gpsLocations(db, systemsInScope(request, request.query.clientId), nowSec()),
  });
};
