import type { ManagementPage } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds, systemsInScope } from '../auth/scope.js';
import { notFound } from '../plugins/httpError.js';
import { cachedRoute } from '../plugins/responseCache.js';
import { nowSec } from '../store/devices/deviceRows.js';
import { deviceInScope } from '../store/devices/deviceScope.js';
import { resolveSelection } from '../store/devices/deviceSelection.js';
import {
  deviceEnergyCards,
  energyWindow,
  energyWindowOfDays,
  generatedEnergy,
  plantDailyEnergy,
  plantDayEnergy,
} from '../store/devices/energyPeriod.js';
import {
  energyDeviceRows,
  GENERATOR,
  plantRows,
  scdRows,
  TRANSFER_PANEL,
} from '../store/devices/energyReads.js';
import { placeInScope } from '../store/devices/placeScope.js';
import { energyDevices } from '../store/energy/dailyEnergy.js';
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
export const energyRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, responseCache },
) => {
  // The live reads (every place's devices with their current readings): on the read
  // connection, so they never wait for the ingest's write transactions, and through the
  // response cache, so a burst of the same call is computed once.
  const db = store.reads;

  for (const reads of DEVICE_READS) {
    app.route({
      ...fromContract(app, reads.list),
      ...cachedRoute,
      handler: (request, reply) =>
        responseCache.answer(request, reply, async () => {
          const { sisid, sortby, nomes } = request.query;
          return energyDeviceRows(
            db,
            { systemIds: systemsInScope(request, sisid), tipos: [reads.tipo] },
            { sortby, nomes: namesOrAll(nomes), nowSec: nowSec() },
          );
        }),
    });

    app.route({
      ...fromContract(app, reads.one),
      ...cachedRoute,
      handler: (request, reply) =>
        responseCache.answer(request, reply, async () => {
          const device = await deviceInScope(request, db, request.params.idDispositivo);
          const [row] = await energyDeviceRows(
            db,
            { systemIds: [device.systemId], deviceIds: [device.id] },
            { nomes: namesOrAll(request.query.nomes), nowSec: nowSec() },
          );
          if (!row) throw notFound();
          return row;
        }),
    });

    app.route({
      ...fromContract(app, reads.ofPlant),
      ...cachedRoute,
      handler: (request, reply) =>
        responseCache.answer(request, reply, async () => {
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
        }),
    });
  }

  app.route({
    ...fromContract(app, API.energy.plants),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async () =>
        plantRows(db, systemsInScope(request, request.query.sisid), {
          sortby: request.query.sortby,
          nowSec: nowSec(),
        }),
      ),
  });

  app.route({
    ...fromContract(app, API.energy.plant),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async () => {
        const plant = await placeInScope(
          db,
          'usina',
          request.params.usinaId,
          allowedSystemIds(request),
        );
        const [row] = await plantRows(db, [plant.systemId], {
          usinaId: plant.id,
          nowSec: nowSec(),
        });
        if (!row) throw notFound();
        return row;
      }),
  });

  app.route({
    ...fromContract(app, API.energy.scds),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async () =>
        scdRows(db, systemsInScope(request, request.query.sisid), {
          sortby: request.query.sortby,
          nowSec: nowSec(),
        }),
      ),
  });

  app.route({
    ...fromContract(app, API.energy.scd),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async () => {
        const scd = await placeInScope(db, 'scd', request.params.scdId, allowedSystemIds(request));
        const [row] = await scdRows(db, [scd.systemId], { scdId: scd.id, nowSec: nowSec() });
        if (!row) throw notFound();
        return row;
      }),
  });

  // Heavy reads (plugins/heavyCalls.ts): off the event loop on SQLite.
  registerPeriodRoutes(app, store.offLoopReads, responseCache);
};

type App = Parameters<typeof energyRoutes>[0];

/**
 * Energy over a period from the counters (spec 000 §7 "Generated energy", api2 cards and
 * table, v3). Each answer goes through the response cache: the management page reads the
 * same period again and again (sort, page, cards), and a burst of one call is computed
 * once; kept until a live event names one of the caller's systems, or 5 s.
 */
