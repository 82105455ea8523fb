import type { FastifyInstance } from 'fastify';

export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Headers every answer carries: no MIME sniffing, no framing (clickjacking on
 * the command buttons), no referrer leaking hash routes to other sites. Set
 * when the request arrives (a callback hook, no promise per request), so
 * errors, 404s and files carry them too.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
