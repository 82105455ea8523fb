import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserContext } from '../auth/userContext.js';
import { EventBus } from '../events/eventBus.js';
import type { VigiaEvent } from '../events/types.js';
import { installErrorHandling } from './errorHandler.js';
import { notFound } from './httpError.js';
import {
  acceptedEncoding,
  ResponseCache,
  type ResponseCacheOptions,
  toJsonBytes,
} from './responseCache.js';

const USERS: Record<string, number[]> = { a: [1, 2], b: [3] };

/** A route answering `{ n, systems, pad }`, `n` counting the computations. */
async function harness(options: ResponseCacheOptions = {}) {
  const bus = new EventBus();
  const cache = new ResponseCache(bus, options);
  const app = Fastify();
  installErrorHandling(app);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const login = String(request.headers['x-user'] ?? 'a');
    request.user = { login, systemIds: USERS[login] ?? [] } as unknown as UserContext;
  });
  let computed = 0;
  let gate: Promise<void> = Promise.resolve();
  app.get<{ Querystring: { pad?: string; missing?: string } }>('/r', (request, reply) =>
    cache.answer(request, reply, async () => {
      await gate;
      if (request.query.missing) throw notFound();
      computed++;
      return {
        n: computed,
        systems: request.user?.systemIds,
        pad: 'x'.repeat(Number(request.query.pad ?? 0)),
      };
    }),
  );
  await app.ready();
  const get = async (url = '/r', headers: Record<string, string> = {}) => {
    const response = await app.inject({ url, headers });
    return {
      response,
      body:
        response.statusCode === 200 && !response.headers['content-encoding']
          ? response.json()
          : null,
    };
  };
  return {
    app,
    bus,
    cache,
    get,
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => release();
    },
  };
}

let open: FastifyInstance | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const reading = (sisId: number): VigiaEvent => ({
  type: 'readings.updated',
  sisId,
  devices: [{ deviceId: 1, ts: 1 }],
  names: ['kW'],
});

