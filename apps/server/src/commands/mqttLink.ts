import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { MQTT_CLIENT_DEFAULTS } from '../broker/clientOptions.js';
import type { CommandMessage } from '../store/commands/commandStore.js';
import {
  COMMAND_STATUS_TOPIC_FILTER,
  COMMAND_TOPIC_FILTER,
  commandStatusTopic,
  commandTopic,
  deviceIdOfCommandTopic,
  type StatusAnswer,
} from './topics.js';
import type { CommandHandler, CommandLink, DeviceCommandLink, StatusHandler } from './transport.js';

/**
 * Waits for the first connection. The listeners are set before it: a kept
 * session delivers its messages right after CONNACK, before a later listener.
 */
function connected(client: mqtt.MqttClient): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      client.end(true);
      reject(error);
    };
    client.once('connect', () => {
      client.off('error', fail);
      resolve();
    });
    client.once('error', fail);
  });
}

/** How long the broker keeps the server's command session while it is away (MQTT 5). */
const SESSION_EXPIRY_S = 24 * 3600;

/** The broker and the account (config.ts `mqttConnection`). */
export interface MqttConnection {
  url: string;
  username?: string;
  password?: string;
}

export interface MqttCommandLinkOptions {
  /**
   * Stable per node: with `clean: false` the broker keeps the node's session,
   * so answers published while it was down arrive when it reconnects.
   */
  clientId: string;
  /** Shared-subscription group: one node of the deployment handles each answer. */
  group: string;
  onError?: (error: Error) => void;
}

/** The server's command client: publishes QoS 1, hears every device's answers. */
export async function connectMqttCommandLink(
  { url, ...account }: MqttConnection,
  options: MqttCommandLinkOptions,
): Promise<CommandLink> {
  const topic = `$share/${options.group}/${COMMAND_STATUS_TOPIC_FILTER}`;
  const client = mqtt.connect(url, {
    ...MQTT_CLIENT_DEFAULTS,
    ...account,
    clientId: options.clientId,
    clean: false,
    resubscribe: false,
    protocolVersion: 5,
    properties: { sessionExpiryInterval: SESSION_EXPIRY_S },
  });
  const handlers = new Set<StatusHandler>();
  // Answers kept by the session arrive right after connecting, maybe before a handler is set.
  const backlog: [number, Buffer][] = [];
  client.on('error', (error) => options.onError?.(error));
  client.on('message', (received, payload) => {
    const deviceId = deviceIdOfCommandTopic(received, 'status');
    if (!Number.isSafeInteger(deviceId)) return;
    if (handlers.size === 0) backlog.push([deviceId, payload]);
    for (const h of handlers) h(deviceId, payload);
  });
  await connected(client);
  // Again on every reconnection (mqtt.js's own resubscribe is off: it subscribes again only
  // when the session is gone, and skips a topic it has subscribed): Mosquitto 2.0 restores a
  // session over its restart without the session's shared subscriptions. Subscribing again
  // to a kept one is harmless.
  client.on('connect', () => {
    client.subscribe(topic, { qos: 1 }, (error) => {
      if (error) options.onError?.(error);
    });
  });
  await client.subscribeAsync(topic, { qos: 1 });
  return {
    async send(deviceId: number, message: CommandMessage) {
      await client.publishAsync(commandTopic(deviceId), JSON.stringify(message), { qos: 1 });
    },
    onStatus(handler) {
      handlers.add(handler);
      for (const [deviceId, payload] of backlog.splice(0)) handler(deviceId, payload);
    },
    async close() {
      handlers.clear();
      await client.endAsync();
    },
  };
}

/**
 * The simulated devices' client: subscribes every device's command topic (a
 * real device subscribes only its own) and answers on the status topics.
 */
export async function connectMqttDeviceLink(
  { url, ...account }: MqttConnection,
  options: { onError?: (error: Error) => void } = {},
): Promise<DeviceCommandLink> {
  const client = await mqtt.connectAsync(url, {
    ...MQTT_CLIENT_DEFAULTS,
    ...account,
    clientId: `vigia-simulador-${randomBytes(6).toString('hex')}`,
    clean: true,
  });
  const handlers = new Set<CommandHandler>();
  client.on('error', (error) => options.onError?.(error));
  client.on('message', (received, payload) => {
    const deviceId = deviceIdOfCommandTopic(received, 'comandos');
    if (!Number.isSafeInteger(deviceId)) return;
    let message: CommandMessage;
    try {
      message = JSON.parse(payload.toString()) as CommandMessage;
    } catch {
      return;
    }
    for (const h of handlers) h(deviceId, message);
  });
  client.on('connect', () => {
    client.subscribe(COMMAND_TOPIC_FILTER, { qos: 1 }, (error) => {
      if (error) options.onError?.(error);
    });
  });
  await client.subscribeAsync(COMMAND_TOPIC_FILTER, { qos: 1 });
  return {
    onCommand(handler) {
      handlers.add(handler);
    },
    async answer(deviceId: number, status: StatusAnswer) {
      await client.publishAsync(commandStatusTopic(deviceId), JSON.stringify(status), { qos: 1 });
    },
    async close() {
      handlers.clear();
      await client.endAsync();
    },
  };
}
