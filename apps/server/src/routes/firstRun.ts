import { API } from '@vigia/contract/api';
import { ADMIN_MESSAGES, MESSAGES } from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { firstRunCodeMatches, forgetFirstRunCode } from '../admin/firstRun.js';
import { hashPassword } from '../auth/password.js';
import { badRequest, conflict, HttpError } from '../plugins/httpError.js';
import { createFirstAdministrator, hasPlatformAdmin } from '../store/admin/firstRun.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/** Throttled like a sign-in, under a name no login can have. */
const LIMIT_KEY = ' configuracao-inicial';

/**
 * First run (issue 28): while no platform administrator exists, the one-time
 * code the server wrote to its log creates the first one. Closed afterwards.
 */
export const firstRunRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const { store, loginLimiter, config } = services;

  app.route({
    ...fromContract(app, API.admin.firstRunState),
    handler: async () => ({ pendente: !(await hasPlatformAdmin(store.db)) }),
  });

  app.route({
    ...fromContract(app, API.admin.firstRun),
    handler: async (request, reply) => {
      if (await hasPlatformAdmin(store.db)) throw conflict(ADMIN_MESSAGES.firstRunClosed);
      const verdict = await loginLimiter.attempt(LIMIT_KEY, request.ip);
      if (!verdict.allowed) {
        throw new HttpError(
          429,
          { error: MESSAGES.tooManyAttempts },
          { 'retry-after': String(verdict.retryAfterSeconds) },
        );
      }
      const { codigo, nome, login, senha } = request.body;
      if (!(await firstRunCodeMatches(store, codigo))) {
        request.log.warn('configuração inicial: código errado');
        throw badRequest(ADMIN_MESSAGES.firstRunInvalidCode);
      }
      const outcome = await createFirstAdministrator(
        store.db,
        { nome, login, passwordHash: await hashPassword(senha) },
        'console',
      );
      if (outcome === 'closed') throw conflict(ADMIN_MESSAGES.firstRunClosed);
      if (outcome === 'taken') throw conflict(ADMIN_MESSAGES.loginTaken.replace('{login}', login));
      await loginLimiter.succeeded(LIMIT_KEY, request.ip);
      forgetFirstRunCode(config.dataDir);
      request.log.info('configuração inicial: primeiro administrador criado');
      return reply.code(201).send({ mensagem: ADMIN_MESSAGES.firstRunDone });
    },
  });
};
