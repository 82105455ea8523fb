import { COMMAND_HISTORY_LIMIT, IDEMPOTENCY_HEADER, idempotencyKey } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { commandStatus, MESSAGES } from '@vigia/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recheckPassword } from '../auth/recheckPassword.js';
import { allowedSystemIds, currentUser, requireCommandRight } from '../auth/scope.js';
import type { CommandService } from '../commands/commandService.js';
import { badRequest, notFound } from '../plugins/httpError.js';
import {
  commandHistoryOf,
  commandTypesOf,
  findCommandDevice,
} from '../store/commands/commandStore.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/** Remote commands (apps/server/src/commands/README.md). */
export const commandRoutes: FastifyPluginAsyncZod<
  AppServices & { commands: CommandService }
> = async (app, services) => {
  const { store, loginLimiter, commands } = services;
  const db = store.db;

  /** The device when it is in the caller's systems; otherwise 404. */
  const deviceOf = async (request: FastifyRequest, deviceId: number) => {
    const device = await findCommandDevice(db, deviceId, allowedSystemIds(request));
    if (!device) throw notFound();
    return device;
  };

  app.route({
    ...fromContract(app, API.commands.types),
    handler: async (request) => {
      const device = await deviceOf(request, request.params.dispositivoId);
      return commandTypesOf(db, device.templateId);
    },
  });

  app.route({
    ...fromContract(app, API.commands.history),
    handler: async (request) => {
      const device = await deviceOf(request, request.params.dispositivoId);
      const rows = await commandHistoryOf(db, device.id, COMMAND_HISTORY_LIMIT);
      return rows.map((r) => ({
        id: r.id,
        comandoId: r.commandTypeId,
        parameter_id: r.parameterId,
        nome: r.nome,
        statusWebId: r.statusWebId,
        status: commandStatus(r.statusWebId).label,
        usuario: r.usuario,
        criadoEm: r.createdAt,
        finalizadoEm: r.endedAt,
      }));
    },
  });

  app.route({
    ...fromContract(app, API.commands.send),
    handler: async (request) => {
      const header = request.headers[IDEMPOTENCY_HEADER];
      const fromHeader = typeof header === 'string' && header !== '' ? header : undefined;
      if (fromHeader !== undefined && !idempotencyKey.safeParse(fromHeader).success) {
        throw badRequest();
      }
      return commands.send({
        user: currentUser(request),
        address: request.ip,
        deviceId: request.params.dispositivoId,
        comandoId: request.body.comando,
        idempotencyKey: request.body.chave ?? fromHeader ?? null,
      });
    },
  });

  app.route({
    ...fromContract(app, API.commands.confirmPassword),
    handler: async (request) => {
      requireCommandRight(request);
      await recheckPassword(
        request,
        { db, loginLimiter },
        request.body.senha,
        MESSAGES.invalidCredentials,
      );
      const validaAte = await commands.confirm(currentUser(request));
      return { validaAte, mensagem: MESSAGES.commandPasswordConfirmed };
    },
  });
};
