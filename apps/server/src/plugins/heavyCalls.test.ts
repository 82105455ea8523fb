import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandling } from './errorHandler.js';
import { HEAVY_CALLS, limitHeavyCalls } from './heavyCalls.js';

/**
 * The limiter on a bare app whose heavy route waits until the test lets it answer:
 * how many are computing at once is then exactly what the limiter allowed.
 */
async function appWithHeldCalls(perUser: number) {
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  limitHeavyCalls(app, perUser);
  const held: (() => void)[] = [];
  app.addHook('onRequest', async (request) => {
    request.user = { id: Number(request.headers['x-user']) } as typeof request.user;
  });
  app.get('/api2/energia/scds/table', async () => {
    await new Promise<void>((resolve) => held.push(resolve));
    return { ok: true };
  });
  app.get('/api/leve', async () => {
    await new Promise<void>((resolve) => held.push(resolve));
    return { ok: true };
  });
  await app.ready();
  return { app, held };
}

const call = (app: FastifyInstance, user: number, url = '/api2/energia/scds/table') =>
  app.inject({ method: 'GET', url, headers: { 'x-user': String(user) } });

describe('limitHeavyCalls', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('the list holds reports, energy tables and chart history', () => {
    expect(HEAVY_CALLS).toContain(API.energy.managementTable);
    expect(HEAVY_CALLS).toContain(API.reports.rows);
    expect(HEAVY_CALLS).toContain(API.chartHistory.pens);
  });

  it('one call past the limit answers 429 in pt-BR; a place given back is taken again', async () => {
    const t = await appWithHeldCalls(2);
    app = t.app;
    const first = [call(app, 1), call(app, 1)];
    while (t.held.length < 2) await new Promise((r) => setImmediate(r));
    const refused = await call(app, 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: MESSAGES.heavyCallsBusy });
    expect(refused.headers['retry-after']).toBe('1');
    // Another user has places of their own.
    const other = call(app, 2);
    while (t.held.length < 3) await new Promise((r) => setImmediate(r));
    t.held.shift()?.();
    expect((await first[0])?.statusCode).toBe(200);
    const again = call(app, 1);
    while (t.held.length < 3) await new Promise((r) => setImmediate(r));
    for (const release of t.held.splice(0)) release();
    expect((await Promise.all([first[1], other, again])).map((a) => a?.statusCode)).toEqual([
      200, 200, 200,
    ]);
  });

  it('a call not in the list is not counted', async () => {
    const t = await appWithHeldCalls(1);
    app = t.app;
    const calls = [call(app, 1, '/api/leve'), call(app, 1, '/api/leve'), call(app, 1)];
    while (t.held.length < 3) await new Promise((r) => setImmediate(r));
    for (const release of t.held.splice(0)) release();
    expect((await Promise.all(calls)).map((a) => a.statusCode)).toEqual([200, 200, 200]);
  });
});