describe('ResponseCache', () => {
  it('answers a repeated call from the cache', async () => {
    const h = await harness();
    open = h.app;
    expect((await h.get()).body.n).toBe(1);
    expect((await h.get()).body.n).toBe(1);
    expect(h.cache.stats).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it('keys on the caller systems: another tenant never gets the answer', async () => {
    const h = await harness();
    open = h.app;
    const a = (await h.get('/r', { 'x-user': 'a' })).body;
    const b = (await h.get('/r', { 'x-user': 'b' })).body;
    expect(a).toMatchObject({ n: 1, systems: [1, 2] });
    expect(b).toMatchObject({ n: 2, systems: [3] });
  });

  it('drops an answer when a live event names one of its systems, and only then', async () => {
    const h = await harness();
    open = h.app;
    await h.get();
    h.bus.publish(reading(3));
    expect((await h.get()).body.n).toBe(1);
    h.bus.publish(reading(2));
    expect((await h.get()).body.n).toBe(2);
  });

  it('does not keep an answer computed while an event arrived', async () => {
    const h = await harness();
    open = h.app;
    const release = h.hold();
    const first = h.get();
    await new Promise((resolve) => setTimeout(resolve, 10));
    h.bus.publish(reading(1));
    release();
    expect((await first).body.n).toBe(1);
    expect((await h.get()).body.n).toBe(2);
  });

  it('expires an answer after its time to live', async () => {
    let now = 1_000;
    const h = await harness({ ttlMs: 5_000, now: () => now });
    open = h.app;
    await h.get();
    now += 4_999;
    expect((await h.get()).body.n).toBe(1);
    now += 1;
    expect((await h.get()).body.n).toBe(2);
  });

  it('computes concurrent misses on one key once', async () => {
    const h = await harness();
    open = h.app;
    const release = h.hold();
    const calls = [h.get(), h.get(), h.get()];
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const bodies = await Promise.all(calls);
    expect(bodies.map((b) => b.body.n)).toEqual([1, 1, 1]);
  });

  it('a call after an event does not join a computation started before it', async () => {
    const h = await harness();
    open = h.app;
    const release = h.hold();
    const before = h.get();
    await new Promise((resolve) => setTimeout(resolve, 10));
    h.bus.publish(reading(1));
    const after = h.get();
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect((await before).body.n).toBe(1);
    expect((await after).body.n).toBe(2);
  });

  it('never keeps an error', async () => {
    const h = await harness();
    open = h.app;
    expect((await h.get('/r?missing=1')).response.statusCode).toBe(404);
    expect((await h.get('/r?missing=1')).response.json()).toEqual({ error: 'Não encontrado.' });
    expect(h.cache.stats.entries).toBe(0);
  });

  it('sends a large answer compressed as the caller accepts, a small one plain', async () => {
    const h = await harness();
    open = h.app;
    const plain = (await h.get('/r?pad=5000')).response;
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = (await h.get('/r?pad=5000', { 'accept-encoding': 'gzip, deflate, br' })).response;
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = (await h.get('/r?pad=5000', { 'accept-encoding': 'gzip' })).response;
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const small = (await h.get('/r', { 'accept-encoding': 'br' })).response;
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('drops the answers past their time to live when it keeps another', async () => {
    let now = 1_000;
    const h = await harness({ ttlMs: 5_000, now: () => now });
    open = h.app;
    await h.get('/r?pad=1');
    await h.get('/r?pad=2');
    now += 4_000;
    await h.get('/r?pad=3');
    expect(h.cache.stats.entries).toBe(3);
    now += 1_000;
    await h.get('/r?pad=4');
    expect(h.cache.stats.entries).toBe(2);
    expect((await h.get('/r?pad=3')).body.n).toBe(3);
  });

  it('keeps its memory bound, dropping the oldest answers', async () => {
    const h = await harness({ maxBytes: 40_000 });
    open = h.app;
    for (const pad of [9000, 9001, 9002, 9003, 9004]) await h.get(`/r?pad=${pad}`);
    expect(h.cache.stats.bytes).toBeLessThanOrEqual(40_000);
    expect(h.cache.stats.entries).toBe(4);
    expect((await h.get('/r?pad=9000')).body.n).toBe(6);
  });
});

describe('toJsonBytes', () => {
  it('writes what JSON.stringify writes (UTF-8), a long array in slices with the event loop served between them', async () => {
    const rows = Array.from({ length: 1_001 }, (_, i) => ({
      id: i,
      nome: `Gerador "${i}"`,
      infos: i % 3 === 0 ? [] : [{ valor: i / 7, ts: null }],
      skip: undefined,
    }));
    const list = [...rows, undefined, null, 'ç'];
    let turns = 0;
    let done = false;
    const spin = () => {
      turns++;
      if (!done) setImmediate(spin);
    };
    setImmediate(spin);
    const json = (await toJsonBytes(list)).toString();
    done = true;
    expect(json).toBe(JSON.stringify(list));
    expect(turns).toBeGreaterThan(0);
    expect((await toJsonBytes({ a: [1, 2] })).toString()).toBe('{"a":[1,2]}');
    const page = { inicio: 1, vazio: undefined, geradores: list, fim: 'ç', f: () => 1, z: [] };
    expect((await toJsonBytes(page)).toString()).toBe(JSON.stringify(page));
    const dated = { d: new Date(0), linhas: list };
    expect((await toJsonBytes(dated)).toString()).toBe(JSON.stringify(dated));
    // A map's places, each with its devices: sliced two levels down.
    const places = [{ local: 'A', dispositivos: list }, undefined, { local: 'B', f: () => 1 }];
    expect((await toJsonBytes(places)).toString()).toBe(JSON.stringify(places));
    const custom = { toJSON: () => 'x', linhas: list };
    expect((await toJsonBytes(custom)).toString()).toBe(JSON.stringify(custom));
    expect((await toJsonBytes([])).toString()).toBe('[]');
  });
});

describe('acceptedEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'gzip'],
    ['deflate', 'identity'],
    ['BR', 'br'],
  ])('%s → %s', (header, expected) => {
    expect(acceptedEncoding(header === undefined ? {} : { 'accept-encoding': header })).toBe(
      expected,
    );
  });
});
