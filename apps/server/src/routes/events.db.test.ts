import { once } from 'node:events';
import { connect } from 'node:net';
import { EVENTS_RETRY_MS } from '@vigia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VigiaEvent } from '../events/types.js';
import { SECURITY_HEADERS } from '../plugins/securityHeaders.js';
import { testStoreAvailable } from '../store/testStore.js';
import { isEvent, openEventStream } from '../test/sse.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

describe.skipIf(!available)('GET /api/eventos', () => {
  let t: TestApp;
  let base: string;
  let demoSystems: number[];
  let clienteSystem: number;
  let otherSystem: number;
  /** The app's own subscribers (the response cache) before any stream opens. */
  let idleListeners: number;

  beforeAll(async () => {
    t = await startTestApp({ eventsHeartbeatMs: 200 });
    idleListeners = t.app.bus.listenerCount;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('sem porta');
    base = `http://127.0.0.1:${address.port}`;
    const systemsOf = async (login: string) =>
      (
        await t.store.db
          .selectFrom('user_systems')
          .innerJoin('users', 'users.id', 'user_systems.user_id')
          .select('system_id')
          .where('users.login', '=', login)
          .execute()
      ).map((r) => r.system_id);
    demoSystems = await systemsOf('demo');
    const cliente = await systemsOf('cliente');
    clienteSystem = cliente[0] as number;
    otherSystem = demoSystems.find((id) => !cliente.includes(id)) as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('streams the caller’s events only, with a retry hint and heartbeats', async () => {
    const { access_token } = await t.login('cliente');
    const stream = await openEventStream(`${base}/api/eventos`, {
      authorization: `Bearer ${access_token}`,
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('cache-control')).toContain('no-cache');
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(stream.headers.get(name), name).toBe(value);
      }
      expect((await stream.waitFor((m) => m.retry !== undefined)).retry).toBe(EVENTS_RETRY_MS);

      t.app.bus.publish({
        type: 'occurrence.cleared',
        sisId: otherSystem,
        deviceId: 1,
        occurrenceId: 1,
      });
      t.app.bus.publish({
        type: 'occurrence.opened',
        sisId: clienteSystem,
        deviceId: 2,
        occurrenceId: 99,
        critico: 1,
      });
      const mine = await stream.waitFor(isEvent('occurrence.opened'));
      expect(JSON.parse(mine.data as string)).toMatchObject({
        sisId: clienteSystem,
        occurrenceId: 99,
      });
      expect(mine.id).toBe('1');
      await stream.waitFor((m) => m.comment === 'ping', 2_000);
      expect(stream.events().map((e) => e.sisId)).toEqual([clienteSystem]);
    } finally {
      stream.close();
    }
  });

  it('streams a system granted after the stream opened, and stops streaming one taken away', async () => {
    const { access_token } = await t.login('cliente');
    const stream = await openEventStream(`${base}/api/eventos`, {
      authorization: `Bearer ${access_token}`,
    });
    const cliente = await t.store.db
      .selectFrom('users')
      .select('id')
      .where('login', '=', 'cliente')
      .executeTakeFirstOrThrow();
    const granted = () =>
      t.app.bus.publish({
        type: 'occurrence.cleared',
        sisId: otherSystem,
        deviceId: 1,
        occurrenceId: 7,
      });
    const received = () => stream.events().filter((e) => e.sisId === otherSystem).length;
    try {
      await stream.waitFor((m) => m.retry !== undefined);
      granted();
      await stream.waitFor((m) => m.comment === 'ping', 2_000);
      expect(received()).toBe(0);
      await t.store.db
        .insertInto('user_systems')
        .values({ user_id: cliente.id, system_id: otherSystem })
        .execute();
      await expect
        .poll(
          () => {
            granted();
            return received();
          },
          { timeout: 3_000, interval: 100 },
        )
        .toBeGreaterThan(0);
      await t.store.db
        .deleteFrom('user_systems')
        .where('user_id', '=', cliente.id)
        .where('system_id', '=', otherSystem)
        .execute();
      // Two heartbeats (200 ms apart here) read the systems again.
      await stream.waitFor((m) => m.comment === 'ping', 2_000);
      await stream.waitFor((m) => m.comment === 'ping', 2_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = received();
      granted();
      await stream.waitFor((m) => m.comment === 'ping', 2_000);
      expect(received()).toBe(before);
    } finally {
      stream.close();
      await t.store.db
        .deleteFrom('user_systems')
        .where('user_id', '=', cliente.id)
        .where('system_id', '=', otherSystem)
        .execute();
    }
  });

  it('accepts ?access_token= for EventSource, which cannot send headers', async () => {
    const { access_token } = await t.login('demo');
    const stream = await openEventStream(`${base}/api/eventos?access_token=${access_token}`);
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((m) => m.retry !== undefined);
      t.app.bus.publish({
        type: 'readings.updated',
        sisId: otherSystem,
        devices: [{ deviceId: 5, ts: 1_700_000_000 }],
        names: ['kW'],
      });
      await stream.waitFor(isEvent('readings.updated', (e) => e.sisId === otherSystem));
    } finally {
      stream.close();
    }
  });

  it('drops a client that stops reading instead of holding its backlog', async () => {
    await expect.poll(() => t.app.bus.listenerCount, { timeout: 2_000 }).toBe(idleListeners);
    const { authorization } = await t.authHeader('demo');
    const client = connect(Number(new URL(base).port), '127.0.0.1');
    client.on('error', () => {});
    let received = 0;
    client.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    await once(client, 'connect');
    client.write(
      `GET /api/eventos HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: ${authorization}\r\n\r\n`,
    );
    await expect.poll(() => t.app.bus.listenerCount, { timeout: 2_000 }).toBe(idleListeners + 1);
    await expect.poll(() => received).toBeGreaterThan(0);
    client.pause();

    const event: VigiaEvent = {
      type: 'readings.updated',
      sisId: demoSystems[0] as number,
      devices: [{ deviceId: 1, ts: 1 }],
      names: Array.from({ length: 300 }, (_, i) => `leitura_${i}`),
    };
    const eventBytes = JSON.stringify(event).length;
    let published = 0;
    // In bursts, so the socket buffers of both ends fill first; then the server holds the rest.
    while (t.app.bus.listenerCount > idleListeners && published < 40_000) {
      for (let i = 0; i < 20; i++) t.app.bus.publish(event);
      published += 20;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(t.app.bus.listenerCount).toBe(idleListeners);
    expect(published).toBeLessThan(40_000);

    const closed = once(client, 'close');
    client.resume();
    await closed;
    // What the server held when it dropped the client never went out.
    expect(received).toBeLessThan(published * eventBytes - 512 * 1024);
  });

  it('unsubscribes when the client goes away', async () => {
    // Streams of the tests before may still be unsubscribing.
    await expect.poll(() => t.app.bus.listenerCount, { timeout: 2_000 }).toBe(idleListeners);
    const before = t.app.bus.listenerCount;
    const stream = await openEventStream(`${base}/api/eventos`, await t.authHeader('demo'));
    await stream.waitFor((m) => m.retry !== undefined);
    expect(t.app.bus.listenerCount).toBe(before + 1);
    stream.close();
    await expect.poll(() => t.app.bus.listenerCount, { timeout: 2_000 }).toBe(before);
  });
});

describe.skipIf(!available)('GET /api/eventos lifetime', () => {
  it('ends the stream when the access token expires', async () => {
    // `exp` is in whole seconds: a 1 s token can be a few ms from expiry when issued.
    const t = await startTestApp({ env: { VIGIA_ACCESS_TOKEN_TTL: '3' } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('sem porta');
      const header = await t.authHeader('demo');
      const payload = header.authorization.split('.')[1] ?? '';
      const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp: number };
      const stream = await openEventStream(`http://127.0.0.1:${address.port}/api/eventos`, header);
      expect(stream.status).toBe(200);
      await stream.ended;
      // Ended at the token's expiry, not at a heartbeat or the test's timeout.
      expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000 - 1_000);
      expect(Date.now()).toBeLessThan(exp * 1000 + 1_500);
    } finally {
      await t.close();
    }
  });

  it('server shutdown ends open streams instead of hanging', async () => {
    const t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('sem porta');
    const stream = await openEventStream(
      `http://127.0.0.1:${address.port}/api/eventos`,
      await t.authHeader('demo'),
    );
    await stream.waitFor((m) => m.retry !== undefined);
    const started = Date.now();
    await t.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
