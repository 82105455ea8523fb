import type { FastifyInstance } from 'fastify';

export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** Over TLS (directly or behind a proxy that says so): browsers keep to HTTPS for a year. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer carries: no MIME sniffing, no framing (clickjacking on
 * the command buttons), no referrer leaking hash routes to other sites, and
 * HSTS when served over TLS. Set when the request arrives (a callback hook, no
 * promise per request), so errors, 404s and files carry them too.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

/**
 * The console's Content-Security-Policy: scripts only from the app's origin
 * and the inline scripts `index.html` carries, by hash (tokens live in the
 * browser's storage, so no injected script may run); no plugins, no framing,
 * no foreign connections. Styles allow inline attributes (the map and chart
 * libraries position their elements with them).
 */
export function contentSecurityPolicy(inlineScriptHashes: readonly string[]): string {
  const scripts = ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
