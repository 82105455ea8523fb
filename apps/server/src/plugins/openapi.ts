import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/docs/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * The OpenAPI document, generated from the route schemas (the contract's zod
 * schemas). Register before the routes so every route is collected.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vigia — API do backend de energia',
        description:
          'Catálogo de chamadas do console Vigia. Erros: `{ "error": "<texto>" }`; ' +
          '`invalid_token` encerra a sessão no console.',
        version,
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          oauth: {
            type: 'oauth2',
            flows: {
              password: { tokenUrl: '/oauth/token', refreshUrl: '/oauth/token', scopes: {} },
            },
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
}

/** A plain page listing the operations (no script, no CDN); the JSON has the schemas. */
export function renderDocsPage(document: {
  info: { title: string; version: string };
  paths?: Record<string, Record<string, Operation>>;
}): string {
  const rows: string[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {}).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    for (const [method, op] of Object.entries(operations)) {
      const secured = (op.security ?? []).length > 0 ? 'Bearer' : '—';
      rows.push(
        `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td>` +
          `<td>${escapeHtml(op.summary ?? '')}</td><td>${escapeHtml((op.tags ?? []).join(', '))}</td>` +
          `<td>${secured}</td></tr>`,
      );
    }
  }
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#1d2433}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #dde;padding:.35rem .5rem;text-align:left;vertical-align:top}code{font-size:13px}</style>
</head><body><h1>${escapeHtml(document.info.title)}</h1>
<p>Versão ${escapeHtml(document.info.version)}. Documento OpenAPI completo: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</p>
<table><thead><tr><th>Método</th><th>Caminho</th><th>Resumo</th><th>Área</th><th>Autenticação</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></body></html>`;
}

export async function docsRoutes(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
  app.get(DOCS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(renderDocsPage(app.swagger() as Parameters<typeof renderDocsPage>[0])),
  );
}
