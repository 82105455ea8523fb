import { API } from '@vigia/contract/api';
import { PAGE_SIZE, SHELVING_MESSAGES } from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds, currentUser, requireCommandRight } from '../auth/scope.js';
import { badRequest, notFound } from '../plugins/httpError.js';
import type { DeviceService } from '../store/alarms/outOfService.js';
import { deviceService, setDeviceService } from '../store/alarms/outOfService.js';
import { listShelved, shelveOccurrences, unshelveOccurrences } from '../store/alarms/shelving.js';
import { occurrenceIdsIn } from '../store/occurrences/occurrenceIds.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

const wireService = (s: DeviceService) => ({
  idDispositivo: s.deviceId,
  foraDeServico: s.since !== null,
  desde: s.since,
  motivo: s.reason,
  usuario: s.by,
});

/** Ids of `all` not in `done`, and those not found for the caller, both sorted. */
function partition(all: readonly number[], inScope: readonly number[], done: readonly number[]) {
  const doneSet = new Set(done);
  const found = new Set(inScope);
  return {
    inalteradas: inScope.filter((id) => !doneSet.has(id)).sort((a, b) => a - b),
    naoEncontradas: all.filter((id) => !found.has(id)).sort((a, b) => a - b),
  };
}

/** Shelving and out of service (store/alarms/README.md); changes need the command right. */
export const alarmStateRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, bus, config },
) => {
  const limits = config.alarms;

  app.route({
    ...fromContract(app, API.alarmStates.shelve),
    handler: async (request) => {
      requireCommandRight(request);
      const user = currentUser(request);
      const { motivo, duracaoSegundos } = request.body;
      if (duracaoSegundos < limits.shelveMinSeconds || duracaoSegundos > limits.shelveMaxSeconds) {
        throw badRequest(SHELVING_MESSAGES.durationInvalid);
      }
      const ids = [...new Set(request.body.ids)];
      const inScope = await occurrenceIdsIn(store.db, ids, user.systemIds);
      if (inScope.length === 0) throw notFound();
      const { shelved, until } = await shelveOccurrences(store, {
        ids: inScope,
        userId: user.id,
        allowedSystemIds: user.systemIds,
        reason: motivo,
        durationSeconds: duracaoSegundos,
        publish: bus,
      });
      request.log.info({ userId: user.id, ids: shelved, ate: until }, 'alarmes suprimidos');
      return { suprimidas: shelved, ...partition(ids, inScope, shelved), ate: until };
    },
  });

  app.route({
    ...fromContract(app, API.alarmStates.unshelve),
    handler: async (request) => {
      requireCommandRight(request);
      const user = currentUser(request);
      const ids = [...new Set(request.body.ids)];
      const inScope = await occurrenceIdsIn(store.db, ids, user.systemIds);
      if (inScope.length === 0) throw notFound();
      const { unshelved } = await unshelveOccurrences(store, {
        ids: inScope,
        userId: user.id,
        allowedSystemIds: user.systemIds,
        publish: bus,
      });
      request.log.info({ userId: user.id, ids: unshelved }, 'alarmes retornados');
      return { retornadas: unshelved, ...partition(ids, inScope, unshelved) };
    },
  });

  app.route({
    ...fromContract(app, API.alarmStates.shelved),
    handler: async (request) =>
      listShelved(store, allowedSystemIds(request), request.query, PAGE_SIZE.occurrences),
  });

  app.route({
    ...fromContract(app, API.alarmStates.shelveLimits),
    handler: async () => ({
      minSegundos: limits.shelveMinSeconds,
      maxSegundos: limits.shelveMaxSeconds,
    }),
  });

  app.route({
    ...fromContract(app, API.alarmStates.deviceService),
    handler: async (request) => {
      const found = await deviceService(store, request.params.id, allowedSystemIds(request));
      if (!found) throw notFound();
      return wireService(found);
    },
  });

  app.route({
    ...fromContract(app, API.alarmStates.setDeviceService),
    handler: async (request) => {
      const user = currentUser(request);
      // A device of another tenant answers 404 before the right is checked: no hint it exists.
      if (!(await deviceService(store, request.params.id, user.systemIds))) throw notFound();
      requireCommandRight(request);
      const body = request.body;
      const done = await setDeviceService(store, {
        deviceId: request.params.id,
        allowedSystemIds: user.systemIds,
        userId: user.id,
        outOfService: body.foraDeServico,
        ...(body.foraDeServico ? { reason: body.motivo } : {}),
        publish: bus,
      });
      if (!done) throw notFound();
      const now = await deviceService(store, request.params.id, user.systemIds);
      if (!now) throw notFound();
      request.log.info(
        { userId: user.id, deviceId: request.params.id, foraDeServico: body.foraDeServico },
        'serviço do dispositivo alterado',
      );
      return wireService(now);
    },
  });
};
