import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MQTT_URL, mqttAvailable, needService } from '../../../../test-support/services.js';
import type { VigiaEvent } from '../events/types.js';
import type { Store } from '../store/database.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { createIngest, type Ingest } from './ingest.js';
import { deviceIdFromTopic, startMqttIngest } from './mqtt.js';
import { createFixture, type Fixture } from './testFixture.js';

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
  let subscriber: { close(): Promise<void> };
  let device: mqtt.MqttClient;
  const events: VigiaEvent[] = [];

  beforeAll(async () => {
    store = await openTestStore();
    fx = await createFixture(store);
    ingest = createIngest({
      store,
      publish: (e) => events.push(e),
      batchMs: 20,
      log: { warn: () => {}, error: () => {} },
    });
    // Its own share group (a running server on the same broker keeps its messages) and only
    // this run's devices (the other database's run publishes at the same time).
    const group = `vigia-teste-${randomBytes(4).toString('hex')}`;
    subscriber = await startMqttIngest(MQTT_URL, ingest, {
      topic: [fx.deviceId, fx.otherDeviceId].map(
        (id) => `$share/${group}/vigia/dispositivos/${id}/leituras`,
      ),
    });
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
        events.some((e) => e.type === 'readings.updated' && e.deviceId === fx.deviceId),
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
      deviceId: fx.deviceId,
      ts,
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
});
