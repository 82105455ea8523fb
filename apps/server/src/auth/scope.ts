import { MESSAGES } from '@vigia/domain';
import type { FastifyRequest } from 'fastify';
import { forbidden, invalidToken, notFound } from '../plugins/httpError.js';
import type { UserContext } from './userContext.js';

/** Right id that allows remote commands (spec 001 §6). */
export const COMMAND_RIGHT = 1;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer check on every `/api` route; null on public routes. */
    user: UserContext | null;
  }
}

export function currentUser(request: FastifyRequest): UserContext {
  if (!request.user) throw invalidToken();
  return request.user;
}

/** The systems the caller may read; every store query filters on these. */
export function allowedSystemIds(request: FastifyRequest): number[] {
  return currentUser(request).systemIds;
}

/** 404, never 403, for a system outside the caller's: no hint it exists. */
export function assertSystem(request: FastifyRequest, sisId: number): void {
  if (!allowedSystemIds(request).includes(sisId)) throw notFound();
}

/**
 * `sisid` query values: 0 (or absent) means all the caller's systems, any
 * other id must be one of them.
 */
export function systemsInScope(request: FastifyRequest, sisId: number | undefined): number[] {
  if (!sisId) return allowedSystemIds(request);
  assertSystem(request, sisId);
  return [sisId];
}

export function hasCommandRight(user: UserContext): boolean {
  return user.direitos_id.includes(COMMAND_RIGHT);
}

export function requireCommandRight(request: FastifyRequest): void {
  if (!hasCommandRight(currentUser(request))) throw forbidden(MESSAGES.noCommandRight);
}
