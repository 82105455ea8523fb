import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@vigia/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, needService } from '../../../../test-support/services.js';
import { OPENAPI_PATH } from '../plugins/openapi.js';
import { seedDemo } from '../seed/demoFleet.js';
import { isDatabaseUnavailable, openStore, type Store } from '../store/database.js';
import { exampleOf, type OpenApiDocument, operationsOf } from '../test/openApi.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

/** The PostgreSQL server binaries (Debian keeps them per version), or VIGIA_PG_BIN. */
function postgresBin(): string | undefined {
  if (process.env.VIGIA_PG_BIN) return process.env.VIGIA_PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

const bin = postgresBin();
const available = await needService('PostgreSQL (initdb e pg_ctl)', async () => bin !== undefined);

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user. */
const asRoot = process.getuid?.() === 0;
function run(tool: string, args: string[]): string {
  const command = join(bin as string, tool);
  return asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : execFileSync(command, args, { encoding: 'utf8' });
}

/**
 * The API with its database gone: a PostgreSQL of the test's own on a private
 * port, stopped under the running app and started again. While it is down
 * every call answers 503 with the pt-BR error (health too, with its own
 * body); once it is back the app answers again by itself, without a restart.
 */
describe.skipIf(!available)('PostgreSQL unavailable: 503, then recovery without a restart', () => {
  let dataDir: string;
  let port: number;
  let store: Store;
  let t: TestApp;
  let asDemo: { authorization: string };

  const pgCtl = (action: 'start' | 'stop') =>
    run(
      'pg_ctl',
      action === 'start'
        ? [
            '-D',
            dataDir,
            '-l',
            join(dataDir, 'server.log'),
            '-o',
            `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
            '-w',
            'start',
          ]
        : ['-D', dataDir, '-m', 'fast', '-w', 'stop'],
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vigia-pg-down-'));
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
      chownSync(dataDir, uid, gid);
    }
    port = await freePort();
    run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    pgCtl('start');
    store = await openStore(`postgres://postgres@127.0.0.1:${port}/postgres`);
    await seedDemo(store, { seed: 1, users: true, historyDays: 1 });
    t = await startTestApp({ store });
    asDemo = await t.authHeader('demo');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await store?.close();
    try {
      if (dataDir && existsSync(join(dataDir, 'postmaster.pid'))) {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      }
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 with a pt-BR error while the database is down, and recovers alone', async () => {
    const started = performance.now();
    const userinfo = () =>
      t.app.inject({ method: 'GET', url: '/api/User/userinfo', headers: asDemo });
    const health = () => t.app.inject({ method: 'GET', url: '/api/health' });
    expect((await userinfo()).statusCode).toBe(200);
    expect((await health()).statusCode).toBe(200);

    // Every authenticated read of the document, with plain valid parameters.
    const document = (
      await t.app.inject({ method: 'GET', url: OPENAPI_PATH })
    ).json<OpenApiDocument>();
    const reads = operationsOf(document)
      .filter((op) => op.method === 'GET' && op.secured && !op.streams)
      .map((op) => {
        const query = new URLSearchParams();
        for (const p of op.parameters) {
          if (p.in === 'query' && p.required)
            query.set(p.name, String(exampleOf(p.schema, [], p.name)));
        }
        const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
          const p = op.parameters.find((x) => x.in === 'path' && x.name === name);
          return encodeURIComponent(String(p ? exampleOf(p.schema, [], name) : 1));
        });
        const search = query.toString();
        return `${path}${search ? `?${search}` : ''}`;
      });
    expect(reads.length).toBeGreaterThan(20);

    // A query running when the server goes: it fails as unavailable, and the process lives on.
    const inFlight = sql`select pg_sleep(30)`.execute(store.db).then(
      () => 'terminou',
      (error: unknown) => (isDatabaseUnavailable(error) ? 'indisponível' : String(error)),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    pgCtl('stop');
    expect(await inFlight).toBe('indisponível');
    const down = performance.now();
    const wrong: string[] = [];
    let unavailable = 0;
    /** 503 with the pt-BR error, Retry-After and the security headers; or an answer that needs no database. */
    const check = async (
      label: string,
      call: () => ReturnType<typeof userinfo>,
      needsDatabase: boolean,
    ) => {
      const response = await call();
      if (response.statusCode === 503) {
        unavailable += 1;
        if (
          response.json<{ error?: string }>().error !== MESSAGES.databaseUnavailable ||
          response.headers['retry-after'] === undefined ||
          response.headers['x-content-type-options'] !== 'nosniff'
        ) {
          wrong.push(`${label} → 503 ${response.body.slice(0, 160)}`);
        }
      } else if (needsDatabase || response.statusCode >= 500) {
        wrong.push(`${label} → ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    };
    // Reads that may answer without the database (a preset, an id outside the
    // session's systems) may do so; none may fail otherwise.
    for (const url of reads) {
      await check(`GET ${url}`, () => t.app.inject({ method: 'GET', url, headers: asDemo }), false);
    }
    await check('GET /api/User/userinfo', userinfo, true);
    await check(
      'GET /api/ocorrencias',
      () => t.app.inject({ method: 'GET', url: '/api/ocorrencias', headers: asDemo }),
      true,
    );
    await check(
      'POST /oauth/token',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'grant_type=password&username=demo&password=demo&client_id=vigia-web',
        }),
      true,
    );
    await check(
      'POST /api/ocorrencias/reconhece',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/ocorrencias/reconhece',
          headers: asDemo,
          payload: { ids: [1] },
        }),
      true,
    );
    expect(wrong).toEqual([]);
    const healthDown = await health();
    expect(healthDown.statusCode).toBe(503);
    expect(healthDown.json()).toMatchObject({ status: 'indisponivel', databaseMs: null });

    pgCtl('start');
    const up = performance.now();
    // The same app, the same token: the pool opens new connections on the next call.
    let recovered = await userinfo();
    for (let i = 0; i < 50 && recovered.statusCode !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      recovered = await userinfo();
    }
    const recoveredAfter = performance.now();
    expect(recovered.statusCode).toBe(200);
    expect((await health()).statusCode).toBe(200);
    for (const url of reads) {
      const response = await t.app.inject({ method: 'GET', url, headers: asDemo });
      if (response.statusCode >= 500) wrong.push(`depois: GET ${url} → ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect((await t.login('demo')).access_token).toBeTruthy();
    console.info(
      `[banco fora] ${reads.length + 4} chamadas com o PostgreSQL parado, ${unavailable} com 503 '${MESSAGES.databaseUnavailable}' (as demais sem banco) ` +
        `em ${((up - down) / 1000).toFixed(1)} s; de volta em ${((recoveredAfter - up) / 1000).toFixed(2)} s após o início, ` +
        `sem reiniciar o app; total ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 120_000);
});
