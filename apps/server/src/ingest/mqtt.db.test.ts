import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MQTT_URL, mqttAvailable, needService } from '../../../../test-support/services.js';
import type { VigiaEvent } from '../events/types.js';
import type { Store } from '../store/database.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { createIngest, type Ingest } from './ingest.js';
import { deviceIdFromTopic, MAX_MESSAGE_BYTES, type MqttIngest, startMqttIngest } from './mqtt.js';
import { createFixture, type Fixture, storedValues } from './testFixture.js';

const available = (await testStoreAvailable()) && (await needService('Mosquitto', mqttAvailable));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('deviceIdFromTopic', () => {
  it('reads the id of vigia/dispositivos/{id}/leituras and nothing else', () => {
    expect(deviceIdFromTopic('vigia/dispositivos/1001/leituras')).toBe(1001);
    for (const topic of [
      'vigia/dispositivos/abc/leituras',
      'vigia/dispositivos/0/leituras',
      'vigia/dispositivos/-3/leituras',
      'vigia/dispositivos/1001/comandos',
      'vigia/dispositivos/1001/leituras/extra',
      'outro/dispositivos/1001/leituras',
    ]) {
      expect(deviceIdFromTopic(topic)).toBeNaN();
    }
  });
});

describe.skipIf(!available)('MQTT ingest over the real broker', () => {
  let store: Store;
  let fx: Fixture;
  let ingest: Ingest;
  let subscriber: MqttIngest;
  let device: mqtt.MqttClient;
  const events: VigiaEvent[] = [];
  let topics: string[];
  const clientId = `vigia-teste-${randomBytes(4).toString('hex')}`;
  const quiet = { warn: () => {}, error: () => {} };
  // Short-lived sessions: the test's leftovers on the machine's broker expire within a minute.
  const subscribe = (into: Ingest, receiveMaximum?: number) =>
    startMqttIngest(MQTT_URL, into, {
      topic: topics,
      clientId,
      sessionExpiryS: 60,
      receiveMaximum,
      onError: () => {},
    });
  const publishKw = async (ts: number, count: number) => {
    for (let i = 0; i < count; i++) {
      await device.publishAsync(
        `vigia/dispositivos/${fx.deviceId}/leituras`,
        JSON.stringify({ ts: ts + i, leituras: { kW: i } }),
        { qos: 1 },
      );
    }
  };
  const storedFrom = async (ts: number, count: number) =>
    (
      await Promise.all(Array.from({ length: count }, (_, i) => storedKw(fx.deviceId, ts + i)))
    ).flat();
  const storedKw = (deviceId: number, ts: number) => storedValues(store, deviceId, 'kW', ts);

  beforeAll(async () => {
    store = await openTestStore();
    fx = await createFixture(store);
    ingest = createIngest({
      store,
      publish: (e) => events.push(e),
      batchMs: 20,
      log: quiet,
    });
    // Its own share group (a running server on the same broker keeps its messages) and only
    // this run's devices (the other database's run publishes at the same time).
    const group = `vigia-teste-${randomBytes(4).toString('hex')}`;
    topics = [fx.deviceId, fx.otherDeviceId].map(
      (id) => `$share/${group}/vigia/dispositivos/${id}/leituras`,
    );
    subscriber = await subscribe(ingest);
    device = await mqtt.connectAsync(MQTT_URL, {
      clientId: `dispositivo-teste-${randomBytes(4).toString('hex')}`,
    });
  });
  afterAll(async () => {
    await device?.endAsync();
    await subscriber?.close();
    await ingest?.close();
    await store?.close();
  });

  it('writes readings published by a device and survives malformed messages', async () => {
    const ts = fx.t0 + 60;
    const topic = `vigia/dispositivos/${fx.deviceId}/leituras`;
    await device.publishAsync(topic, '{"ts": "quebrado', { qos: 1 });
    await device.publishAsync(topic, JSON.stringify({ ts, leituras: { kW: 'alto' } }), { qos: 1 });
    await device.publishAsync(topic, JSON.stringify({ ts, leituras: {} }), { qos: 1 });
    await device.publishAsync(topic, JSON.stringify({ ts, leituras: { kW: 321.5, OilTemp: 88 } }), {
      qos: 1,
    });

    // The event goes out last, once the batch is written and its alarms evaluated.
    await until(
      () =>
        ingest.stats().rejected >= 3 &&
        events.some(
          (e) => e.type === 'readings.updated' && e.devices.some((d) => d.deviceId === fx.deviceId),
        ),
    );
    expect(ingest.stats()).toMatchObject({ accepted: 1, rejected: 3, written: 2 });
    const kw = await store.db
      .selectFrom('current_values')
      .innerJoin('tags', 'tags.id', 'current_values.tag_id')
      .select(['current_values.valor', 'current_values.ts'])
      .where('tags.device_id', '=', fx.deviceId)
      .where('tags.nome', '=', 'kW')
      .executeTakeFirst();
    expect(kw).toEqual({ valor: 321.5, ts });
    expect(events).toContainEqual({
      type: 'readings.updated',
      sisId: fx.systemId,
      devices: [{ deviceId: fx.deviceId, ts }],
      names: ['kW', 'OilTemp'],
    });
  });

  it('opens an alarm from a reading that arrives over MQTT', async () => {
    const ts = fx.t0 + 120;
    await device.publishAsync(
      `vigia/dispositivos/${fx.otherDeviceId}/leituras`,
      JSON.stringify({ ts, leituras: { OilTemp: 115 } }),
      { qos: 1 },
    );
    await until(() =>
      events.some((e) => e.type === 'occurrence.opened' && e.deviceId === fx.otherDeviceId),
    );
    const alarm = await store.db
      .selectFrom('occurrences')
      .selectAll()
      .where('device_id', '=', fx.otherDeviceId)
      .executeTakeFirstOrThrow();
    expect(alarm).toMatchObject({
      system_id: fx.otherSystemId,
      hora_ativacao: ts,
      valor_falha: 115,
    });
  });

  it('stores the readings published while the server was down (persistent session)', async () => {
    await subscriber.close();
    await ingest.close();
    const ts = fx.t0 + 180;
    for (let i = 0; i < 3; i++) {
      await device.publishAsync(
        `vigia/dispositivos/${fx.deviceId}/leituras`,
        JSON.stringify({ ts: ts + i, leituras: { kW: 40 + i } }),
        { qos: 1 },
      );
    }
    // The server comes back: a new process, the same client id.
    ingest = createIngest({ store, batchMs: 20, log: quiet });
    subscriber = await subscribe(ingest);
    await until(async () => (await storedKw(fx.deviceId, ts + 2)).length === 1);
    expect([
      ...(await storedKw(fx.deviceId, ts)),
      ...(await storedKw(fx.deviceId, ts + 1)),
    ]).toEqual([40, 41]);
  });

  it('acknowledges a message only once it is committed: a failed write comes again', async () => {
    await subscriber.close();
    await ingest.close();
    let failures = 1;
    ingest = createIngest({
      store,
      batchMs: 20,
      log: quiet,
      engine: {
        prepare: async () => {
          if (failures-- > 0) throw new Error('banco indisponível');
        },
        evaluate: async () => {},
        reset: () => {},
        invalidate: () => {},
      },
    });
    subscriber = await subscribe(ingest);
    const ts = fx.t0 + 240;
    await device.publishAsync(
      `vigia/dispositivos/${fx.deviceId}/leituras`,
      JSON.stringify({ ts, leituras: { kW: 77 } }),
      { qos: 1 },
    );
    // Not acknowledged, the connection dropped, the broker sends it again: stored once.
    await until(async () => (await storedKw(fx.deviceId, ts)).length === 1, 10_000);
    expect(subscriber.stats().redeliveries).toBeGreaterThanOrEqual(1);
    expect(await storedKw(fx.deviceId, ts)).toEqual([77]);
  });

  it('stores a redelivered message once', async () => {
    const ts = fx.t0 + 300;
    const body = JSON.stringify({ ts, leituras: { kW: 5 } });
    // The batch before may still be counting: on PostgreSQL its history commits (and is
    // readable) before its current values do, and `written` moves after both.
    await ingest.flush();
    const written = ingest.stats().written;
    // What a broker resending an unacknowledged message looks like to us: the same message twice.
    await device.publishAsync(`vigia/dispositivos/${fx.deviceId}/leituras`, body, { qos: 1 });
    await device.publishAsync(`vigia/dispositivos/${fx.deviceId}/leituras`, body, { qos: 1 });
    await until(() => subscriber.stats().acknowledged >= 2);
    await until(async () => (await storedKw(fx.deviceId, ts)).length === 1);
    await ingest.flush();
    expect(ingest.stats().written - written).toBe(1);
    expect(await storedKw(fx.deviceId, ts)).toEqual([5]);
  });

  it('never takes a message past its maximum size; the next one from the device is stored', async () => {
    const ts = fx.t0 + 900;
    const topic = `vigia/dispositivos/${fx.deviceId}/leituras`;
    // Valid JSON a reading long: 1.5 MiB of blanks inside the object.
    const padded = `{"ts":${ts},"leituras":{"kW":41}${' '.repeat(MAX_MESSAGE_BYTES * 1.5)}}`;
    expect(JSON.parse(padded)).toEqual({ ts, leituras: { kW: 41 } });
    await device.publishAsync(topic, padded, { qos: 1 });
    await device.publishAsync(topic, JSON.stringify({ ts: ts + 1, leituras: { kW: 42 } }), {
      qos: 1,
    });
    await until(async () => (await storedKw(fx.deviceId, ts + 1)).length === 1);
    await ingest.flush();
    expect(await storedKw(fx.deviceId, ts)).toEqual([]);
  });

  it('takes no more than its receive maximum while a commit is slow; the broker keeps the rest', async () => {
    await subscriber.close();
    await ingest.close();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    ingest = createIngest({
      store,
      batchMs: 20,
      log: quiet,
      engine: {
        prepare: () => gate,
        evaluate: async () => {},
        reset: () => {},
        invalidate: () => {},
      },
    });
    subscriber = await subscribe(ingest, 3);
    const ts = fx.t0 + 360;
    await publishKw(ts, 10);
    await until(() => subscriber.stats().received >= 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(subscriber.stats().received).toBe(3);
    open();
    await until(async () => (await storedFrom(ts, 10)).length === 10, 10_000);
    expect(await storedFrom(ts, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(subscriber.stats()).toMatchObject({ received: 10, acknowledged: 10, redeliveries: 0 });
  });

  it('never refuses an MQTT message as overloaded: the receive maximum is its back-pressure', async () => {
    await subscriber.close();
    await ingest.close();
    ingest = createIngest({ store, batchMs: 20, log: quiet, maxPendingReadings: 1 });
    subscriber = await subscribe(ingest);
    const ts = fx.t0 + 420;
    await publishKw(ts, 5);
    await until(async () => (await storedFrom(ts, 5)).length === 5);
    expect(ingest.stats().rejected).toBe(0);
    expect(subscriber.stats().redeliveries).toBe(0);
    // Messages from elsewhere (HTTP) are still refused past the limit.
    const outcomes: string[] = [];
    ingest.submit(fx.deviceId, { ts, leituras: { kW: 1, Hz: 60 } }, (o) => outcomes.push(o));
    ingest.submit(fx.deviceId, { ts: ts + 1, leituras: { kW: 1 } }, (o) => outcomes.push(o));
    await ingest.flush();
    expect(outcomes).toEqual(['failed', 'stored']);
  });
});
