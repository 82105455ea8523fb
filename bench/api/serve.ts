/**
 * The two servers `bench/api/run.ts` loads, in a process of their own so the
 * load generator does not share their event loop: the real app on a SQLite
 * file with the demo seed, and a Fastify hello-world. Prints one JSON line
 * `{ "hello": <port>, "app": <port> }` once both listen, and stops on SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { seedDemo } from '../../apps/server/src/seed/demoFleet.js';
import { openStore } from '../../apps/server/src/store/database.js';

const dir = mkdtempSync(join(tmpdir(), 'vigia-bench-api-'));
const databaseUrl = `sqlite:${join(dir, 'vigia.db')}`;
const store = await openStore(databaseUrl);
// Two days of history are enough for these reads (current values, alarms) and seed fast.
await seedDemo(store, { seed: 1, users: true, historyDays: 2 });

const app = await buildApp({
  config: loadConfig({
    DATABASE_URL: databaseUrl,
    VIGIA_DEMO: '0',
    VIGIA_WEB_DIST: join(dir, 'no-web'),
    LOG_LEVEL: 'silent',
  }),
  store,
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });

const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
await replayRoutes(hello);
await hello.listen({ host: '127.0.0.1', port: 0 });

const port = (server: typeof hello | typeof app) => {
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('sem porta');
  return address.port;
};
process.stdout.write(`${JSON.stringify({ hello: port(hello), app: port(app) })}\n`);

/**
 * The replica: a bare Fastify route sending the very bytes and headers the
 * app sends for a call (`/replay?url=…&body=…`, the answer captured once
 * through the app): what the answer's size and headers cost the load
 * generator and a plain Fastify route, the app's own work apart.
 */
async function replayRoutes(server: typeof hello) {
  const login = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=password&client_id=vigia-web&username=demo&password=demo',
  });
  const token = (login.json() as { access_token: string }).access_token;
  const captured = new Map<string, { headers: Record<string, string>; body: Buffer }>();
  server.get<{ Querystring: { url: string; body?: string } }>('/replay', async (request, reply) => {
    const { url, body } = request.query;
    const key = `${url}\n${body ?? ''}`;
    let answer = captured.get(key);
    if (!answer) {
      const response = await app.inject({
        method: body ? 'POST' : 'GET',
        url,
        headers: {
          authorization: `Bearer ${token}`,
          'accept-encoding': String(request.headers['accept-encoding'] ?? ''),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { payload: body } : {}),
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (!['date', 'connection', 'keep-alive', 'content-length'].includes(name)) {
          headers[name] = String(value);
        }
      }
      answer = { headers, body: response.rawPayload };
      captured.set(key, answer);
    }
    return reply.headers(answer.headers).send(answer.body);
  });
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled([hello.close(), app.close()]);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
