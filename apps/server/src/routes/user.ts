import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword } from '../auth/password.js';
import { recheckPassword } from '../auth/recheckPassword.js';
import { currentUser, systemsInScope } from '../auth/scope.js';
import { revokeUserFamilies } from '../store/auth/refreshTokens.js';
import { nowSec } from '../store/devices/deviceRows.js';
import { deviceTypeTotals } from '../store/users/typeTotals.js';
import { setPasswordHash, userSystems } from '../store/users/users.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

export const userRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const { store, authenticator, loginLimiter } = services;
  const db = store.db;

  app.route({
    ...fromContract(app, API.user.userinfo),
    config: { beforePasswordChange: true },
    handler: async (request) => {
      const user = currentUser(request);
      return {
        id: user.id,
        login: user.login,
        nome: user.nome,
        acesso: user.acesso,
        direitos_id: user.direitos_id,
        administrador: user.administrator,
        administradorPlataforma: user.platformAdmin,
        trocarSenha: user.mustChangePassword,
        sistemas: await userSystems(db, user.systemIds),
      };
    },
  });

  app.route({
    ...fromContract(app, API.user.changePassword),
    config: { beforePasswordChange: true },
    handler: async (request) => {
      const caller = currentUser(request);
      const user = await recheckPassword(
        request,
        { db, loginLimiter },
        request.body.senhaAtual,
        MESSAGES.wrongCurrentPassword,
      );
      const passwordHash = await hashPassword(request.body.novaSenha);
      await setPasswordHash(db, user.id, passwordHash);
      await revokeUserFamilies(db, user.id, { exceptFamilyId: caller.sessionId });
      authenticator.forgetUser(user.id);
      request.log.info({ userId: user.id }, 'senha alterada');
      return { mensagem: MESSAGES.passwordChanged };
    },
  });

  app.route({
    ...fromContract(app, API.user.listaTipos),
    handler: async (request) =>
      deviceTypeTotals(db, systemsInScope(request, request.query.sisid), nowSec()),
  });
};
