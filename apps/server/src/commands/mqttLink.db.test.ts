import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  MQTT_URL,
  mqttAvailable,
  needService,
} from '../../../../test-support/services.js';
import type { CommandMessage } from '../store/commands/commandStore.js';
import { connectMqttCommandLink, connectMqttDeviceLink } from './mqttLink.js';
import { deviceIdOfCommandTopic, parseStatusAnswer } from './topics.js';
import type { CommandLink, DeviceCommandLink } from './transport.js';

const available = await needService('Mosquitto', mqttAvailable);

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('tempo esgotado');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('command topics and answers', () => {
  it('reads the device id of the command and status topics only', () => {
    expect(deviceIdOfCommandTopic('vigia/dispositivos/7/comandos', 'comandos')).toBe(7);
    expect(deviceIdOfCommandTopic('vigia/dispositivos/7/comandos/status', 'status')).toBe(7);
    for (const [topic, kind] of [
      ['vigia/dispositivos/7/comandos/status', 'comandos'],
      ['vigia/dispositivos/7/comandos', 'status'],
      ['vigia/dispositivos/0/comandos', 'comandos'],
      ['vigia/dispositivos/x/comandos/status', 'status'],
      ['vigia/dispositivos/7/leituras', 'comandos'],
    ] as const) {
      expect(deviceIdOfCommandTopic(topic, kind)).toBeNaN();
    }
  });

  it('takes { id, statusWebId: 1|2|3 } and nothing else', () => {
    expect(parseStatusAnswer('{"id":5,"statusWebId":2}')).toEqual({ id: 5, statusWebId: 2 });
    expect(parseStatusAnswer(Buffer.from('{"id":5,"statusWebId":1}'))).toEqual({
      id: 5,
      statusWebId: 1,
    });
    for (const bad of [
      '{"id":5,"statusWebId":4}',
      '{"id":5,"statusWebId":0}',
      '{"id":0,"statusWebId":2}',
      '{"id":"5","statusWebId":2}',
      'não é json',
      null,
    ]) {
      expect(parseStatusAnswer(bad)).toBeUndefined();
    }
  });
});

describe.skipIf(!available)('command delivery over the real broker', () => {
  const group = `teste-${randomBytes(4).toString('hex')}`;
  const clientId = `vigia-${group}-comandos`;
  // Ids far from the demo fleet's: other runs on the same broker never answer them.
  const deviceId = 900_000 + Math.floor(Math.random() * 90_000);
  let server: CommandLink;
  let devices: DeviceCommandLink;
  const heard: CommandMessage[] = [];
  const answers: unknown[] = [];

  beforeAll(async () => {
    server = await connectMqttCommandLink({ url: MQTT_URL }, { clientId, group });
    server.onStatus((id, payload) => {
      if (id === deviceId) answers.push(parseStatusAnswer(payload));
    });
    devices = await connectMqttDeviceLink({ url: MQTT_URL });
    devices.onCommand((id, message) => {
      if (id === deviceId) heard.push(message);
    });
  });
  afterAll(async () => {
    await devices?.close();
    await server?.close();
  });

  it('publishes a command on the device’s topic and hears its answers on the status topic', async () => {
    await server.send(deviceId, { id: 41, parameter_id: 101, comando: 1 });
    await until(() => heard.length === 1);
    expect(heard).toEqual([{ id: 41, parameter_id: 101, comando: 1 }]);
    await devices.answer(deviceId, { id: 41, statusWebId: 1 });
    await devices.answer(deviceId, { id: 41, statusWebId: 2 });
    await until(() => answers.length === 2);
    expect(answers).toEqual([
      { id: 41, statusWebId: 1 },
      { id: 41, statusWebId: 2 },
    ]);
  });

  it('keeps the node’s session: an answer published while the server was away arrives when it is back', async () => {
    await server.close();
    await devices.answer(deviceId, { id: 42, statusWebId: 2 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    server = await connectMqttCommandLink({ url: MQTT_URL }, { clientId, group });
    const late: unknown[] = [];
    server.onStatus((id, payload) => {
      if (id === deviceId) late.push(parseStatusAnswer(payload));
    });
    await until(() => late.length === 1);
    expect(late).toEqual([{ id: 42, statusWebId: 2 }]);
  });
});

describe.skipIf(!available)('command answers after a restart of the broker', () => {
  it('subscribes again when the broker restored the session without its shared subscription', async () => {
    // Mosquitto 2.0 saves a session's plain subscriptions, not its shared ones: after a
    // restart the node's session is present, so mqtt.js does not subscribe again by itself.
    const dir = mkdtempSync(join(tmpdir(), 'vigia-broker-'));
    const port = await freePort();
    const conf = join(dir, 'mosquitto.conf');
    writeFileSync(
      conf,
      [
        `listener ${port} 127.0.0.1`,
        'allow_anonymous true',
        'persistence true',
        `persistence_location ${dir}/`,
        // As root Mosquitto would switch to `mosquitto`, which cannot write the folder.
        `user ${userInfo().username}`,
      ].join('\n'),
    );
    const start = async () => {
      const broker = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
      const connection = { url: `mqtt://127.0.0.1:${port}` };
      const deadline = Date.now() + 5000;
      for (;;) {
        try {
          const probe = await connectMqttDeviceLink(connection);
          await probe.close();
          return broker;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const stop = (broker: ChildProcess) =>
      new Promise<void>((resolve) => {
        broker.once('exit', () => resolve());
        broker.kill('SIGTERM');
      });
    const url = `mqtt://127.0.0.1:${port}`;
    let broker = await start();
    const server = await connectMqttCommandLink(
      { url },
      { clientId: 'vigia-t-comandos', group: 't' },
    );
    const answers: unknown[] = [];
    server.onStatus((id, payload) => {
      if (id === 7) answers.push(parseStatusAnswer(payload));
    });
    let devices: DeviceCommandLink | undefined;
    try {
      // SIGTERM: the broker saves the node's session on its way out.
      await stop(broker);
      broker = await start();
      devices = await connectMqttDeviceLink({ url });
      // The answer the device keeps sending (QoS 1 to a broker with no subscriber is dropped).
      const deadline = Date.now() + 8000;
      while (answers.length === 0 && Date.now() < deadline) {
        await devices.answer(7, { id: 43, statusWebId: 2 });
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(answers[0]).toEqual({ id: 43, statusWebId: 2 });
    } finally {
      await devices?.close();
      await server.close();
      await stop(broker);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
