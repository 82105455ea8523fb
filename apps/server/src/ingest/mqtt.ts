import mqtt, { type IClientOptions, type Packet } from 'mqtt';
import { MQTT_CLIENT_DEFAULTS } from '../broker/clientOptions.js';
import type { Config } from '../config.js';
import type { Ingest, Outcome } from './ingest.js';

/** Topic devices publish readings to; `{id}` is the device id. */
export const READINGS_TOPIC = 'vigia/dispositivos/+/leituras';
/** Shared subscription: the nodes of one group split the devices' messages. */
export const sharedReadingsTopic = (group: string) => `$share/${group}/${READINGS_TOPIC}`;
export const SHARED_READINGS_TOPIC = sharedReadingsTopic('vigia');

/**
 * What a node subscribes to: the shared subscription of its group, except on
 * the project's own broker, which listens on 127.0.0.1 and so serves one node.
 * There a plain subscription: Mosquitto (2.0) does not restore a session's
 * shared subscriptions after a restart of the broker, so the readings devices
 * publish before the node subscribes again would be lost; a plain one is
 * restored and they wait in the session (bench/ingest-crash).
 */
export const readingsSubscription = (config: Pick<Config, 'broker' | 'mqttGroup'>) =>
  config.broker ? READINGS_TOPIC : sharedReadingsTopic(config.mqttGroup);

/** A node's session outlives a restart or an outage of this long (one week). */
export const SESSION_EXPIRY_S = 7 * 24 * 3600;

/**
 * QoS 1 messages the broker may have sent a node and not seen acknowledged.
 * A node acknowledges a message once its batch is committed, so this bounds
 * what waits in the node (2,000 messages of ~30 readings) while the rest waits
 * on the broker; an MQTT 5 client that names none allows 65,535, and Mosquitto
 * then sends all it has (bench/fleet, 20k devices on PostgreSQL: 18,000 in
 * flight and a million readings queued before this was set). A batch takes
 * what arrived while the one before was written, so 2,000 carries 2,000
 * messages a second while a commit takes up to a second.
 */
export const RECEIVE_MAXIMUM = 2000;

/**
 * Largest MQTT packet a node takes, as an HTTP ingest body (1 MiB: thousands of
 * readings). Told to the broker at connect (MQTT 5 Maximum Packet Size), which
 * then never sends a node a larger one, and set on the project's own broker,
 * which refuses it from the device: a device's 200 MB message no longer reaches
 * a node's memory.
 */
export const MAX_MESSAGE_BYTES = 1 << 20;

/**
 * Largest MQTT packet a node takes from its broker, and the project's broker
 * from a device: the message, its topic and properties, and room for a message
 * somewhat over MAX_MESSAGE_BYTES to arrive and be refused here, counted against
 * its device (`grande`). A larger packet never leaves the broker: Mosquitto
 * drops it for the node and disconnects the device that sent it (its log says
 * so, no count here).
 */
export const MAX_PACKET_BYTES = MAX_MESSAGE_BYTES + 64 * 1024;

export interface MqttIngestOptions {
  /** Subscription topic filter(s) (default SHARED_READINGS_TOPIC). */
  topic?: string | string[];
  /**
   * Fixed per node: the broker keeps this node's session (its subscription and
   * the messages it has not acknowledged) under this id while the node is away.
   */
  clientId: string;
  username?: string;
  password?: string;
  /** How long the broker keeps the session of a node that went away (default SESSION_EXPIRY_S). */
  sessionExpiryS?: number;
  /** QoS 1 messages in flight to this node at most (default RECEIVE_MAXIMUM). */
  receiveMaximum?: number;
  onError?: (err: Error) => void;
}

export interface MqttIngestStats {
  /** Messages received from the broker (redeliveries included). */
  received: number;
  /** Messages acknowledged to the broker (stored, or refused for good). */
  acknowledged: number;
  /** Messages on a topic that names no device (refused, acknowledged). */
  refusedTopic: number;
  /** Messages over MAX_MESSAGE_BYTES (refused, acknowledged). */
  refusedSize: number;
  /** Times the connection was dropped so the broker sends again what was not stored. */
  redeliveries: number;
}

export interface MqttIngest {
  stats(): MqttIngestStats;
  /** Acknowledges what the ingest has committed, then disconnects; the broker keeps the session. */
  close(): Promise<void>;
}

/** The device id in `vigia/dispositivos/{id}/leituras`, or NaN. */
export function deviceIdFromTopic(topic: string): number {
  const parts = topic.split('/');
  if (
    parts.length !== 4 ||
    parts[0] !== 'vigia' ||
    parts[1] !== 'dispositivos' ||
    parts[3] !== 'leituras'
  ) {
    return Number.NaN;
  }
  return /^[1-9]\d{0,15}$/.test(parts[2] ?? '') ? Number(parts[2]) : Number.NaN;
}

type SendPacket = (packet: Packet, cb?: (err?: Error) => void, ...rest: unknown[]) => void;

interface Unacked {
  outcome: Outcome | undefined;
  /** mqtt.js's PUBACK for it, held until the outcome is known. */
  puback: (() => void) | undefined;
}

