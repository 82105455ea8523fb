import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { healthResponse } from '@vigia/contract';
import { MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStoreAvailable } from './store/testStore.js';
import { startTestApp, type TestApp } from './test/testApp.js';

const available = await testStoreAvailable();

describe.skipIf(!available)('app: health, OpenAPI, errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/health pings the database without a token', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = healthResponse.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.database).toBe(process.env.VIGIA_TEST_DB === 'postgres' ? 'postgres' : 'sqlite');
    expect(body.databaseMs).toBeGreaterThanOrEqual(0);
  });

  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = JSON.parse(response.body);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/oauth/token',
        '/api/oauth/logout',
        '/api/health',
        '/api/User/userinfo',
        '/api/User/alterarSenha',
        '/api/User/listatipos',
        '/api/eventos',
      ]),
    );
    const userinfo = doc.paths['/api/User/userinfo'].get;
    expect(userinfo.security).toEqual([{ bearer: [] }]);
    expect(userinfo.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'direitos_id',
    );
    const token = doc.paths['/oauth/token'].post;
    expect(Object.keys(token.requestBody.content)).toContain('application/x-www-form-urlencoded');
    expect(doc.paths['/api/health'].get.security).toBeUndefined();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('GET /api/docs is a self-contained page listing the operations', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('/api/User/listatipos');
    expect(response.body).not.toMatch(/<script|https?:\/\/(?!localhost)/);
  });

  it('an unknown path is 404 with the Portuguese body', async () => {
    const response = await t.app.inject({ url: '/api/nao-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: MESSAGES.notFound });
  });

  it('every answer forbids sniffing and framing', async () => {
    for (const url of ['/api/health', '/api/nao-existe', '/api/User/userinfo']) {
      const response = await t.app.inject({ url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('malformed JSON on an /api route is 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/User/alterarSenha',
      headers: { ...(await t.authHeader('demo')), 'content-type': 'application/json' },
      payload: '{"senhaAtual": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: MESSAGES.invalidJson });
  });

  it('compresses large JSON answers when the client accepts it', async () => {
    const response = await t.app.inject({
      url: '/api/docs/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
  });
});

describe.skipIf(!available)('app: the console files', () => {
  const dist = join(tmpdir(), `vigia-web-${process.pid}-${Date.now()}`);
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Vigia</title>');
    const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), js);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(js));
    t = await startTestApp({ env: { VIGIA_WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('index.html is revalidated on every load', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Vigia</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('hashed assets are immutable and sent precompressed', async () => {
    const response = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('the API still answers next to the files', async () => {
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const missing = await t.app.inject({ url: '/api/User/nada' });
    expect(missing.statusCode).toBe(404);
  });
});
