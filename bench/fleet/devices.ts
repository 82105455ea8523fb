/**
 * A share of the fleet's simulated devices (issue 18), forked by run.ts: each device on
 * its own MQTT connection to the broker it is given, publishing every 10 s on its own
 * phase. One process holds a few thousand sockets, well under the open-files limit
 * (20,000 here), so the fleet spreads over several of these.
 *
 * Over IPC: run.ts sends `setup`, then `start` (the fleet's common time origin, so the
 * phases stay those of one fleet), `count` (replied with the messages published so far)
 * and `stop`; this process sends `connected`, `alarm` (a device published an alarm value,
 * at that epoch time in ms) and the replies.
 */
import { performance } from 'node:perf_hooks';
import mqtt from 'mqtt';

export interface DeviceShare {
  type: 'setup';
  url: string;
  /** The devices' ids and their index in the whole fleet (their phase). */
  ids: number[];
  firstIndex: number;
  /** Phases in the period: one every `tickMs`. */
  slots: number;
  tickMs: number;
  normal: Record<string, number>;
  alarm: { tag: string; high: number; low: number };
  bitWords: string[];
  alarmIds: number[];
}

export type ToDevices =
  | DeviceShare
  | { type: 'start'; at: number }
  | { type: 'count'; seq: number }
  | { type: 'stop' };

export type FromDevices =
  | { type: 'connected'; count: number; ms: number }
  | { type: 'alarm'; id: number; at: number }
  | { type: 'count'; seq: number; published: number; late: number }
  | { type: 'stopped'; published: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const epochNow = () => performance.timeOrigin + performance.now();
const send = (message: FromDevices) => process.send?.(message);

let share: DeviceShare | undefined;
const clients: mqtt.MqttClient[] = [];
let published = 0;
/** Ticks run more than one tick late (the process could not keep its pace). */
let late = 0;
let publishing = false;
let loop: Promise<void> | undefined;

async function connect(s: DeviceShare) {
  const start = Date.now();
  for (let i = 0; i < s.ids.length; i += 200) {
    const batch = await Promise.all(
      s.ids.slice(i, i + 200).map((id) =>
        mqtt.connectAsync(s.url, {
          clientId: `frota-${id}`,
          keepalive: 120,
          reconnectPeriod: 1000,
        }),
      ),
    );
    for (const c of batch) c.on('error', () => {});
    clients.push(...batch);
  }
  send({ type: 'connected', count: clients.length, ms: Date.now() - start });
}

function run(s: DeviceShare, origin: number) {
  const bitWords = new Set(s.bitWords);
  const alarmIds = new Set(s.alarmIds);
  const raised = new Set<number>();
  const tags = Object.keys(s.normal);
  const publishOne = (k: number) => {
    const id = s.ids[k] as number;
    const leituras: Record<string, number> = {};
    for (const tag of tags) {
      const v = s.normal[tag] as number;
      // ±0.1 % of a bit word flips its low bits (2048 → 2046 sets bit 64): an event a message.
      leituras[tag] = bitWords.has(tag)
        ? v
        : Math.round(v * (1 + (Math.random() - 0.5) * 0.002) * 100) / 100;
    }
    if (alarmIds.has(id)) {
      // Alternates: high (opens the alarm), then normal (clears it).
      const raising = !raised.has(id);
      leituras[s.alarm.tag] = raising ? s.alarm.high : s.alarm.low;
      if (raising) {
        raised.add(id);
        send({ type: 'alarm', id, at: epochNow() });
      } else raised.delete(id);
    } else {
      leituras[s.alarm.tag] = s.alarm.low;
    }
    published += 1;
    (clients[k] as mqtt.MqttClient).publish(
      `vigia/dispositivos/${id}/leituras`,
      JSON.stringify({ ts: Math.floor(Date.now() / 1000), leituras }),
      { qos: 1 },
    );
  };
  publishing = true;
  loop = (async () => {
    // Tick t (from the fleet's origin) publishes the devices whose global index is t mod slots.
    let tick = Math.max(0, Math.floor((epochNow() - origin) / s.tickMs));
    while (publishing) {
      const due = origin + tick * s.tickMs;
      const wait = due - epochNow();
      if (wait > 0) await sleep(wait);
      else if (wait < -s.tickMs) late += 1;
      const slot = tick % s.slots;
      // First k with (firstIndex + k) ≡ slot (mod slots).
      const first = (((slot - s.firstIndex) % s.slots) + s.slots) % s.slots;
      for (let k = first; k < clients.length; k += s.slots) publishOne(k);
      tick += 1;
      if (wait <= 0) await new Promise((resolve) => setImmediate(resolve));
    }
  })();
}

process.on('message', (message: ToDevices) => {
  if (message.type === 'setup') {
    share = message;
    connect(message).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  } else if (message.type === 'start' && share) {
    run(share, message.at);
  } else if (message.type === 'count') {
    send({ type: 'count', seq: message.seq, published, late });
  } else if (message.type === 'stop') {
    publishing = false;
    (async () => {
      await loop;
      send({ type: 'stopped', published });
      for (const c of clients) c.end(true);
      await sleep(200);
      process.exit(0);
    })();
  }
});
process.on('disconnect', () => process.exit(0));
