import { API } from '@vigia/contract/api';
import { clampLimit, MESSAGES, PAGE_SIZE } from '@vigia/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowedSystemIds, assertSystem, currentUser } from '../auth/scope.js';
import { forbidden, notFound } from '../plugins/httpError.js';
import {
  countSchedules,
  createSchedules,
  deleteSchedule,
  listAdministrators,
  type ScheduleFilter,
  scheduleSystem,
  searchSchedules,
  updateSchedule,
  usersInSystem,
} from '../store/schedules/scheduleRepository.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

interface SearchQuery {
  sisid: number;
  usuario_id?: number;
  dia_semana?: number;
  entrada?: string;
  saida?: string;
  intervaloInicio?: string;
  intervaloFim?: string;
}

const filterOf = (q: SearchQuery): ScheduleFilter => ({
  systemId: q.sisid,
  usuarioId: q.usuario_id,
  diaSemana: q.dia_semana,
  entrada: q.entrada,
  saida: q.saida,
  intervaloInicio: q.intervaloInicio,
  intervaloFim: q.intervaloFim,
});

/** Spec 001 §6: only administrators write escalas. */
function requireAdministrator(request: FastifyRequest): void {
  if (!currentUser(request).administrator) throw forbidden(MESSAGES.scheduleAdminOnly);
}

/** Spec 001 §2/§7 "Schedule": escalas per system; everyone with the system reads. */
export const scheduleRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { store }) => {
  const db = store.db;

  /** The escala's system when it is one of the caller's; 404 otherwise. */
  const scheduleInScope = async (request: FastifyRequest, id: number) => {
    const systemId = await scheduleSystem(db, id);
    if (systemId == null || !allowedSystemIds(request).includes(systemId)) throw notFound();
    return systemId;
  };

  /** The system, and the searched user when there is one: outside the caller's, 404. */
  const assertQueryScope = async (request: FastifyRequest, query: SearchQuery) => {
    assertSystem(request, query.sisid);
    if (
      query.usuario_id !== undefined &&
      !(await usersInSystem(db, query.sisid, [query.usuario_id]))
    ) {
      throw notFound();
    }
  };

  app.route({
    ...fromContract(app, API.schedules.search),
    handler: async (request) => {
      await assertQueryScope(request, request.query);
      const filter = filterOf(request.query);
      const [total, escalas] = await Promise.all([
        countSchedules(db, filter),
        searchSchedules(db, filter, {
          offset: request.query.offSet ?? 0,
          limit: clampLimit(request.query.limit, PAGE_SIZE.schedule),
        }),
      ]);
      return { total, escalas };
    },
  });

  app.route({
    ...fromContract(app, API.schedules.total),
    handler: async (request) => {
      await assertQueryScope(request, request.query);
      return { total: await countSchedules(db, filterOf(request.query)) };
    },
  });

  app.route({
    ...fromContract(app, API.schedules.administrators),
    handler: async (request) => {
      assertSystem(request, request.query.sisid);
      return listAdministrators(db, request.query.sisid);
    },
  });

  app.route({
    ...fromContract(app, API.schedules.create),
    handler: async (request, reply) => {
      const { sisid, escalas } = request.body;
      assertSystem(request, sisid);
      requireAdministrator(request);
      if (
        !(await usersInSystem(
          db,
          sisid,
          escalas.map((e) => e.usuario_id),
        ))
      ) {
        throw notFound();
      }
      const ids = await createSchedules(db, sisid, escalas, Math.floor(Date.now() / 1000));
      request.log.info({ userId: currentUser(request).id, ids }, 'escalas cadastradas');
      return reply.code(201).send({ mensagem: MESSAGES.scheduleSaved, ids });
    },
  });

  app.route({
    ...fromContract(app, API.schedules.edit),
    handler: async (request) => {
      const { id } = request.params;
      const systemId = await scheduleInScope(request, id);
      requireAdministrator(request);
      if (!(await usersInSystem(db, systemId, [request.body.usuario_id]))) throw notFound();
      await updateSchedule(db, id, request.body);
      request.log.info({ userId: currentUser(request).id, id }, 'escala alterada');
      return { mensagem: MESSAGES.scheduleSaved, ids: [id] };
    },
  });

  app.route({
    ...fromContract(app, API.schedules.remove),
    handler: async (request) => {
      const { id } = request.params;
      await scheduleInScope(request, id);
      requireAdministrator(request);
      await deleteSchedule(db, id);
      request.log.info({ userId: currentUser(request).id, id }, 'escala removida');
      return { mensagem: MESSAGES.scheduleRemoved, ids: [id] };
    },
  });
};
