import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer carries: no MIME sniffing, no framing (clickjacking on
 * the command buttons), no referrer leaking hash routes to other sites.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    return payload;
  });
}
