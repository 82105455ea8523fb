import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identifyClient } from '../auth/clientAuth.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { findUserById, findUserByLogin } from '../auth/userContext.js';
import { bearerToken } from '../plugins/bearerAuth.js';
import { validationDetails } from '../plugins/errorHandler.js';
import { invalidToken } from '../plugins/httpError.js';
import {
  findFamily,
  issueRefreshToken,
  revokeFamily,
  rotateRefreshToken,
} from '../store/auth/refreshTokens.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'access_denied'
  | 'too_many_requests';

/** Same cost for an unknown login as for a wrong password: no user enumeration by timing. */
let dummyHash: Promise<string> | undefined;
const unknownUserHash = () => {
  dummyHash ??= hashPassword('vigia-usuario-inexistente');
  return dummyHash;
};

const GRANT_TYPES = new Set(['password', 'refresh_token']);

export const oauthRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const { store, accessTokens, authenticator, loginLimiter, config } = services;
  const db = store.db;

  const fail = (
    reply: FastifyReply,
    status: number,
    error: OAuthErrorCode,
    description: string,
    extra: { detalhes?: { campo: string; mensagem: string }[] } = {},
  ) =>
    reply
      .code(status)
      .headers(NO_STORE)
      .send({ error, error_description: description, ...extra });

  const grant = async (
    reply: FastifyReply,
    userId: number,
    familyId?: string,
    refresh?: string,
  ) => {
    let refreshToken = refresh;
    let session = familyId;
    if (!refreshToken || !session) {
      const issued = await issueRefreshToken(db, {
        userId,
        ttlSeconds: config.refreshTokenTtlSeconds,
      });
      refreshToken = issued.token;
      session = issued.familyId;
    }
    const accessToken = await accessTokens.issue(userId, session);
    return reply
      .code(200)
      .headers(NO_STORE)
      .send({
        access_token: accessToken,
        refresh_token: refreshToken,
        expires_in: accessTokens.ttlSeconds,
        token_type: 'Bearer' as const,
      });
  };

  const token = fromContract(app, API.auth.token);
  app.route({
    ...token,
    attachValidation: true,
    schema: { ...token.schema, consumes: ['application/x-www-form-urlencoded'] },
    handler: async (request, reply) => {
      if (typeof request.body !== 'object' || request.body === null) {
        return fail(reply, 400, 'invalid_request', MESSAGES.invalidRequest);
      }
      const raw = request.body as Record<string, unknown>;
      const client = identifyClient(request, raw.client_id);
      if (!client.ok) {
        if (client.viaBasic) reply.header('www-authenticate', 'Basic realm="vigia"');
        return fail(reply, 401, 'invalid_client', 'Cliente OAuth desconhecido.');
      }
      if (request.validationError) {
        if (typeof raw.grant_type === 'string' && !GRANT_TYPES.has(raw.grant_type)) {
          return fail(reply, 400, 'unsupported_grant_type', MESSAGES.invalidRequest);
        }
        return fail(reply, 400, 'invalid_request', MESSAGES.invalidRequest, {
          detalhes: detailsOf(request),
        });
      }
      const body = request.body;

      if (body.grant_type === 'password') {
        const verdict = await loginLimiter.attempt(body.username, request.ip);
        if (!verdict.allowed) {
          reply.header('retry-after', String(verdict.retryAfterSeconds));
          return fail(reply, 429, 'too_many_requests', MESSAGES.tooManyAttempts);
        }
        const user = await findUserByLogin(db, body.username);
        const valid = await verifyPassword(
          body.password,
          user?.passwordHash ?? (await unknownUserHash()),
        );
        if (!user || !valid) {
          // Never the typed name: a password typed in the wrong field would land in the log.
          request.log.info({ userId: user?.id ?? null }, 'login recusado: credenciais inválidas');
          return fail(reply, 400, 'invalid_grant', MESSAGES.invalidCredentials);
        }
        if (user.blocked) {
          request.log.info({ userId: user.id }, 'login recusado: usuário bloqueado');
          return fail(reply, 403, 'access_denied', MESSAGES.userBlocked);
        }
        await loginLimiter.succeeded(body.username, request.ip);
        request.log.info({ userId: user.id }, 'login');
        return grant(reply, user.id);
      }

      const rotation = await rotateRefreshToken(db, body.refresh_token, {
        ttlSeconds: config.refreshTokenTtlSeconds,
      });
      if (rotation.kind === 'invalid') {
        return fail(reply, 400, 'invalid_grant', MESSAGES.unauthorized);
      }
      if (rotation.kind === 'reused') {
        authenticator.forgetUser(rotation.userId);
        request.log.warn(
          { userId: rotation.userId, familyId: rotation.familyId },
          'refresh token reutilizado: sessão revogada',
        );
        return fail(reply, 400, 'invalid_grant', MESSAGES.unauthorized);
      }
      const user = await findUserById(db, rotation.userId);
      if (!user || user.blocked) {
        await revokeFamily(db, rotation.familyId);
        authenticator.forgetUser(rotation.userId);
        return fail(reply, 403, 'access_denied', MESSAGES.userBlocked);
      }
      return grant(reply, user.id, rotation.familyId, rotation.token);
    },
  });

  const logout = fromContract(app, API.auth.logout);
  app.route({
    ...logout,
    schema: { ...logout.schema, security: [{ bearer: [] }, {}] },
    handler: async (request, reply) => {
      const token = bearerToken(request);
      const caller = token ? await authenticator.authenticate(token) : undefined;
      const presented = request.body?.refresh_token;
      const family = presented ? await findFamily(db, presented) : undefined;
      // A refresh token of someone else is ignored rather than revoked.
      const ownFamily = family && (!caller || family.userId === caller.id) ? family : undefined;
      if (!caller && !ownFamily) throw invalidToken();

      if (caller) await revokeFamily(db, caller.sessionId);
      if (ownFamily) await revokeFamily(db, ownFamily.familyId);
      const userId = caller?.id ?? ownFamily?.userId;
      if (userId !== undefined) {
        authenticator.forgetUser(userId);
        request.log.info({ userId }, 'logout');
      }
      return reply.code(204).send(null);
    },
  });
};

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

function detailsOf(request: FastifyRequest) {
  const error = request.validationError;
  return error ? validationDetails(error as FastifyError) : [];
}
