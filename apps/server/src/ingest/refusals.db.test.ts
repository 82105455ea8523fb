import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HealthResponse } from '@vigia/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test-support/services.js';
import { hashPassword } from '../auth/password.js';
import { deviceBrokerUser } from '../broker/deviceCredentials.js';
import {
  type BrokerFiles,
  provisionBroker,
  type RunningBroker,
  startBroker,
} from '../broker/mosquitto.js';
import { watchOversizePackets } from '../broker/oversizeLog.js';
import { BROKER_SERVER_USER, brokerServerPasswordFile } from '../config.js';
import type { Store } from '../store/database.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { FORM, form, startTestApp, type TestApp } from '../test/testApp.js';
import { createIngest, type Ingest } from './ingest.js';
import {
  MAX_MESSAGE_BYTES,
  MAX_PACKET_BYTES,
  type MqttIngest,
  readingsSubscription,
  startMqttIngest,
} from './mqtt.js';
import { createFixture, type Fixture } from './testFixture.js';

interface IngestRefusalRow {
  dispositivo: number;
  nome: string;
  sisid: number;
  recusadas: number;
  porMotivo: { grande: number; invalida: number; horario: number };
  ultima: number;
}

const services = (await import(
  new URL('../../../../test-support/services.ts', import.meta.url).href
)) as { needService(name: string, probe: () => Promise<boolean>): Promise<boolean> };
const hasMosquitto = async () =>
  spawnSync('sh', ['-c', 'command -v mosquitto && command -v mosquitto_passwd']).status === 0;
