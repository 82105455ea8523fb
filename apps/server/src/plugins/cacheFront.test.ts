import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AuthenticatedUser, Authenticator } from '../auth/authenticator.js';
import { EventBus } from '../events/eventBus.js';
import { requireBearer } from './bearerAuth.js';
import { type CacheFront, createCacheFront, serverWithFront } from './cacheFront.js';
import { installErrorHandling } from './errorHandler.js';
import { cachedRoute, ResponseCache } from './responseCache.js';
import { installSecurityHeaders } from './securityHeaders.js';

const user = (login: string, systemIds: number[]) =>
  ({ id: 1, login, systemIds, sessionId: 's', expiresAt: 2e9 }) as unknown as AuthenticatedUser;

const USERS: Record<string, AuthenticatedUser | undefined> = {
  a: user('a', [1, 2]),
  b: user('b', [3]),
  blocked: undefined,
};

/**
 * The front before a Fastify answering `GET /r` and `POST /p` through the
 * cache, over a real socket (the front is the server's request handler, which
 * `inject` never reaches). `routed` counts requests that reached the router.
 */
async function harness(log?: FastifyBaseLogger) {
  const bus = new EventBus();
  const cache = new ResponseCache(bus);
  /** Tokens whose check is cached; the others the authenticator must look up. */
  const recent = new Set(['a', 'b', 'blocked']);
  const authenticator: Authenticator = {
    authenticate: async (token) => USERS[token],
    authenticateCached: (token) => (recent.has(token) ? USERS[token] : null),
    forgetUser() {},
  };
  let front: CacheFront | undefined;
  const app = Fastify({ serverFactory: serverWithFront(() => front) });
  front = createCacheFront({ authenticator, cache, log: log ?? app.log });
  front.addPostPath('/p');
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installSecurityHeaders(app);
  app.decorateRequest('user', null);
  app.decorateRequest('tokenExpiresAt', null);
  app.decorateRequest('cacheBodyKey', '');
  let routed = 0;
  let computed = 0;
  const bodies: unknown[] = [];
  app.addHook('onRequest', (_request, _reply, done) => {
    routed++;
    done();
  });
  requireBearer(app, authenticator);
  typed.get(
    '/r',
    { ...cachedRoute, schema: { querystring: z.object({ pad: z.coerce.number().optional() }) } },
    (request, reply) =>
      cache.answer(request, reply, async () => ({
        n: ++computed,
        systems: request.user?.systemIds,
        pad: 'x'.repeat(request.query.pad ?? 0),
      })),
  );
  typed.post(
    '/p',
    { ...cachedRoute, schema: { body: z.object({ nomes: z.array(z.string()).default([]) }) } },
    (request, reply) =>
      cache.answer(request, reply, async () => {
        bodies.push(request.body);
        return { n: ++computed, nomes: request.body.nomes };
      }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const { token = 'a', ...rest } = init;
    const response = await fetch(`${base}${path}`, {
      ...rest,
      headers: { authorization: `Bearer ${token}`, ...(rest.headers as object) },
    });
    const body = Buffer.from(await response.arrayBuffer());
    return { response, body, routed, computed };
  };
  const post = (body: string, init: RequestInit & { token?: string } = {}) =>
    call('/p', {
      method: 'POST',
      body,
      ...init,
      headers: { 'content-type': 'application/json', ...(init.headers as object) },
    });
  return { app, base, bus, cache, recent, call, post, bodies };
}

let open: FastifyInstance | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const headersOf = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));

