import { API } from '@vigia/contract/api';
import {
  addDays,
  endOfDaySec,
  FUEL_LISTING_DAYS,
  formatDate,
  isoDate,
  MESSAGES,
  parseIsoDate,
  startOfDaySec,
  today,
  validatePeriod,
} from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds, currentUser } from '../auth/scope.js';
import { badRequest, HttpError, notFound } from '../plugins/httpError.js';
import { type PlaceKind, placeInScope } from '../store/devices/placeScope.js';
import { listFuelAssets, listRefuels } from '../store/fuel/fuelAssets.js';
import {
  fuelSystemIds,
  incompleteDays,
  listConfigs,
  listDailyEntries,
  listSavedEntries,
  type RefusedEntry,
  saveEntries,
  updateConfigs,
} from '../store/fuel/fuelRepository.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

const nowSec = () => Math.floor(Date.now() / 1000);

/** The last FUEL_LISTING_DAYS local days, today included (spec 001 §4: default 30 days). */
function listingDays(now: Date): string[] {
  const last = today(now);
  return Array.from({ length: FUEL_LISTING_DAYS }, (_, i) => isoDate(addDays(last, -i)));
}

/**
 * A period of local days as epoch seconds (its end no later than now); an end
 * before the start or over 31 days is 400 with the spec's message.
 */
function dayPeriod(from: string, to: string) {
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (!start || !end) throw badRequest(MESSAGES.invalidPeriod);
  const problem = validatePeriod(startOfDaySec(start) * 1000, startOfDaySec(end) * 1000);
  if (problem) throw badRequest(problem);
  return { inicio: startOfDaySec(start), fim: Math.min(endOfDaySec(end), nowSec()) };
}

/** A refused entry in Portuguese: its site's entry is disabled, or its day was already saved. */
function refusalMessage(entry: RefusedEntry): string {
  if (entry.reason === 'notEnabled')
    return MESSAGES.fuelSiteNotEnabled.replace('{site}', entry.site);
  const day = parseIsoDate(entry.dataRef);
  const data = day ? formatDate(startOfDaySec(day)) : entry.dataRef;
  return MESSAGES.fuelDayAlreadySaved.replace('{site}', entry.site).replace('{data}', data);
}