const available =
  (await testStoreAvailable()) && (await services.needService('Mosquitto (binário)', hasMosquitto));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!available)('refused device messages, counted per device', () => {
  let store: Store;
  let fx: Fixture;
  let dir: string;
  let port: number;
  let broker: RunningBroker;
  let files: BrokerFiles;
  let keys: Map<number, string>;
  let serverPassword: string;
  let ingest: Ingest;
  let subscriber: MqttIngest;
  let t: TestApp;
  let authorization: string;
  const clients: mqtt.MqttClient[] = [];

  const connect = async (username: string, password: string | undefined) => {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      clientId: `teste-${randomBytes(4).toString('hex')}`,
      username,
      password,
      protocolVersion: 5,
      reconnectPeriod: 0,
    });
    clients.push(client);
    return client;
  };
  const health = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/health' })).json<HealthResponse>();
  const refusals = async (sisid?: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/ingestao/recusas${sisid === undefined ? '' : `?sisid=${sisid}`}`,
      headers: { authorization },
    });
    return { status: response.statusCode, rows: response.json<IngestRefusalRow[]>() };
  };

  beforeAll(async () => {
    store = await openTestStore();
    fx = await createFixture(store);
    // The fixture's user, signing in, with system 1 (the device's) and not system 2.
    await store.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('senha-do-operador') })
      .where('id', '=', fx.userId)
      .execute();
    await store.db
      .insertInto('user_systems')
      .values({ user_id: fx.userId, system_id: fx.systemId })
      .execute();
    dir = mkdtempSync(join(tmpdir(), 'vigia-recusas-'));
    // A port the system hands out free, not a random one another socket may hold.
    port = await freePort();
    const provisioned = await provisionBroker(store, {
      dir: join(dir, 'broker'),
      port,
      keysFile: join(dir, 'chaves-dispositivos.txt'),
    });
    keys = new Map(provisioned.issued.map((k) => [k.deviceId, k.key]));
    serverPassword = readFileSync(brokerServerPasswordFile(join(dir, 'broker')), 'utf8').trim();
    files = provisioned.files;
    broker = await startBroker(files, port);
    // Refusal counts reach the store every 50 ms here (5 s by default).
    ingest = createIngest({
      store,
      batchMs: 10,
      refusalFlushMs: 50,
      log: { warn: () => {}, error: () => {} },
    });
    subscriber = await startMqttIngest(broker.url, ingest, {
      topic: readingsSubscription({ broker: { port, dir }, mqttGroup: 'vigia' }),
      clientId: `vigia-teste-${randomBytes(4).toString('hex')}`,
      username: BROKER_SERVER_USER,
      password: serverPassword,
      sessionExpiryS: 60,
      onError: () => {},
    });
    t = await startTestApp({ store, ingest });
    const token = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: FORM,
      payload: form({
        grant_type: 'password',
        client_id: 'vigia-web',
        username: 'operador',
        password: 'senha-do-operador',
      }),
    });
    expect(token.statusCode).toBe(200);
    authorization = `Bearer ${token.json<{ access_token: string }>().access_token}`;
  });
  afterAll(async () => {
    for (const client of clients) await client.endAsync(true);
    await subscriber?.close();
    await t?.close();
    await ingest?.close();
    await broker?.stop();
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('counts a device’s too big, malformed and out-of-time messages against it; health has the totals', async () => {
    expect(await health()).toMatchObject({
      ingestao: {
        recusadas: 0,
        porMotivo: { grande: 0, invalida: 0, horario: 0, desconhecido: 0, topico: 0 },
      },
    });
    expect((await refusals()).rows).toEqual([]);

    const device = await connect(deviceBrokerUser(fx.deviceId), keys.get(fx.deviceId));
    const topic = `vigia/dispositivos/${fx.deviceId}/leituras`;
    const now = Math.floor(Date.now() / 1000);
    const tooBig = `{"ts":${now},"leituras":{"kW":1}${' '.repeat(MAX_MESSAGE_BYTES)}}`;
    await device.publishAsync(topic, tooBig, { qos: 1 });
    await device.publishAsync(topic, 'isto não é JSON', { qos: 1 });
    await device.publishAsync(topic, JSON.stringify({ ts: now, leituras: {} }), { qos: 1 });
    await device.publishAsync(topic, JSON.stringify({ ts: now + 3600, leituras: { kW: 1 } }), {
      qos: 1,
    });
    await device.publishAsync(topic, JSON.stringify({ ts: now, leituras: { kW: 7 } }), { qos: 1 });
    await until(() => subscriber.stats().acknowledged >= 5, 10_000);
    expect(subscriber.stats().refusedSize).toBe(1);

    await until(async () => (await refusals()).rows[0]?.recusadas === 4);
    const [row] = (await refusals()).rows;
    expect(row).toEqual({
      dispositivo: fx.deviceId,
      nome: 'GMG A',
      sisid: fx.systemId,
      recusadas: 4,
      porMotivo: { grande: 1, invalida: 2, horario: 1 },
      ultima: expect.any(Number),
    });
    expect(row?.ultima).toBeGreaterThanOrEqual(now - 1);
    expect(await health()).toMatchObject({
      ingestao: {
        recusadas: 4,
        porMotivo: { grande: 1, invalida: 2, horario: 1, desconhecido: 0, topico: 0 },
      },
    });
  });

  it('counts messages on a topic that names no device, or of a device that does not exist, in the totals only', async () => {
    const server = await connect(BROKER_SERVER_USER, serverPassword);
    const body = JSON.stringify({ ts: Math.floor(Date.now() / 1000), leituras: { kW: 1 } });
    await server.publishAsync('vigia/dispositivos/GMG-A/leituras', body, { qos: 1 });
    await server.publishAsync('vigia/dispositivos/999999999/leituras', body, { qos: 1 });
    await until(async () => (await health()).ingestao?.porMotivo.desconhecido === 1);
    expect((await health()).ingestao?.porMotivo).toMatchObject({ topico: 1, desconhecido: 1 });
    await ingest.flush();
    const stored = await store.db.selectFrom('ingest_refusals').select('device_id').execute();
    expect(stored.map((r) => r.device_id)).toEqual([fx.deviceId, fx.deviceId, fx.deviceId]);
  });

  it('shows each caller only the devices of their systems', async () => {
    const other = await connect(deviceBrokerUser(fx.otherDeviceId), keys.get(fx.otherDeviceId));
    await other.publishAsync(`vigia/dispositivos/${fx.otherDeviceId}/leituras`, '{}', { qos: 1 });
    await until(
      async () =>
        (
          await store.db
            .selectFrom('ingest_refusals')
            .select('device_id')
            .where('device_id', '=', fx.otherDeviceId)
            .execute()
        ).length === 1,
    );
    expect((await refusals()).rows.map((r) => r.dispositivo)).toEqual([fx.deviceId]);
    expect((await refusals(fx.systemId)).rows).toHaveLength(1);
    expect((await refusals(fx.otherSystemId)).status).toBe(404);
  });

  it('counts against its device a packet the own broker refused as over its limit (from its log)', async () => {
    const watch = watchOversizePackets(files.log, (id) => ingest.refuse(id, 'tooBig'), {
      everyMs: 50,
    });
    try {
      // MQTT 3.1.1: the device cannot know the broker's limit and sends the packet.
      const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
        clientId: `teste-grande-${randomBytes(4).toString('hex')}`,
        username: deviceBrokerUser(fx.deviceId),
        password: keys.get(fx.deviceId),
        protocolVersion: 4,
        reconnectPeriod: 0,
      });
      clients.push(device);
      const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
      device.publish(
        `vigia/dispositivos/${fx.deviceId}/leituras`,
        Buffer.alloc(MAX_PACKET_BYTES + 1024, 32),
        { qos: 0 },
      );
      await closed;
      const grande = async () =>
        (await refusals()).rows.find((r) => r.dispositivo === fx.deviceId)?.porMotivo.grande;
      await until(async () => (await grande()) === 2, 10_000);
      expect((await health()).ingestao?.porMotivo.grande).toBe(2);
      expect(readFileSync(files.log, 'utf8')).toContain('disconnected due to oversize packet');
    } finally {
      watch.stop();
    }
  });
});