describe('cache front', () => {
  it('answers a repeated read before the router, with the bytes and headers the route sent', async () => {
    const h = await harness();
    open = h.app;
    const first = await h.call('/r');
    const second = await h.call('/r');
    expect(first).toMatchObject({ routed: 1, computed: 1 });
    expect(second).toMatchObject({ routed: 1, computed: 1 });
    expect(second.body.equals(first.body)).toBe(true);
    expect(headersOf(second.response)).toEqual(headersOf(first.response));
    expect(headersOf(second.response)).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(h.cache.stats).toMatchObject({ hits: 1, misses: 1 });
  });

  it('keys on the caller systems: another tenant goes to the route and gets its own answer', async () => {
    const h = await harness();
    open = h.app;
    await h.call('/r', { token: 'a' });
    const b = await h.call('/r', { token: 'b' });
    expect(b).toMatchObject({ routed: 2, computed: 2 });
    expect(JSON.parse(b.body.toString())).toMatchObject({ systems: [3] });
  });

  it('sends a token it has not seen lately, an unknown or blocked one, or none, to the router', async () => {
    const h = await harness();
    open = h.app;
    await h.call('/r');
    h.recent.delete('a');
    expect(await h.call('/r')).toMatchObject({ routed: 2, computed: 1 });
    const blocked = await h.call('/r', { token: 'blocked' });
    expect(blocked.response.status).toBe(401);
    expect(blocked.routed).toBe(3);
    const none = await fetch(`${h.base}/r`);
    expect(none.status).toBe(401);
  });

  it('sends the next read to the route once a live event names one of its systems', async () => {
    const h = await harness();
    open = h.app;
    await h.call('/r');
    h.bus.publish({ type: 'readings.updated', sisId: 2, deviceId: 1, ts: 1, names: ['kW'] });
    const after = await h.call('/r');
    expect(after).toMatchObject({ routed: 2, computed: 2 });
    expect(JSON.parse(after.body.toString())).toMatchObject({ n: 2 });
  });

  it('serves each encoding once the route has sent it', async () => {
    const h = await harness();
    open = h.app;
    const br = { headers: { 'accept-encoding': 'gzip, br' } };
    const first = await h.call('/r?pad=5000', br);
    const second = await h.call('/r?pad=5000', br);
    expect(second).toMatchObject({ routed: 1, computed: 1 });
    expect(second.response.headers.get('content-encoding')).toBe('br');
    // fetch decodes the body: the same JSON either way.
    expect(second.body.equals(first.body)).toBe(true);
    expect(JSON.parse(second.body.toString())).toMatchObject({ n: 1 });
    // gzip was never sent: the route encodes it (from the kept answer), then the front serves it.
    const gzip = { headers: { 'accept-encoding': 'gzip' } };
    expect(await h.call('/r?pad=5000', gzip)).toMatchObject({ routed: 2, computed: 1 });
    expect(await h.call('/r?pad=5000', gzip)).toMatchObject({ routed: 2, computed: 1 });
  });

  it('writes the access line of each answer it sends when the log takes info lines', async () => {
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    const log = {
      isLevelEnabled: (level: string) => level === 'info',
      info: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }),
    } as unknown as FastifyBaseLogger;
    const h = await harness(log);
    open = h.app;
    await h.call('/r?pad=1');
    await h.call('/r?pad=1');
    expect(lines).toEqual([
      {
        message: 'request completed',
        fields: expect.objectContaining({
          req: expect.objectContaining({ method: 'GET', url: '/r?pad=1' }),
          res: { statusCode: 200 },
          cache: 'front',
        }),
      },
    ]);
  });

  it('reads a POST body ahead: a hit on the same bytes, the route gets the body on a miss', async () => {
    const h = await harness();
    open = h.app;
    const first = await h.post('{"nomes":["kW","Hz"]}');
    expect(first).toMatchObject({ routed: 1, computed: 1 });
    expect(h.bodies).toEqual([{ nomes: ['kW', 'Hz'] }]);
    const again = await h.post('{"nomes":["kW","Hz"]}');
    expect(again).toMatchObject({ routed: 1, computed: 1 });
    expect(again.body.equals(first.body)).toBe(true);
    // Other bytes are another key, even for the same body.
    const spaced = await h.post('{ "nomes": [ "kW", "Hz" ] }');
    expect(spaced).toMatchObject({ routed: 2, computed: 2 });
    const other = await h.post('{"nomes":["Nível"]}');
    expect(other).toMatchObject({ routed: 3, computed: 3 });
    expect(JSON.parse(other.body.toString())).toEqual({ n: 3, nomes: ['Nível'] });
    const kept = await h.post('{"nomes":["Nível"]}');
    expect(kept).toMatchObject({ routed: 3, computed: 3 });
    expect(kept.response.headers.get('content-length')).toBe(String(kept.body.length));
    expect(JSON.parse(kept.body.toString())).toEqual({ n: 3, nomes: ['Nível'] });
  });

  it('leaves bad bodies to the router, which answers them with a 400', async () => {
    const h = await harness();
    open = h.app;
    const broken = await h.post('{"nomes": [');
    expect(broken.response.status).toBe(400);
    expect(JSON.parse(broken.body.toString())).toHaveProperty('error');
    const invalid = await h.post('{"nomes": 3}');
    expect(invalid.response.status).toBe(400);
    expect(JSON.parse(invalid.body.toString()).error).toMatch(/./);
    expect(invalid.computed).toBe(0);
  });
});
