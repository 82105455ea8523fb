import { MESSAGES } from '@vigia/domain';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { HttpError, invalidToken } from '../plugins/httpError.js';
import type { Database } from '../store/schema.js';
import type { LoginLimiter } from './loginLimiter.js';
import { verifyPassword } from './password.js';
import { currentUser } from './scope.js';
import { findUserById, type UserRecord } from './userContext.js';

/**
 * The caller types their password again (a password change, a command
 * confirmation): checked with the sign-in KDF and the sign-in rate limit
 * (429), a blocked or removed user ends the session (401), a wrong password
 * answers 400 with `wrongMessage`.
 */
export async function recheckPassword(
  request: FastifyRequest,
  deps: { db: Kysely<Database>; loginLimiter: LoginLimiter },
  plain: string,
  wrongMessage: string,
): Promise<UserRecord> {
  const caller = currentUser(request);
  const verdict = await deps.loginLimiter.attempt(caller.login, request.ip);
  if (!verdict.allowed) {
    throw new HttpError(
      429,
      { error: MESSAGES.tooManyAttempts },
      { 'retry-after': String(verdict.retryAfterSeconds) },
    );
  }
  const user = await findUserById(deps.db, caller.id);
  if (!user || user.blocked) throw invalidToken();
  if (!(await verifyPassword(plain, user.passwordHash))) {
    throw new HttpError(400, { error: wrongMessage });
  }
  await deps.loginLimiter.succeeded(caller.login, request.ip);
  return user;
}
