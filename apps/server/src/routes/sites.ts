import type { ResumeSiteRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds, systemsInScope } from '../auth/scope.js';
import { cachedRoute } from '../plugins/responseCache.js';
import { nowSec } from '../store/devices/deviceRows.js';
import { deviceInScope } from '../store/devices/deviceScope.js';
import { resolveSelection } from '../store/devices/deviceSelection.js';
import type { Page } from '../store/devices/listing.js';
import { placeInScope } from '../store/devices/placeScope.js';
import { loadPlaces } from '../store/devices/places.js';
import {
  resumeSiteRows,
  resumeSiteConfig as siteTableConfig,
} from '../store/devices/siteTables.js';
import { siteData } from '../store/sites/siteData.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/** Site tables (four variants), the site page's data and the energy center's name. */
export const siteRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, responseCache },
) => {
  const db = store.db;

  app.route({
    ...fromContract(app, API.sites.tableConfig),
    handler: async (request) => {
      const systemIds = systemsInScope(request, request.query.sisid);
      const places = await loadPlaces(db, systemIds);
      return siteTableConfig(request.params.tipoSite, {
        plants: places.plants.length > 0,
        scds: places.scds.length > 0,
        venues: places.venues.length > 0,
      });
    },
  });

  app.route({
    ...fromContract(app, API.sites.tableRows),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async (): Promise<Page<ResumeSiteRow>> => {
        const q = request.query;
        const selection = await resolveSelection(request, db, q);
        return resumeSiteRows(db, request.params.tipoSite, selection, {
          filtroTexto: q.filtroTexto,
          orderBy: q.orderBy,
          offSet: q.offSet,
          limit: q.limit,
          nowSec: nowSec(),
        });
      }),
  });

  app.route({
    ...fromContract(app, API.sites.site),
    handler: async (request) => {
      const device = await deviceInScope(request, db, request.params.id, { alarms: true });
      return siteData(db, device, nowSec());
    },
  });

  app.route({
    ...fromContract(app, API.sites.energyCenter),
    handler: async (request) => {
      const center = await placeInScope(
        db,
        'energyCenter',
        request.params.energycenterId,
        allowedSystemIds(request),
      );
      return { id: center.id, nome: center.nome, sisId: center.systemId };
    },
  });
};
