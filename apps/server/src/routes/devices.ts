import type { DeviceRow, DeviceRowPage } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../plugins/httpError.js';
import { cachedRoute } from '../plugins/responseCache.js';
import { listDevices } from '../store/devices/deviceList.js';
import { buildDeviceRows, nowSec, tagInfos } from '../store/devices/deviceRows.js';
import { deviceInScope } from '../store/devices/deviceScope.js';
import { resolveSelection } from '../store/devices/deviceSelection.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/** An empty name list means every reading. */
const namesOrAll = (nomes: readonly string[] | undefined) =>
  nomes && nomes.length > 0 ? nomes : undefined;

/** Spec 000 §7 "Devices": the device list, one device's readings, the energy-center call, parameters, tags. */
export const deviceRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, responseCache },
) => {
  // Every call here only reads: the polled device lists must not wait for the ingest's and
  // the alarm engine's write transactions.
  const db = store.reads;

  app.route({
    ...fromContract(app, API.devices.list),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async (): Promise<DeviceRowPage> => {
        const q = request.query;
        const selection = await resolveSelection(request, db, q);
        return listDevices(db, selection, {
          filtroTexto: q.filtroTexto,
          orderBy: q.orderBy,
          offSet: q.offSet,
          limit: q.limit,
          nomes: namesOrAll(q.nomes),
          funcionando: q.funcionando,
          regime: q.regime,
          comunicacao: q.comunicacao,
          nowSec: nowSec(),
        });
      }),
  });

  app.route({
    ...fromContract(app, API.devices.readings),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async (): Promise<DeviceRow> => {
        const device = await deviceInScope(request, db, request.query.idDispositivo, {
          alarms: true,
        });
        const [row] = await buildDeviceRows(db, [device], {
          nomes: namesOrAll(request.body.nomes),
          nowSec: nowSec(),
        });
        if (!row) throw notFound();
        return row;
      }),
  });

  app.route({
    ...fromContract(app, API.devices.energyCenterDevices),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async (): Promise<DeviceRowPage> => {
        const q = request.query;
        const selection = await resolveSelection(request, db, q);
        const narrowed =
          selection.tipos ??
          q.idGrupoDispositivo ??
          q.energycenterId ??
          q.venueId ??
          q.usinaId ??
          q.scdId;
        if (narrowed === undefined) throw badRequest();
        return listDevices(db, selection, {
          filtroTexto: q.filtroTexto,
          orderBy: q.orderBy,
          offSet: q.offSet,
          limit: q.limit,
          nomes: namesOrAll(request.body.nomes),
          nowSec: nowSec(),
        });
      }),
  });

  app.route({
    ...fromContract(app, API.devices.params),
    handler: async (request) => {
      const device = await deviceInScope(request, db, request.params.idDispositivo);
      const params = device.params;
      const nomes = request.body?.nomes;
      return nomes && nomes.length > 0 ? params.filter((p) => nomes.includes(p.nome)) : [...params];
    },
  });

  app.route({
    ...fromContract(app, API.devices.tags),
    handler: async (request) => {
      const device = await deviceInScope(request, db, request.query.idDispositivo);
      return tagInfos(db, device.id, namesOrAll(request.query.nomes));
    },
  });
};
