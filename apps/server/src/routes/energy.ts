import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds, systemsInScope } from '../auth/scope.js';
import { nowSec } from '../devices/deviceRows.js';
import { deviceInScope } from '../devices/deviceScope.js';
import {
  energyDeviceRows,
  GENERATOR,
  plantRows,
  scdRows,
  TRANSFER_PANEL,
} from '../devices/energyReads.js';
import { placeInScope } from '../devices/placeScope.js';
import { notFound } from '../plugins/httpError.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

const namesOrAll = (nomes: readonly string[] | undefined) =>
  nomes && nomes.length > 0 ? nomes : undefined;

/** Each device type's three reads: all of the scope, one device, a plant's. */
const DEVICE_READS = [
  {
    tipo: GENERATOR,
    list: API.energy.generators,
    one: API.energy.generator,
    ofPlant: API.energy.plantGenerators,
  },
  {
    tipo: TRANSFER_PANEL,
    list: API.energy.transferPanels,
    one: API.energy.transferPanel,
    ofPlant: API.energy.plantTransferPanels,
  },
];

/** Spec 000 §7 "Energy": generators, transfer panels, plants and SCDs with live totals and energy. */
export const energyRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  const db = store.db;

  for (const reads of DEVICE_READS) {
    app.route({
      ...fromContract(app, reads.list),
      handler: async (request) => {
        const { sisid, sortby, nomes } = request.query;
        return energyDeviceRows(
          db,
          { systemIds: systemsInScope(request, sisid), tipos: [reads.tipo] },
          { sortby, nomes: namesOrAll(nomes), nowSec: nowSec() },
        );
      },
    });

    app.route({
      ...fromContract(app, reads.one),
      handler: async (request) => {
        const device = await deviceInScope(request, db, request.params.idDispositivo);
        const [row] = await energyDeviceRows(
          db,
          { systemIds: [device.systemId], deviceIds: [device.id] },
          { nomes: namesOrAll(request.query.nomes), nowSec: nowSec() },
        );
        if (!row) throw notFound();
        return row;
      },
    });

    app.route({
      ...fromContract(app, reads.ofPlant),
      handler: async (request) => {
        const plant = await placeInScope(
          db,
          'usina',
          request.params.usinaId,
          allowedSystemIds(request),
        );
        const { sortby, nomes } = request.query;
        return energyDeviceRows(
          db,
          { systemIds: [plant.systemId], usinaId: plant.id, tipos: [reads.tipo] },
          { sortby, nomes: namesOrAll(nomes), nowSec: nowSec() },
        );
      },
    });
  }

  app.route({
    ...fromContract(app, API.energy.plants),
    handler: async (request) =>
      plantRows(db, systemsInScope(request, request.query.sisid), {
        sortby: request.query.sortby,
        nowSec: nowSec(),
      }),
  });

  app.route({
    ...fromContract(app, API.energy.plant),
    handler: async (request) => {
      const plant = await placeInScope(
        db,
        'usina',
        request.params.usinaId,
        allowedSystemIds(request),
      );
      const [row] = await plantRows(db, [plant.systemId], { usinaId: plant.id, nowSec: nowSec() });
      if (!row) throw notFound();
      return row;
    },
  });

  app.route({
    ...fromContract(app, API.energy.scds),
    handler: async (request) =>
      scdRows(db, systemsInScope(request, request.query.sisid), {
        sortby: request.query.sortby,
        nowSec: nowSec(),
      }),
  });

  app.route({
    ...fromContract(app, API.energy.scd),
    handler: async (request) => {
      const scd = await placeInScope(db, 'scd', request.params.scdId, allowedSystemIds(request));
      const [row] = await scdRows(db, [scd.systemId], { scdId: scd.id, nowSec: nowSec() });
      if (!row) throw notFound();
      return row;
    },
  });
};
