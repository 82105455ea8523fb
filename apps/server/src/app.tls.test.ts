import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedPair } from '../../../test-support/selfSigned.js';
import { ConfigError, loadConfig } from './config.js';
import { startTestApp, type TestApp } from './test/testApp.js';

/** One HTTP/2 GET: status, headers and as much of the body as arrives in `readMs`. */
async function http2Get(origin: string, path: string, readMs?: number) {
  const session = connect(origin, { rejectUnauthorized: false });
  try {
    return await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const stream = session.request({ ':path': path });
        let headers: Record<string, unknown> = {};
        let body = '';
        const done = () => resolve({ status: Number(headers[':status']), headers, body });
        stream.on('response', (h) => {
          headers = h;
          if (readMs !== undefined) setTimeout(done, readMs);
        });
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          body += chunk;
        });
        stream.on('end', done);
        stream.on('error', reject);
      },
    );
  } finally {
    session.destroy();
  }
}

describe('HTTPS with HTTP/2 (VIGIA_TLS_CERT, VIGIA_TLS_KEY)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigia-tls-'));
  const pair = selfSignedPair(dir);
  let served: TestApp;
  let origin: string;

  beforeAll(async () => {
    served = await startTestApp({ env: { VIGIA_TLS_CERT: pair.cert, VIGIA_TLS_KEY: pair.key } });
    const address = await served.app.listen({ port: 0, host: '127.0.0.1' });
    origin = address;
  });
  afterAll(async () => {
    await served?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers HTTP/2 over TLS, with HSTS', async () => {
    expect(origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const answer = await http2Get(origin, '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  // Node's https client offers no ALPN: it speaks HTTP/1.1 only.
  it('still answers a client that speaks only HTTP/1.1', async () => {
    const status = await new Promise<{ code?: number; version: string }>((resolve, reject) => {
      const req = httpsRequest(`${origin}/api/health`, { rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve({ code: res.statusCode, version: res.httpVersion });
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toEqual({ code: 200, version: '1.1' });
  });

  it('streams live events over HTTP/2 (Node drops the HTTP/1.1 connection header)', async () => {
    const { access_token } = await served.login('demo');
    const answer = await http2Get(origin, `/api/eventos?access_token=${access_token}`, 300);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(answer.headers.connection).toBeUndefined();
    expect(answer.body).toContain(': conectado');
  });

  it('a missing, lone or mismatched PEM stops the start with a clear message', () => {
    const other = selfSignedPair(mkdtempSync(join(dir, 'outro-')));
    const bad = join(dir, 'texto.pem');
    writeFileSync(bad, 'não é um PEM\n');
    const attempt = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return 'aceito';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
    };
    expect(attempt({ VIGIA_TLS_CERT: pair.cert })).toContain('informe os dois arquivos PEM');
    expect(attempt({ VIGIA_TLS_CERT: pair.cert, VIGIA_TLS_KEY: join(dir, 'nada.pem') })).toMatch(
      /VIGIA_TLS_KEY: não foi possível ler '.*nada\.pem' \(ENOENT\)/,
    );
    expect(attempt({ VIGIA_TLS_CERT: bad, VIGIA_TLS_KEY: pair.key })).toContain(
      'não formam um par PEM válido',
    );
    expect(attempt({ VIGIA_TLS_CERT: pair.cert, VIGIA_TLS_KEY: other.key })).toContain(
      'não formam um par PEM válido',
    );
    expect(loadConfig({ VIGIA_TLS_CERT: pair.cert, VIGIA_TLS_KEY: pair.key }).tls).toBeDefined();
  });
});
