import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_NOTIFICATION_PREFERENCES, zonedParts } from '@vigia/domain';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, needService } from '../../../../test-support/services.js';
import { deviceBrokerUser } from '../broker/deviceCredentials.js';
import { provisionBroker, type RunningBroker, startBroker } from '../broker/mosquitto.js';
import { BROKER_SERVER_USER, brokerServerPasswordFile } from '../config.js';
import { EventBus } from '../events/eventBus.js';
import { createIngest, type Ingest } from '../ingest/ingest.js';
import { type MqttIngest, READINGS_TOPIC, startMqttIngest } from '../ingest/mqtt.js';
import { createFixture, type Fixture } from '../ingest/testFixture.js';
import type { Store } from '../store/database.js';
import { savePreferences } from '../store/notifications/preferences.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';
import { until } from '../test/until.js';
import { startTestHookReceiver, startTestMailServer, type TestMailServer } from './testMail.js';

const hasMosquitto = async () =>
  spawnSync('sh', ['-c', 'command -v mosquitto && command -v mosquitto_passwd']).status === 0;
const available =
  (await testStoreAvailable()) && (await needService('Mosquitto (binário)', hasMosquitto));

/** 'dd/MM/yyyy HH:mm:ss' in São Paulo by the runtime's own time zone data, not the domain's. */
const saoPauloTime = (epochSec: number) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .format(epochSec * 1000)
    .replace(', ', ' ');

/**
 * Issue 29's first Done-when, end to end: a device publishes a reading to a
 * real Mosquitto of the test's own (its key checked by the broker), the
 * server's MQTT ingest writes it, the engine raises a critical alarm, and the
 * user on shift finds it in their mailbox (a real SMTP server) and at their
 * webhook (a local HTTP receiver) within 10 s, in pt-BR.
 */
