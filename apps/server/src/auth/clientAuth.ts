import { WEB_CLIENT_ID } from '@vigia/contract';
import type { FastifyRequest } from 'fastify';

/** Public clients: they hold no secret (a browser cannot keep one). */
export const PUBLIC_CLIENTS: ReadonlySet<string> = new Set([WEB_CLIENT_ID]);

export type ClientCheck =
  | { ok: true; clientId: string }
  | { ok: false; viaBasic: boolean; conflicting: boolean };

/**
 * RFC 6749 §2.3: the client names itself with `client_id` in the form body or
 * with HTTP Basic (`client_id:` url-encoded, empty secret for public clients).
 */
export function identifyClient(request: FastifyRequest, bodyClientId: unknown): ClientCheck {
  const header = request.headers.authorization;
  let basicId: string | undefined;
  const viaBasic = typeof header === 'string' && /^Basic\s/i.test(header);
  if (viaBasic) {
    const decoded = Buffer.from(header.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    try {
      basicId = decodeURIComponent(colon >= 0 ? decoded.slice(0, colon) : decoded);
    } catch {
      basicId = undefined;
    }
  }
  const formId = typeof bodyClientId === 'string' ? bodyClientId : undefined;
  if (basicId !== undefined && formId !== undefined && basicId !== formId) {
    return { ok: false, viaBasic, conflicting: true };
  }
  const clientId = basicId ?? formId;
  if (clientId !== undefined && PUBLIC_CLIENTS.has(clientId)) return { ok: true, clientId };
  return { ok: false, viaBasic, conflicting: false };
}