/**
 * Subscribes to the devices' readings with a persistent session (fixed client
 * id, clean: false, QoS 1) and hands every message to the ingest. A message is
 * acknowledged to the broker (PUBACK) only once the ingest has committed it, or
 * refused it for good; one that was not stored (a failed write) is left
 * unacknowledged and the connection dropped, so the broker sends it again on
 * reconnect (a repeated reading is stored once). The receive maximum is the
 * back-pressure: a node slower than its devices leaves the excess on the
 * broker rather than refusing it. Readings published while the node is down
 * wait in its session on the broker.
 */
export async function startMqttIngest(
  url: string,
  ingest: Ingest,
  opts: MqttIngestOptions,
): Promise<MqttIngest> {
  const topic = opts.topic ?? SHARED_READINGS_TOPIC;
  const onError = opts.onError ?? ((err: Error) => console.error('[mqtt] erro', err.message));
  const counters: MqttIngestStats = {
    received: 0,
    acknowledged: 0,
    refusedTopic: 0,
    refusedSize: 0,
    redeliveries: 0,
  };
  const options: IClientOptions = {
    clientId: opts.clientId,
    clean: false,
    protocolVersion: 5,
    properties: {
      sessionExpiryInterval: opts.sessionExpiryS ?? SESSION_EXPIRY_S,
      receiveMaximum: opts.receiveMaximum ?? RECEIVE_MAXIMUM,
      maximumPacketSize: MAX_PACKET_BYTES,
    },
    ...MQTT_CLIENT_DEFAULTS,
    resubscribe: false,
    manualConnect: true,
    ...(opts.username !== undefined ? { username: opts.username } : {}),
    ...(opts.password !== undefined ? { password: opts.password } : {}),
  };
  const client = mqtt.connect(url, options);

  // mqtt.js sends a QoS 1 PUBACK as soon as the 'message' listeners return and
  // offers no manual acknowledgement that keeps the next message flowing (its
  // `handleMessage` hook takes one message at a time, a batch per message). So
  // the PUBACK it sends is held here until the ingest reports the outcome.
  const internals = client as unknown as { _sendPacket: SendPacket };
  const send = internals._sendPacket.bind(client);
  let unacked = new Map<number, Unacked>();
  let closing = false;
  let dropping = false;

  const dropForRedelivery = () => {
    if (dropping || closing) return;
    dropping = true;
    counters.redeliveries += 1;
    client.stream?.destroy();
  };
  const finish = (messageId: number, entry: Unacked) => {
    unacked.delete(messageId);
    if (entry.outcome === 'failed') {
      dropForRedelivery();
      return;
    }
    counters.acknowledged += 1;
    entry.puback?.();
  };
  internals._sendPacket = (packet, cb, ...rest) => {
    const messageId = packet.cmd === 'puback' ? packet.messageId : undefined;
    const entry = messageId === undefined ? undefined : unacked.get(messageId);
    if (messageId === undefined || !entry) {
      send(packet, cb, ...rest);
      return;
    }
    entry.puback = () => send(packet, undefined, ...rest);
    cb?.();
    if (entry.outcome) finish(messageId, entry);
  };

  client.on('message', (received, payload, packet) => {
    counters.received += 1;
    const deviceId = deviceIdFromTopic(received);
    // Refused here, before parsing, and counted against the device the topic names.
    let refusal: 'wrongTopic' | 'tooBig' | undefined;
    if (Number.isNaN(deviceId)) {
      refusal = 'wrongTopic';
      counters.refusedTopic += 1;
    } else if (payload.byteLength > MAX_MESSAGE_BYTES) {
      refusal = 'tooBig';
      counters.refusedSize += 1;
    }
    const hand = (onOutcome?: (outcome: Outcome) => void) => {
      if (refusal) ingest.refuse(Number.isNaN(deviceId) ? undefined : deviceId, refusal, onOutcome);
      else if (!onOutcome) ingest.submit(deviceId, payload);
      // The receive maximum bounds what waits here (QoS 1); the broker holds the rest.
      else ingest.submit(deviceId, payload, onOutcome, { flowControlled: true });
    };
    const { messageId } = packet;
    if (packet.qos === 0 || messageId === undefined) {
      hand();
      return;
    }
    // Withheld (and sent again by the broker) while closing: the ingest may not write it any more.
    const entry: Unacked = { outcome: closing ? 'failed' : undefined, puback: undefined };
    const generation = unacked;
    generation.set(messageId, entry);
    if (closing) return;
    hand((outcome) => {
      // A message of a connection that has since closed: the broker sends it again.
      if (generation !== unacked) return;
      entry.outcome = outcome;
      if (entry.puback) finish(messageId, entry);
    });
  });
  client.on('close', () => {
    unacked = new Map();
  });
  client.on('error', onError);
  await new Promise<void>((resolve, reject) => {
    const failed = (err: Error) => {
      client.end(true);
      reject(err);
    };
    client.once('error', failed);
    // Subscribing again on every connection is harmless and covers a session the broker lost.
    client.on('connect', () => {
      dropping = false;
      client.subscribe(topic, { qos: 1 }, (err) => {
        if (err) onError(err);
        else {
          client.off('error', failed);
          resolve();
        }
      });
    });
    client.connect();
  });

  return {
    stats: () => ({ ...counters }),
    async close() {
      closing = true;
      // What is already queued gets committed and acknowledged; the rest the broker keeps.
      await ingest.flush();
      await client.endAsync();
    },
  };
}