describe.skipIf(!available)('a critical alarm from an MQTT reading, mailed and webhooked', () => {
  let store: Store;
  let fx: Fixture;
  let dir: string;
  let broker: RunningBroker;
  let subscriber: MqttIngest;
  let ingest: Ingest;
  let mail: TestMailServer;
  let receiver: Awaited<ReturnType<typeof startTestHookReceiver>>;
  let t: TestApp;
  let device: mqtt.MqttClient;
  const bus = new EventBus();
  const onShift = 9301;
  const address = 'plantao.mqtt@empresa.com.br';
  const quiet = { warn: () => {}, error: () => {} };

  beforeAll(async () => {
    store = await openTestStore();
    fx = await createFixture(store);
    const now = Math.floor(Date.now() / 1000);
    await store.db
      .insertInto('users')
      .values({
        id: onShift,
        login: 'plantao.mqtt',
        nome: 'Plantão MQTT',
        password_hash: 'x',
        created_at: now,
      })
      .execute();
    await store.db.insertInto('user_systems').values({ user_id: onShift, system_id: 1 }).execute();
    await store.db
      .insertInto('schedules')
      .values({
        user_id: onShift,
        system_id: 1,
        dia_semana: zonedParts(Date.now()).weekday,
        entrada: '00:00',
        saida: '23:59',
        created_at: now,
      })
      .execute();
    mail = await startTestMailServer();
    receiver = await startTestHookReceiver();
    await savePreferences(
      store.db,
      onShift,
      {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        email: true,
        enderecoEmail: address,
        webhook: true,
        webhookUrl: receiver.url,
        somenteEmPlantao: true,
      },
      now,
    );

    dir = mkdtempSync(join(tmpdir(), 'vigia-notif-mqtt-'));
    const port = await freePort();
    const provisioned = await provisionBroker(store, {
      dir: join(dir, 'broker'),
      port,
      keysFile: join(dir, 'chaves-dispositivos.txt'),
    });
    broker = await startBroker(provisioned.files, port);
    const key = provisioned.issued.find((k) => k.deviceId === fx.deviceId)?.key;
    ingest = createIngest({ store, publish: bus, batchMs: 20, log: quiet });
    subscriber = await startMqttIngest(broker.url, ingest, {
      topic: READINGS_TOPIC,
      clientId: `vigia-teste-${randomBytes(4).toString('hex')}`,
      username: BROKER_SERVER_USER,
      password: readFileSync(brokerServerPasswordFile(join(dir, 'broker')), 'utf8').trim(),
      sessionExpiryS: 60,
      onError: () => {},
    });
    t = await startTestApp({
      store,
      bus,
      ingest,
      env: {
        VIGIA_SMTP_URL: mail.url,
        VIGIA_WEBHOOK_PRIVATE: '1',
        VIGIA_PUBLIC_URL: 'https://vigia.exemplo',
        VIGIA_NOTIFY_POLL_MS: '100',
      },
    });
    device = await mqtt.connectAsync(broker.url, {
      clientId: `dispositivo-${fx.deviceId}-${randomBytes(4).toString('hex')}`,
      username: deviceBrokerUser(fx.deviceId),
      password: key,
      protocolVersion: 5,
      reconnectPeriod: 0,
    });
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await subscriber?.close();
    await t?.close();
    await ingest?.close();
    await broker?.stop();
    await mail?.stop();
    await receiver?.close();
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reaches the on-shift user by e-mail and by a signed webhook within 10 s, in pt-BR', async () => {
    const ts = Math.floor(Date.now() / 1000);
    const started = Date.now();
    await device.publishAsync(
      `vigia/dispositivos/${fx.deviceId}/leituras`,
      JSON.stringify({ ts, leituras: { OilTemp: 112.5 } }),
      { qos: 1 },
    );
    const [mailed] = await until(
      () => mail.mails.filter((m) => m.to === address),
      (m) => m.length > 0,
      10_000,
    );
    const [hook] = await until(
      () => receiver.hooks,
      (h) => h.length > 0,
      10_000,
    );
    const elapsed = Date.now() - started;
    console.info(`MQTT → e-mail e webhook: ${elapsed} ms`);
    expect(elapsed).toBeLessThan(10_000);

    const occurrence = await store.db
      .selectFrom('occurrences')
      .select(['id', 'hora_ativacao'])
      .where('device_id', '=', fx.deviceId)
      .executeTakeFirstOrThrow();
    expect(occurrence.hora_ativacao).toBe(ts);
    // The device as a site (outside a plant or SCD: 0 and 0), on its active alarms.
    const link = `https://vigia.exemplo/#/1/site/0/0/${fx.deviceId}/ocorrencias/ativas`;
    const lines = [
      'Alarme crítico: Alta temperatura do óleo',
      'Dispositivo: GMG A',
      'Local: Local de teste',
      'Sistema: Sistema A',
      'Alarme: Alta temperatura do óleo (criticidade 20)',
      'Valor: 112,50',
      `Horário: ${saoPauloTime(ts)} (horário de Brasília)`,
      `Ver o alarme: ${link}`,
    ];
    expect(mailed?.subject).toBe('[Vigia] Alarme crítico: Alta temperatura do óleo — GMG A');
    for (const line of lines) expect(mailed?.text.split('\n')).toContain(line);
    expect(mailed?.messageId).toBe(`<alarme-${occurrence.id}-${onShift}-email@vigia>`);

    const secret = (
      await store.db
        .selectFrom('notification_preferences')
        .select('webhook_secret')
        .where('user_id', '=', onShift)
        .executeTakeFirstOrThrow()
    ).webhook_secret;
    const body = hook?.body ?? '';
    expect(hook?.headers['x-vigia-assinatura']).toBe(
      `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    );
    const payload = JSON.parse(body) as Record<string, unknown>;
    expect(payload).toMatchObject({
      id: `alarme-${occurrence.id}-${onShift}-webhook`,
      tipo: 'alarme',
      assunto: mailed?.subject,
      dispositivo: 'GMG A',
      local: 'Local de teste',
      sistema: 'Sistema A',
      alarme: 'Alta temperatura do óleo',
      critico: 20,
      valor: 112.5,
      horaAtivacao: ts,
      link,
    });
    for (const line of lines) expect(String(payload.texto).split('\n')).toContain(line);
    // One of each: the alarm is told once per channel.
    await new Promise((r) => setTimeout(r, 300));
    expect(mail.mails).toHaveLength(1);
    expect(receiver.hooks).toHaveLength(1);
  });
});
