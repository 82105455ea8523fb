import { ADMIN_MESSAGES } from '@vigia/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthenticatedUser, Authenticator } from '../auth/authenticator.js';
import { forbidden, invalidToken } from './httpError.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Accept the access token as `?access_token=` too. Only for the event
     * stream: EventSource cannot set headers. A URL can end up in proxy logs,
     * which is why the token is short-lived and the stream ends at its expiry.
     */
    allowQueryToken?: boolean;
    /**
     * Served to a user who signed in with a temporary password (the profile and
     * the password change); every other call answers 403 until it is changed.
     */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    /** Expiry (epoch seconds) of the access token that authenticated the request. */
    tokenExpiresAt: number | null;
  }
}

/** The token of an `Authorization: Bearer …` header. */
export function tokenOfHeader(header: string): string | undefined {
  return /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header)?.[1];
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) return tokenOfHeader(header);
  if (request.routeOptions.config.allowQueryToken) {
    const token = (request.query as { access_token?: unknown } | undefined)?.access_token;
    if (typeof token === 'string' && token.length > 0) return token;
  }
  return undefined;
}

/**
 * Every route registered in `scope` (and its children) needs a valid access
 * token; without one the answer is 401 `{ "error": "invalid_token" }`.
 */
export function requireBearer(scope: FastifyInstance, authenticator: Authenticator): void {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearer: [] }] };
  });
  const admit = (request: FastifyRequest, user: AuthenticatedUser | undefined) => {
    if (!user) return invalidToken();
    const { expiresAt, ...context } = user;
    request.user = context;
    request.tokenExpiresAt = expiresAt;
    if (context.mustChangePassword && !request.routeOptions.config.beforePasswordChange) {
      return forbidden(ADMIN_MESSAGES.passwordChangeRequired);
    }
    return undefined;
  };
  // A callback hook: a token seen moments ago is admitted without a promise.
  scope.addHook('onRequest', (request, reply, done) => {
    // A user's data is never kept by a browser or a proxy cache.
    reply.header('cache-control', 'no-store');
    const token = bearerToken(request);
    if (!token) return done(invalidToken());
    const cached = authenticator.authenticateCached(token);
    if (cached !== null) return done(admit(request, cached));
    authenticator.authenticate(token).then((user) => done(admit(request, user)), done);
  });
}