/** Spec 000 §2/§7 "Fuel": daily consumption per site and the per-site configuration. */
export const fuelRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store, bus }) => {
  const db = store.db;

  /** The caller's systems with fuel; a system outside them (or without fuel) is 404. */
  const fuelSystemsOf = (request: Parameters<typeof allowedSystemIds>[0]) =>
    fuelSystemIds(db, allowedSystemIds(request));
  const assertFuelSystem = async (request: Parameters<typeof allowedSystemIds>[0], id: number) => {
    if (!(await fuelSystemsOf(request)).includes(id)) throw notFound();
  };
  const assertFuelPlace = async (
    request: Parameters<typeof allowedSystemIds>[0],
    kind: PlaceKind,
    id: number,
  ) => {
    const place = await placeInScope(db, kind, id, allowedSystemIds(request));
    await assertFuelSystem(request, place.systemId);
    return place;
  };

  app.route({
    ...fromContract(app, API.fuel.daily),
    handler: async (request) => {
      const { sis_id, scdid } = request.query;
      const dataRef = request.query.dataRef ?? isoDate(today(new Date()));
      await assertFuelSystem(request, sis_id);
      if (scdid !== undefined) {
        const scd = await assertFuelPlace(request, 'scd', scdid);
        if (scd.systemId !== sis_id) throw notFound();
        return listDailyEntries(db, { scdId: scdid }, dataRef);
      }
      return listDailyEntries(db, { systemId: sis_id }, dataRef);
    },
  });

  app.route({
    ...fromContract(app, API.fuel.plant),
    handler: async (request) => {
      const { usinaId } = request.query;
      await assertFuelPlace(request, 'usina', usinaId);
      const days = listingDays(new Date());
      const from = request.query.dataInicial ?? days[days.length - 1] ?? '';
      const to = request.query.dataFinal ?? days[0] ?? '';
      dayPeriod(from, to);
      return listSavedEntries(db, { usinaId }, from, to);
    },
  });

  app.route({
    ...fromContract(app, API.fuel.incomplete),
    handler: async (request) => {
      await assertFuelSystem(request, request.query.sisid);
      return incompleteDays(db, { systemId: request.query.sisid }, listingDays(new Date()));
    },
  });

  app.route({
    ...fromContract(app, API.fuel.incompleteScd),
    handler: async (request) => {
      await assertFuelPlace(request, 'scd', request.query.scdid);
      return incompleteDays(db, { scdId: request.query.scdid }, listingDays(new Date()));
    },
  });

  app.route({
    ...fromContract(app, API.fuel.config),
    handler: async (request) => {
      const systemId = request.query.sisid ?? request.query.cliente_id;
      if (systemId === undefined) throw badRequest();
      await assertFuelSystem(request, systemId);
      return listConfigs(db, { systemId });
    },
  });

  app.route({
    ...fromContract(app, API.fuel.configUnique),
    handler: async (request) => {
      await assertFuelPlace(request, 'scd', request.query.scdid);
      return listConfigs(db, { scdId: request.query.scdid });
    },
  });

  /** The system (with fuel), or one venue of it: another tenant's or another system's is 404. */
  const assetScope = async (
    request: Parameters<typeof allowedSystemIds>[0],
    sisid: number,
    venueId: number | undefined,
  ) => {
    await assertFuelSystem(request, sisid);
    if (venueId === undefined) return { systemId: sisid };
    const venue = await placeInScope(db, 'venue', venueId, allowedSystemIds(request));
    if (venue.systemId !== sisid) throw notFound();
    return { systemId: sisid, venueId };
  };

  // Heavy reads (plugins/heavyCalls.ts: 30 days of each tank's hours): off the event loop on SQLite.
  app.route({
    ...fromContract(app, API.fuel.assets),
    handler: async (request) => {
      const scope = await assetScope(request, request.query.sisid, request.query.venueId);
      const days = listingDays(new Date());
      const fromDay = days[days.length - 1] ?? '';
      const toDay = days[0] ?? '';
      return listFuelAssets(store.offLoopReads, scope, {
        fromDay,
        toDay,
        ...dayPeriod(fromDay, toDay),
      });
    },
  });

  app.route({
    ...fromContract(app, API.fuel.refuels),
    handler: async (request) => {
      const scope = await assetScope(request, request.query.sisid, request.query.venueId);
      const days = listingDays(new Date());
      const { inicio, fim } = dayPeriod(
        request.query.dataInicial ?? days[days.length - 1] ?? '',
        request.query.dataFinal ?? days[0] ?? '',
      );
      return listRefuels(store.offLoopReads, scope, inicio, fim);
    },
  });

  app.route({
    ...fromContract(app, API.fuel.saveEntries),
    handler: async (request, reply) => {
      const user = currentUser(request);
      const entries = request.body.consumos;
      const todayText = isoDate(today(new Date()));
      if (entries.some((e) => e.dataRef > todayText)) throw badRequest(MESSAGES.fuelFutureDay);
      const keys = new Set(entries.map((e) => `${e.siteId}:${e.dataRef}`));
      if (keys.size !== entries.length) throw badRequest(MESSAGES.fuelRepeatedEntry);
      const result = await saveEntries(
        db,
        { userId: user.id, systemIds: await fuelSystemsOf(request), entries },
        nowSec(),
      );
      if (result.kind === 'notFound') throw notFound();
      const recusadas = result.refused.map((entry) => ({
        siteId: entry.siteId,
        dataRef: entry.dataRef,
        error: refusalMessage(entry),
      }));
      // Nothing saved: the first refusal is the answer, as for a single entry.
      const [first] = result.refused;
      if (result.count === 0 && first) {
        throw new HttpError(first.reason === 'alreadySaved' ? 409 : 400, {
          error: refusalMessage(first),
          detalhes: recusadas.map((r) => ({
            campo: `${r.siteId}:${r.dataRef}`,
            mensagem: r.error,
          })),
        });
      }
      request.log.info({ userId: user.id, count: result.count }, 'consumos de combustível');
      // Spec 000 §4: a fuel add is broadcast, so another open console shows the saved day.
      for (const site of result.saved) {
        bus.publish({
          type: 'fuel.entries',
          sisId: site.systemId,
          deviceId: site.siteId,
          dataRef: site.dataRef,
          userId: user.id,
        });
      }
      return reply
        .code(201)
        .send({ mensagem: MESSAGES.fuelSaved, adicionadas: result.count, recusadas });
    },
  });

  app.route({
    ...fromContract(app, API.fuel.updateConfigs),
    handler: async (request) => {
      const user = currentUser(request);
      const result = await updateConfigs(
        db,
        { userId: user.id, systemIds: await fuelSystemsOf(request), configs: request.body.configs },
        nowSec(),
      );
      if (result.kind === 'notFound') throw notFound();
      request.log.info({ userId: user.id, count: result.count }, 'configurações de combustível');
      for (const site of result.saved) {
        bus.publish({
          type: 'fuel.config',
          sisId: site.systemId,
          deviceId: site.siteId,
          userId: user.id,
        });
      }
      return { mensagem: MESSAGES.configSaved, alteradas: result.count };
    },
  });
};
