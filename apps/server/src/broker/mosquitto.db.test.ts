import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test-support/services.js';
import { BROKER_SERVER_USER, brokerServerPasswordFile } from '../config.js';
import { deviceKeyHash } from '../ingest/deviceKey.js';
import { createIngest, type Ingest } from '../ingest/ingest.js';
import { type MqttIngest, readingsSubscription, startMqttIngest } from '../ingest/mqtt.js';
import { createFixture, type Fixture, storedValues } from '../ingest/testFixture.js';
import type { Store } from '../store/database.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { deviceBrokerUser } from './deviceCredentials.js';
import {
  type BrokerFiles,
  provisionBroker,
  type RunningBroker,
  removeDeviceAccount,
  startBroker,
  superviseBroker,
} from './mosquitto.js';

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

const quiet = { warn: () => {}, error: () => {} };

describe.skipIf(!available)("the project's own broker (a real Mosquitto on its own port)", () => {
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
  const clients: mqtt.MqttClient[] = [];

  const connectDevice = async (deviceId: number, password = keys.get(deviceId)) => {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      clientId: `teste-${randomBytes(4).toString('hex')}`,
      username: deviceBrokerUser(deviceId),
      password,
      protocolVersion: 5,
      reconnectPeriod: 0,
    });
    clients.push(client);
    return client;
  };
  const storedKw = (deviceId: number, ts: number) => storedValues(store, deviceId, 'kW', ts);

  beforeAll(async () => {
    store = await openTestStore();
    fx = await createFixture(store);
    dir = mkdtempSync(join(tmpdir(), 'vigia-broker-'));
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
    ingest = createIngest({ store, batchMs: 10, log: quiet });
    subscriber = await startMqttIngest(broker.url, ingest, {
      topic: readingsSubscription({ broker: { port, dir }, mqttGroup: 'vigia' }),
      clientId: `vigia-teste-${randomBytes(4).toString('hex')}`,
      username: BROKER_SERVER_USER,
      password: serverPassword,
      sessionExpiryS: 60,
      onError: () => {},
    });
  });
  afterAll(async () => {
    for (const client of clients) await client.endAsync(true);
    await subscriber?.close();
    await ingest?.close();
    await broker?.stop();
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('issues every device a random key, stored hashed, and a broker account', async () => {
    const devices = await store.db
      .selectFrom('devices')
      .select(['id', 'ingest_key_hash'])
      .where('id', 'in', [fx.deviceId, fx.otherDeviceId])
      .execute();
    for (const device of devices) {
      const key = keys.get(device.id);
      expect(key).toMatch(/^vk_[A-Za-z0-9_-]{32}$/);
      expect(device.ingest_key_hash).toBe(deviceKeyHash(key as string));
    }
    const files = join(dir, 'broker');
    const passwd = readFileSync(join(files, 'passwd'), 'utf8');
    expect(passwd).toContain(`${deviceBrokerUser(fx.deviceId)}:$7$`);
    expect(passwd).not.toContain(keys.get(fx.deviceId) as string);
    expect(statSync(join(files, 'passwd')).mode & 0o077).toBe(0);
    expect(statSync(join(dir, 'chaves-dispositivos.txt')).mode & 0o077).toBe(0);
    // A second provisioning keeps the accounts it made (no new keys).
    const again = await provisionBroker(store, {
      dir: files,
      port,
      keysFile: join(dir, 'chaves-dispositivos.txt'),
    });
    expect(again.issued).toEqual([]);
  });

  it('lets a device publish its own readings, stored through the server account', async () => {
    const device = await connectDevice(fx.deviceId);
    const ts = fx.t0 + 60;
    await device.publishAsync(
      `vigia/dispositivos/${fx.deviceId}/leituras`,
      JSON.stringify({ ts, leituras: { kW: 10 } }),
      { qos: 1 },
    );
    await until(async () => (await storedKw(fx.deviceId, ts)).length === 1);
  });

  it("refuses a device publishing on another device's topic or reading its commands", async () => {
    const device = await connectDevice(fx.deviceId);
    const ts = fx.t0 + 120;
    const publish = device.publishAsync(
      `vigia/dispositivos/${fx.otherDeviceId}/leituras`,
      JSON.stringify({ ts, leituras: { kW: 666 } }),
      { qos: 1 },
    );
    await expect(publish).rejects.toThrow(/[Nn]ot authorized|135/);
    // Mosquitto grants the subscription but delivers only what the ACL lets the device read.
    const received: string[] = [];
    device.on('message', (topic) => received.push(topic));
    await device.subscribeAsync(`vigia/dispositivos/${fx.otherDeviceId}/comandos`, { qos: 1 });
    await device.subscribeAsync(`vigia/dispositivos/${fx.deviceId}/comandos`, { qos: 1 });
    const server = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: BROKER_SERVER_USER,
      password: serverPassword,
      reconnectPeriod: 0,
    });
    clients.push(server);
    await server.publishAsync(`vigia/dispositivos/${fx.otherDeviceId}/comandos`, '{}', { qos: 1 });
    await server.publishAsync(`vigia/dispositivos/${fx.deviceId}/comandos`, '{}', { qos: 1 });
    await until(() => received.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([`vigia/dispositivos/${fx.deviceId}/comandos`]);
    // A reading of its own after the refused one is stored; the forged one never is.
    await device.publishAsync(
      `vigia/dispositivos/${fx.deviceId}/leituras`,
      JSON.stringify({ ts, leituras: { kW: 11 } }),
      { qos: 1 },
    );
    await until(async () => (await storedKw(fx.deviceId, ts)).length === 1);
    expect(await storedKw(fx.otherDeviceId, ts)).toEqual([]);
  });

  it('refuses anonymous clients and wrong passwords', async () => {
    const url = `mqtt://127.0.0.1:${port}`;
    const options = { reconnectPeriod: 0, connectTimeout: 3000, protocolVersion: 5 as const };
    await expect(mqtt.connectAsync(url, options)).rejects.toThrow();
    await expect(
      mqtt.connectAsync(url, {
        ...options,
        username: deviceBrokerUser(fx.deviceId),
        password: keys.get(fx.otherDeviceId),
      }),
    ).rejects.toThrow();
  });

  it('refuses and counts, in our process, readings on a topic that names no device', async () => {
    const server = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: BROKER_SERVER_USER,
      password: serverPassword,
      reconnectPeriod: 0,
    });
    clients.push(server);
    const before = ingest.stats().rejected;
    const ts = fx.t0 + 180;
    const body = JSON.stringify({ ts, leituras: { kW: 1 } });
    await server.publishAsync('vigia/dispositivos/GMG-A/leituras', body, { qos: 1 });
    await server.publishAsync('vigia/dispositivos/999999999/leituras', body, { qos: 1 });
    await until(() => ingest.stats().rejected - before === 2);
    expect(subscriber.stats().refusedTopic).toBe(1);
  });

  it('keeps the readings devices publish while the broker restarts and the server is away', async () => {
    await broker.stop();
    broker = await startBroker(files, port);
    // The device is back before the server (which retries every 2 s): its session keeps them.
    const device = await connectDevice(fx.deviceId);
    const ts = fx.t0 + 240;
    for (let i = 0; i < 3; i++) {
      await device.publishAsync(
        `vigia/dispositivos/${fx.deviceId}/leituras`,
        JSON.stringify({ ts: ts + i, leituras: { kW: 20 + i } }),
        { qos: 1 },
      );
    }
    await until(async () => (await storedKw(fx.deviceId, ts + 2)).length === 1, 10_000);
    expect([
      ...(await storedKw(fx.deviceId, ts)),
      ...(await storedKw(fx.deviceId, ts + 1)),
    ]).toEqual([20, 21]);
  });

  it("takes a removed device's account out at once (no restart)", async () => {
    const before = await connectDevice(fx.otherDeviceId);
    await before.endAsync();
    await removeDeviceAccount(store, files, fx.otherDeviceId);
    expect(readFileSync(files.passwords, 'utf8')).not.toContain(
      `${deviceBrokerUser(fx.otherDeviceId)}:`,
    );
    await until(async () => {
      try {
        const client = await connectDevice(fx.otherDeviceId);
        await client.endAsync();
        return false;
      } catch {
        return true;
      }
    }, 5_000);
    const still = await connectDevice(fx.deviceId);
    await still.endAsync();
  });

  it('starts the broker again when it dies, says so in its health, and readings flow again', async () => {
    await broker.stop();
    const supervised = await superviseBroker(files, port, { checkMs: 100 });
    try {
      expect(supervised.health()).toEqual({ estado: 'ok', reinicios: 0 });
      process.kill(Number(readFileSync(files.pid, 'utf8').trim()), 'SIGKILL');
      await until(() => supervised.health().reinicios === 1, 10_000);
      expect(supervised.health().estado).toBe('ok');
      const device = await connectDevice(fx.deviceId);
      const ts = fx.t0 + 300;
      await device.publishAsync(
        `vigia/dispositivos/${fx.deviceId}/leituras`,
        JSON.stringify({ ts, leituras: { kW: 31 } }),
        { qos: 1 },
      );
      // The server's client reconnects on its own (every 2 s).
      await until(async () => (await storedKw(fx.deviceId, ts)).length === 1, 10_000);
    } finally {
      await supervised.stop();
    }
  });
});
