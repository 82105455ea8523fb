import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

/**
 * The cache front in the real app, over a socket: the polled reads a console
 * repeats are answered before the router, and never across tenants.
 */
describe.skipIf(!available)('cache front in the app', () => {
  let t: TestApp;
  let base: string;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  let deviceId: number;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
    const device = await t.store.db
      .selectFrom('devices')
      .select('id')
      .where('system_id', '=', 121)
      .where('tipo', '=', 'gerador')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    deviceId = device.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async (path: string, headers: Record<string, string>, body?: unknown) => {
    const before = t.app.cacheFront.served;
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'accept-encoding': 'gzip, deflate, br',
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, routed: t.app.cacheFront.served === before ? 1 : 0 };
  };

  it('answers the repeated device list before the router, with the same answer', async () => {
    const url = '/api/dispositivos/infosFiltro?sisid=121&nomes=kW,statusGMG';
    const first = await call(url, demo);
    const second = await call(url, demo);
    expect(first).toMatchObject({ status: 200, routed: 1 });
    expect(second).toMatchObject({ status: 200, routed: 0 });
    expect(second.text).toBe(first.text);
    expect(JSON.parse(second.text).total).toBeGreaterThan(0);
  });

  it('answers the repeated latest values of a device before the router', async () => {
    const url = `/api/taginfo/v2/dispositivo/id/infosLista?idDispositivo=${deviceId}`;
    const first = await call(url, demo, { nomes: ['kW', 'Hz'] });
    const second = await call(url, demo, { nomes: ['kW', 'Hz'] });
    expect(first).toMatchObject({ status: 200, routed: 1 });
    expect(second).toMatchObject({ status: 200, routed: 0 });
    expect(JSON.parse(second.text).id).toBe(deviceId);
  });

  it('never hands one tenant the answer kept for another', async () => {
    const list = '/api/dispositivos/infosFiltro?sisid=121';
    expect((await call(list, demo)).status).toBe(200);
    expect((await call(list, demo)).routed).toBe(0);
    expect(await call(list, cliente)).toMatchObject({ status: 404, routed: 1 });
    const values = `/api/taginfo/v2/dispositivo/id/infosLista?idDispositivo=${deviceId}`;
    await call(values, demo, { nomes: [] });
    expect(await call(values, cliente, { nomes: [] })).toMatchObject({ status: 404, routed: 1 });
  });

  it('sends a signed-out or forged token to the router, which refuses it', async () => {
    const url = '/api/dispositivos/infosFiltro?sisid=121';
    await call(url, demo);
    const forged = { authorization: `${demo.authorization.slice(0, -2)}xx` };
    expect(await call(url, forged)).toMatchObject({ status: 401, routed: 1 });
    expect(await call(url, {})).toMatchObject({ status: 401, routed: 1 });
  });

  it('stops answering a token as soon as its session is signed out', async () => {
    const url = '/api/dispositivos/infosFiltro?sisid=121';
    const session = await t.authHeader('demo');
    await call(url, session);
    expect(await call(url, session)).toMatchObject({ status: 200, routed: 0 });
    const logout = await fetch(`${base}/api/oauth/logout`, { method: 'POST', headers: session });
    expect(logout.status).toBe(204);
    expect(await call(url, session)).toMatchObject({ status: 401, routed: 1 });
  });
});
