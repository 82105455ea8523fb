import type { TipoTotal } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { isOnline, MESSAGES } from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { revokeUserFamilies } from '../auth/refreshTokens.js';
import { currentUser, systemsInScope } from '../auth/scope.js';
import { findUserById } from '../auth/userContext.js';
import { HttpError, invalidToken } from '../plugins/httpError.js';
import { parseJson } from '../store/json.js';
import type { SystemConfig } from '../store/schema.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

export const userRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const { store, authenticator, loginLimiter } = services;
  const db = store.db;

  app.route({
    ...fromContract(app, API.user.userinfo),
    handler: async (request) => {
      const user = currentUser(request);
      const systems =
        user.systemIds.length === 0
          ? []
          : await db
              .selectFrom('systems')
              .innerJoin('companies', 'companies.id', 'systems.company_id')
              .select([
                'systems.id as id',
                'systems.nome as nome',
                'companies.nome as empresa',
                'systems.config as config',
              ])
              .where('systems.id', 'in', user.systemIds)
              .orderBy('systems.nome')
              .orderBy('systems.id')
              .execute();
      return {
        id: user.id,
        login: user.login,
        nome: user.nome,
        acesso: user.acesso,
        direitos_id: user.direitos_id,
        administrador: user.administrator,
        sistemas: systems.map((s) => ({
          id: s.id,
          nome: s.nome,
          empresa: s.empresa,
          home: parseJson<Partial<SystemConfig>>(s.config, {}).home ?? null,
        })),
      };
    },
  });

  app.route({
    ...fromContract(app, API.user.changePassword),
    handler: async (request) => {
      const caller = currentUser(request);
      const verdict = loginLimiter.attempt(caller.login, request.ip);
      if (!verdict.allowed) {
        throw new HttpError(
          429,
          { error: MESSAGES.tooManyAttempts },
          { 'retry-after': String(verdict.retryAfterSeconds) },
        );
      }
      const user = await findUserById(db, caller.id);
      if (!user || user.blocked) throw invalidToken();
      if (!(await verifyPassword(request.body.senhaAtual, user.passwordHash))) {
        throw new HttpError(400, { error: MESSAGES.wrongCurrentPassword });
      }
      loginLimiter.succeeded(caller.login, request.ip);
      const passwordHash = await hashPassword(request.body.novaSenha);
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', user.id)
        .execute();
      await revokeUserFamilies(db, user.id, { exceptFamilyId: caller.sessionId });
      authenticator.forgetUser(user.id);
      request.log.info({ userId: user.id }, 'senha alterada');
      return { mensagem: MESSAGES.passwordChanged };
    },
  });

  app.route({
    ...fromContract(app, API.user.listaTipos),
    handler: async (request) => {
      const systemIds = systemsInScope(request, request.query.sisid);
      if (systemIds.length === 0) return [];
      const [devices, alarmed] = await Promise.all([
        db
          .selectFrom('devices')
          .select(['id', 'tipo', 'last_seen_at'])
          .where('system_id', 'in', systemIds)
          .execute(),
        db
          .selectFrom('occurrences')
          .select('device_id')
          .distinct()
          .where('system_id', 'in', systemIds)
          .where('hora_desativacao', 'is', null)
          .where('is_evt', '=', 0)
          .execute(),
      ]);
      const withAlarm = new Set(alarmed.map((o) => o.device_id));
      const now = Math.floor(Date.now() / 1000);
      const totals = new Map<string, TipoTotal>();
      for (const device of devices) {
        const tipo = device.tipo.toLowerCase();
        let total = totals.get(tipo);
        if (!total) {
          total = { tipo, total: 0, online: 0, comAlarme: 0 };
          totals.set(tipo, total);
        }
        total.total += 1;
        if (isOnline({ lastReadingTs: device.last_seen_at, isMeter: tipo === 'medidor' }, now)) {
          total.online += 1;
        }
        if (withAlarm.has(device.id)) total.comAlarme += 1;
      }
      return [...totals.values()].sort((a, b) => a.tipo.localeCompare(b.tipo));
    },
  });
};
