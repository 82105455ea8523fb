import { ADMIN_MESSAGES } from '@vigia/domain';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../auth/scope.js';
import { forbidden, notFound } from '../plugins/httpError.js';
import { inScope, type SystemScope } from '../store/admin/audit.js';
import { findSystem } from '../store/admin/systems.js';

/** The systems the caller administers: every one (platform) or those they hold; 403 for others. */
export function adminScope(request: FastifyRequest): SystemScope {
  const user = currentUser(request);
  if (user.platformAdmin) return 'all';
  if (user.administrator) return user.systemIds;
  throw forbidden(ADMIN_MESSAGES.adminOnly);
}

export function requirePlatform(request: FastifyRequest): void {
  adminScope(request);
  if (!currentUser(request).platformAdmin) throw forbidden(ADMIN_MESSAGES.platformAdminOnly);
}

/** 404, as everywhere, for a system outside the caller's administration. */
export function assertSystemInScope(scope: SystemScope, systemId: number): void {
  if (!inScope(scope, systemId)) throw notFound();
}

/**
 * 404 for a system outside the caller's administration or one that does not exist: a
 * platform administrator's scope holds every id, and a write into a missing system would
 * fail on its foreign key (500).
 */
export async function assertSystemAdministered(
  db: Parameters<typeof findSystem>[0],
  scope: SystemScope,
  systemId: number,
): Promise<void> {
  assertSystemInScope(scope, systemId);
  if (!(await findSystem(db, scope, systemId))) throw notFound();
}

/** A pt-BR message with its `{name}` slots filled. */
export const fill = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