function registerPeriodRoutes(
  app: App,
  db: AppServices['store']['db'],
  responseCache: AppServices['responseCache'],
) {
  app.route({
    ...fromContract(app, API.energy.generatedEnergy),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async () => {
        const { sisid, inicio, fim, sortby } = request.query;
        const systemIds = systemsInScope(request, sisid);
        return generatedEnergy(db, systemIds, energyWindow(inicio, fim, new Date()), sortby);
      }),
  });

  app.route({
    ...fromContract(app, API.energy.plantDailyEnergy),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async () => {
        const plant = await placeInScope(
          db,
          'usina',
          request.params.usinaId,
          allowedSystemIds(request),
        );
        const { inicio, fim } = request.query;
        return plantDailyEnergy(db, plant, energyWindow(inicio, fim, new Date()));
      }),
  });

  app.route({
    ...fromContract(app, API.energy.plantDayEnergy),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async () => {
        const plant = await placeInScope(
          db,
          'usina',
          request.params.usinaId,
          allowedSystemIds(request),
        );
        return plantDayEnergy(db, plant, request.query.tsdia, new Date());
      }),
  });

  app.route({
    ...fromContract(app, API.energy.managementNames),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async () => {
        const devices = await energyDevices(db, await managementSelection(request, request.query));
        return devices
          .map((d) => ({ id: d.id, nome: d.nome, tipo: d.tipo, uf: d.uf, localNome: d.localNome }))
          .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR') || a.id - b.id);
      }),
  });

  app.route({
    ...fromContract(app, API.energy.managementStates),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async () => {
        const selection = await managementSelection(request, request.query);
        const window = energyWindowOfDays(request.query.diaDe, request.query.diaAte, new Date());
        const { states } = await deviceEnergyCards(db, selection, window, request.query.sortby);
        return { inicio: window.inicio, fim: window.fim, estados: states };
      }),
  });

  for (const call of [API.energy.managementMinichart, API.energy.managementTable]) {
    app.route({
      ...fromContract(app, call),
      ...cachedRoute,
      handler: (request, reply) =>
        responseCache.answer(request, reply, async (): Promise<ManagementPage> => {
          const { diaDe, diaAte, sortby, offSet, limit } = request.query;
          const selection = await managementSelection(request, request.query);
          const window = energyWindowOfDays(diaDe, diaAte, new Date());
          const { rows } = await deviceEnergyCards(db, selection, window, sortby);
          return {
            inicio: window.inicio,
            fim: window.fim,
            total: rows.length,
            itens: rows.slice(offSet, offSet + limit),
          };
        }),
    });
  }

  app.route({
    ...fromContract(app, API.energy.generatorEnergy),
    ...cachedRoute,
    handler: (request, reply) =>
      responseCache.answer(request, reply, async () => {
        const { sisid, inicio, fim, sortby } = request.query;
        const window = energyWindow(inicio, fim, new Date());
        const { rows } = await deviceEnergyCards(
          db,
          { systemIds: systemsInScope(request, sisid), tipos: [GENERATOR] },
          window,
          sortby,
        );
        return { inicio: window.inicio, fim: window.fim, geradores: rows };
      }),
  });

  /** The management scope: tenancy of sisid and every place (404), then `ids` and `uf`. */
  async function managementSelection(
    request: Parameters<typeof resolveSelection>[0],
    query: {
      sisid?: number;
      usinaId?: number;
      scdId?: number;
      venueId?: number;
      ids?: number[];
      uf?: string;
    },
  ) {
    const selection = await resolveSelection(request, db, query);
    // Each id of the name filter must be one of the caller's devices (404 otherwise).
    await Promise.all((query.ids ?? []).map((id) => deviceInScope(request, db, id)));
    return {
      ...selection,
      deviceIds: query.ids && query.ids.length > 0 ? query.ids : undefined,
      uf: query.uf,
    };
  }
}
