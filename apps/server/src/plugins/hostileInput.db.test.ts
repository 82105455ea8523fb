import { request as httpRequest } from 'node:http';
import { MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStoreAvailable } from '../store/testStore.js';
import { FORM, form, startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { error?: string; detalhes?: { campo: string }[] };
  text: string;
}

/**
 * Hostile input over a real socket (Node's parser and Fastify's own refusals
 * included): a clear 4xx with a pt-BR `error` and the security headers,
 * echoing nothing, on both databases (PostgreSQL refuses NUL in text).
 */
describe.skipIf(!available)('hostile input gets a pt-BR 4xx, never a 500', () => {
  let t: TestApp;
  let port: number;
  let auth: { authorization: string };

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    auth = await t.authHeader('demo');
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text ? JSON.parse(text) : {},
            text,
          }),
        );
      });
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });

  const json = { 'content-type': 'application/json' };

  it('refuses a NUL in a query text with the field named', async () => {
    const answer = await send('GET', '/api/ocorrencias?filtroTexto=ab%00c&offSet=0&limit=5', auth);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(MESSAGES.controlCharacters);
    expect(answer.body.detalhes?.[0]?.campo).toBe('filtroTexto');
  });

  it('refuses a NUL in the sign-in form (username and password)', async () => {
    const answer = await send(
      'POST',
      '/oauth/token',
      FORM,
      form({
        grant_type: 'password',
        client_id: 'vigia-web',
        username: 'de\u0000mo',
        password: 'x',
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(MESSAGES.controlCharacters);
  });

  it('refuses an escaped NUL inside a JSON body', async () => {
    const answer = await send(
      'POST',
      '/api/ocorrencias/reconhece',
      { ...auth, ...json },
      '{"ids":[1],"x":"\\u0000"}',
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(MESSAGES.controlCharacters);
  });

  it('refuses a deeply nested body before parsing it, cached reads included', async () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    for (const path of [
      '/api/ocorrencias/reconhece',
      '/api/taginfo/v2/dispositivo/id/infosLista?idDispositivo=1007',
    ]) {
      const answer = await send('POST', path, { ...auth, ...json }, `{"ids":${deep}}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(MESSAGES.bodyTooDeep);
    }
  });

  it('answers malformed JSON and a body over 1 MB in Portuguese', async () => {
    const bad = await send('POST', '/api/ocorrencias/reconhece', { ...auth, ...json }, '{"ids":');
    expect(bad).toMatchObject({ status: 400, body: { error: MESSAGES.invalidJson } });
    const large = await send(
      'POST',
      '/api/ocorrencias/reconhece',
      { ...auth, ...json },
      JSON.stringify({ ids: [1], x: 'a'.repeat(1_100_000) }),
    );
    expect(large).toMatchObject({ status: 413, body: { error: MESSAGES.bodyTooLarge } });
  });

  it('answers a URL it cannot decode in Portuguese, with the security headers, echoing nothing', async () => {
    const answer = await send('GET', '/api/%zz', auth);
    expect(answer).toMatchObject({ status: 400, body: { error: MESSAGES.invalidUrl } });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.text).not.toContain('%zz');
  });

  it("answers headers or a URL over Node's limit in Portuguese, with the security headers", async () => {
    for (const [path, headers] of [
      [`/api/ocorrencias?x=${'a'.repeat(20_000)}`, auth],
      ['/api/health', { 'x-grande': 'a'.repeat(20_000) }],
    ] as const) {
      const answer = await send('GET', path, headers);
      expect(answer).toMatchObject({ status: 431, body: { error: MESSAGES.headersTooLarge } });
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.text).not.toContain('aaaa');
    }
  });

  it('marks every authenticated answer no-store', async () => {
    const answer = await send('GET', '/api/User/userinfo', auth);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});
