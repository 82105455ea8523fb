import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

/**
 * Kept answers in the real app, over a socket: the polled reads a console
 * repeats are answered from the cache after authentication and before
 * validation and the handler, with every hook of the app, never across tenants.
 */
describe.skipIf(!available)('kept answers in the app', () => {
  let t: TestApp;
  let base: string;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  let deviceId: number;
  const log: { msg?: string; req?: { url?: string }; res?: { statusCode?: number } }[] = [];

  beforeAll(async () => {
    // The access log is a reply hook of Fastify's own: kept answers must reach it.
    t = await startTestApp({
      logger: { level: 'info', stream: { write: (line: string) => log.push(JSON.parse(line)) } },
    });
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
    const before = t.app.responseCache.stats.misses;
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
    const computed = t.app.responseCache.stats.misses > before ? 1 : 0;
    return { status: response.status, text, computed, headers: response.headers };
  };

  it('answers the repeated device list from the cache, with the same answer and every hook', async () => {
    const url = '/api/dispositivos/infosFiltro?sisid=121&nomes=kW,statusGMG';
    const first = await call(url, demo);
    const second = await call(url, demo);
    expect(first).toMatchObject({ status: 200, computed: 1 });
    expect(second).toMatchObject({ status: 200, computed: 0 });
    expect(second.text).toBe(first.text);
    expect(JSON.parse(second.text).total).toBeGreaterThan(0);
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    const completed = log.filter((l) => l.msg === 'request completed');
    expect(completed.at(-1)?.res?.statusCode).toBe(200);
    expect(completed.length).toBeGreaterThanOrEqual(2);
  });

  it('answers the active-alarm counter from the cache until an occurrence event of its system', async () => {
    const open = await t.store.db
      .selectFrom('occurrences')
      .select(['id', 'device_id', 'system_id'])
      .where('is_evt', '=', 0)
      .where('hora_desativacao', 'is', null)
      .where('shelved_until', 'is', null)
      .where('out_of_service', '=', 0)
      .executeTakeFirstOrThrow();
    const url = `/api/ocorrencias?alarmeativo=true&sisid=${open.system_id}`;
    const first = await call(url, demo);
    expect(first).toMatchObject({ status: 200, computed: 1 });
    const total = JSON.parse(first.text).total as number;
    expect(total).toBeGreaterThan(0);
    const cleared = Math.floor(Date.now() / 1000);
    await t.store.db
      .updateTable('occurrences')
      .set({ hora_desativacao: cleared })
      .where('id', '=', open.id)
      .execute();
    expect(await call(url, demo)).toMatchObject({ computed: 0, text: first.text });
    t.app.bus.publish({
      type: 'occurrence.cleared',
      sisId: open.system_id,
      deviceId: open.device_id,
      occurrenceId: open.id,
    });
    const after = await call(url, demo);
    expect(after.computed).toBe(1);
    expect(JSON.parse(after.text).total).toBe(total - 1);
    await t.store.db
      .updateTable('occurrences')
      .set({ hora_desativacao: null })
      .where('id', '=', open.id)
      .execute();
  });

  it('answers the repeated latest values of a device from the cache, keyed on the body', async () => {
    const url = `/api/taginfo/v2/dispositivo/id/infosLista?idDispositivo=${deviceId}`;
    const first = await call(url, demo, { nomes: ['kW', 'Hz'] });
    const second = await call(url, demo, { nomes: ['kW', 'Hz'] });
    const other = await call(url, demo, { nomes: ['kW'] });
    expect(first).toMatchObject({ status: 200, computed: 1 });
    expect(second).toMatchObject({ status: 200, computed: 0 });
    expect(other).toMatchObject({ status: 200, computed: 1 });
    expect(JSON.parse(second.text).id).toBe(deviceId);
  });

  it('validates a body it has no answer for (400 in Portuguese)', async () => {
    const url = `/api/taginfo/v2/dispositivo/id/infosLista?idDispositivo=${deviceId}`;
    const bad = await call(url, demo, { nomes: 'kW' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error).toBeTruthy();
  });

  it('never hands one tenant the answer kept for another', async () => {
    const list = '/api/dispositivos/infosFiltro?sisid=121';
    expect((await call(list, demo)).status).toBe(200);
    expect((await call(list, demo)).computed).toBe(0);
    expect(await call(list, cliente)).toMatchObject({ status: 404 });
    const values = `/api/taginfo/v2/dispositivo/id/infosLista?idDispositivo=${deviceId}`;
    await call(values, demo, { nomes: [] });
    expect(await call(values, cliente, { nomes: [] })).toMatchObject({ status: 404 });
  });

  it('refuses a forged token or none, even for a kept answer', async () => {
    const url = '/api/dispositivos/infosFiltro?sisid=121';
    await call(url, demo);
    const forged = { authorization: `${demo.authorization.slice(0, -2)}xx` };
    expect(await call(url, forged)).toMatchObject({ status: 401 });
    expect(await call(url, {})).toMatchObject({ status: 401 });
  });

  it('stops answering a session as soon as it is signed out', async () => {
    const url = '/api/dispositivos/infosFiltro?sisid=121';
    const session = await t.authHeader('demo');
    await call(url, session);
    expect(await call(url, session)).toMatchObject({ status: 200, computed: 0 });
    const logout = await fetch(`${base}/api/oauth/logout`, { method: 'POST', headers: session });
    expect(logout.status).toBe(204);
    expect(await call(url, session)).toMatchObject({ status: 401 });
  });
});
