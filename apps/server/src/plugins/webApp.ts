import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy } from './securityHeaders.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

export function webAppAvailable(root: string): boolean {
  return existsSync(join(root, 'index.html'));
}

/**
 * Serves the built console. Vite's hashed files under `assets/` never change
 * and are cached for a year; `index.html` is revalidated on every load so a
 * new release is picked up. `.br`/`.gz` siblings (written by the web build,
 * apps/web/build/precompress) are sent when present and accepted; other
 * responses are compressed by @fastify/compress.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  const policy = contentSecurityPolicy(
    inlineScriptHashes(readFileSync(join(root, 'index.html'), 'utf8')),
  );
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    serveDotFiles: false,
    setHeaders(res, path) {
      const file = relative(root, path);
      const cache = file.startsWith(`assets${sep}`)
        ? IMMUTABLE
        : /(^|[\\/])index\.html(\.br|\.gz)?$/.test(file)
          ? REVALIDATE
          : SHORT;
      res.setHeader('cache-control', cache);
      if (cache === REVALIDATE) res.setHeader('content-security-policy', policy);
      // The body depends on Accept-Encoding whenever a .br/.gz sibling exists.
      res.setHeader('vary', 'accept-encoding');
    },
  });
}

/** `sha256-…` of each inline `<script>` of the page, as CSP hashes them (the text as written). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text]) =>
      `sha256-${createHash('sha256')
        .update(text ?? '', 'utf8')
        .digest('base64')}`,
  );
}
