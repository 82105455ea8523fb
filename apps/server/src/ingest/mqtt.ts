import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import type { Ingest } from './ingest.js';

/** Topic devices publish readings to; `{id}` is the device id. */
export const READINGS_TOPIC = 'vigia/dispositivos/+/leituras';
/** Shared subscription: the nodes of one group split the devices' messages. */
export const sharedReadingsTopic = (group: string) => `$share/${group}/${READINGS_TOPIC}`;
export const SHARED_READINGS_TOPIC = sharedReadingsTopic('vigia');

export interface MqttIngestOptions {
  /** Subscription topic filter(s) (default SHARED_READINGS_TOPIC). */
  topic?: string | string[];
  clientId?: string;
  onError?: (err: Error) => void;
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

/**
 * Subscribes to the devices' readings on an MQTT broker and hands every
 * message to the ingest (which validates, counts and logs bad ones). QoS 1,
 * persistent reconnects; `close()` unsubscribes and disconnects.
 */
export async function startMqttIngest(
  url: string,
  ingest: Ingest,
  opts: MqttIngestOptions = {},
): Promise<{ close(): Promise<void> }> {
  const topic = opts.topic ?? SHARED_READINGS_TOPIC;
  const client = await mqtt.connectAsync(url, {
    clientId: opts.clientId ?? `vigia-ingest-${randomBytes(6).toString('hex')}`,
    clean: true,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
  });
  const onError = opts.onError ?? ((err: Error) => console.error('[mqtt] erro', err.message));
  client.on('error', onError);
  client.on('message', (received, payload) => {
    ingest.submit(deviceIdFromTopic(received), payload);
  });
  // After a reconnect with a clean session the subscription must be made again.
  client.on('connect', () => {
    client.subscribe(topic, { qos: 1 }, (err) => {
      if (err) onError(err);
    });
  });
  await client.subscribeAsync(topic, { qos: 1 });
  return {
    async close() {
      try {
        await client.unsubscribeAsync(topic);
      } catch {
        // Closing anyway.
      }
      await client.endAsync();
    },
  };
}
