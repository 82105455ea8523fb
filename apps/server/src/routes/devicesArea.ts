import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analysisRoutes } from './analysis.js';
import { chartHistoryRoutes } from './chartHistory.js';
import { configurationRoutes } from './configuration.js';
import { deviceRoutes } from './devices.js';
import { energyRoutes } from './energy.js';
import { gpsRoutes } from './gps.js';
import type { AppServices } from './services.js';
import { siteRoutes } from './sites.js';

/**
 * The device side of the catalogue (issue 6): device lists and readings,
 * sites and their configuration, energy reads, analysis lists, tags, chart
 * history, maps.
 * Registered inside the authenticated `/api` scope.
 */
export const devicesAreaRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  await app.register(deviceRoutes, services);
  await app.register(chartHistoryRoutes, services);
  await app.register(siteRoutes, services);
  await app.register(configurationRoutes, services);
  await app.register(energyRoutes, services);
  await app.register(analysisRoutes, services);
  await app.register(gpsRoutes, services);
};
