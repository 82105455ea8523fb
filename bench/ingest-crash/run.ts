/**
 * Crash suite of the ingest: sustained MQTT and HTTP ingest into the real
 * server (from source, demo fleet, no simulator) with the project's own broker
 * (VIGIA_BROKER), through a `kill -9` of the server and a restart of the
 * broker. Devices publish with their own accounts; each reading carries a
 * sequence number as value and its own time. At the end every reading the
 * device saw acknowledged (PUBACK from the broker, HTTP 202) must be stored,
 * and none twice.
 *
 *   npx tsx --conditions=source bench/ingest-crash/run.ts [--db sqlite|postgres] [--rate 500] [--phase 8]
 *     [--time-limit 900] [--smoke]
 *
 * Takes about a minute. Prints sent / acknowledged / stored per transport and
 * exits 1 when an acknowledged reading is missing or a reading is stored twice.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import pg from 'pg';
import { brokerFiles, runningBroker } from '../../apps/server/src/broker/mosquitto.js';
import { openStore } from '../../apps/server/src/store/database.js';
import { E2E_ENV } from '../../e2e/support/vigiaServer.js';
import { freePort, POSTGRES_URL } from '../../test-support/services.js';
import { storedReadings } from '../storedReadings.js';
import { exitAfter, SMOKE_TIME_LIMIT_S, timeLimitOf } from '../timeLimit.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    /** MQTT messages per second, all devices together (HTTP sends a fifth of that). */
    rate: { type: 'string' },
    /** Seconds of load in each phase. */
    phase: { type: 'string' },
    devices: { type: 'string' },
    /** Tiny run for the test suite (bench/smoke.test.ts): 3 devices, 1 s phases, shorter pauses. */
    smoke: { type: 'boolean', default: false },
    /** Seconds the run may take; past it the bench stops with exit code 1. */
    'time-limit': { type: 'string' },
  },
});
const SMOKE = args.smoke;
const RATE = Number(args.rate ?? (SMOKE ? 100 : 500));
const PHASE_MS = Number(args.phase ?? (SMOKE ? 1 : 8)) * 1000;
const DEVICES = Number(args.devices ?? (SMOKE ? 3 : 20));
/** Pauses of the run: server down, broker down, and how long the count must stand still at the end. */
const PAUSES = SMOKE
  ? { serverDownMs: 1000, stillSeconds: 2 }
  : { serverDownMs: 3000, stillSeconds: 5 };
/** The broker outlives the server (its own process group): the time limit stops it by its pid file. */
let brokerPidFile: string | undefined;
exitAfter(
  'ingest-crash',
  timeLimitOf(args['time-limit'], SMOKE ? SMOKE_TIME_LIMIT_S : 900),
  async () => {
    if (brokerPidFile) process.kill(Number(readFileSync(brokerPidFile, 'utf8').trim()), 'SIGTERM');
  },
);
const HTTP_BATCH = 10;
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const MQTT_TAG = 'crashMqtt';
const HTTP_TAG = 'crashHttp';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

interface Server {
  child: ChildProcess;
  url: string;
}

async function databaseUrl(dir: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (args.db !== 'postgres')
    return { url: `sqlite:${join(dir, 'vigia.db')}`, drop: async () => {} };
  const name = `vigia_crash_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const children: ChildProcess[] = [];

function startServer(env: Record<string, string>, logFile: string): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'apps/server/src/server.ts'],
    { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    appendFileSync(logFile, chunk);
    if (output.length < 100_000) output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`servidor não subiu:\n${output.slice(-3000)}`)),
      180_000,
    );
    const poll = setInterval(() => {
      const match = /Vigia no ar em (http:\/\/[^\s,)"]+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      clearInterval(poll);
      resolve({ child, url: match[1].replace('localhost', '127.0.0.1') });
    }, 50);
    child.once('exit', (code) => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`servidor saiu (${code}):\n${output.slice(-3000)}`));
    });
  });
}

function issuedKeys(dataDir: string): Map<number, string> {
  const keys = new Map<number, string>();
  for (const line of readFileSync(join(dataDir, 'chaves-dispositivos.txt'), 'utf8').split('\n')) {
    const [id, key] = line.split(' ');
    if (id && key) keys.set(Number(id), key);
  }
  return keys;
}

/** Per device: the sequence numbers sent and acknowledged. */
class Ledger {
  sent = 0;
  readonly acked = new Map<number, Set<number>>();
  ack(deviceId: number, seq: number) {
    let set = this.acked.get(deviceId);
    if (!set) {
      set = new Set();
      this.acked.set(deviceId, set);
    }
    set.add(seq);
  }
  get acknowledged() {
    let n = 0;
    for (const set of this.acked.values()) n += set.size;
    return n;
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'vigia-crash-'));
  const db = await databaseUrl(dir);
  // Ports the system hands out free: a random one may be held by another socket of the run.
  const brokerPort = await freePort();
  const env = {
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATABASE_URL: db.url,
    VIGIA_DEMO: '1',
    VIGIA_SIMULATOR: '0',
    VIGIA_BROKER: '1',
    VIGIA_BROKER_PORT: String(brokerPort),
    VIGIA_DATA_DIR: dir,
    VIGIA_NODE: 'crash',
    VIGIA_MQTT_GROUP: 'crash',
    LOG_LEVEL: 'info',
  };
  const files = brokerFiles(join(dir, 'broker'));
  brokerPidFile = files.pid;
  // The e2e suite's seeded demo (bench/smoke.test.ts) instead of seeding 30 days again.
  const template = process.env[E2E_ENV.templateDb];
  if (template && args.db !== 'postgres') copyFileSync(template, join(dir, 'vigia.db'));
  log(`servidor (${args.db}), broker próprio na porta ${brokerPort}, pasta ${dir}`);
  let server = await startServer(env, join(dir, 'servidor-1.log'));
  const keys = issuedKeys(dir);
  const deviceIds = [...keys.keys()].sort((a, b) => a - b).slice(0, DEVICES);

  // Reading times: one second apart per device and transport, 20 days back (inside the
  // accepted range and the 90-day retention, which would delete older ones).
  const t0 = Math.floor(Date.now() / 1000) - 20 * 86400;
  const mqttLedger = new Ledger();
  const httpLedger = new Ledger();
  const seqOf = new Map<number, { mqtt: number; http: number }>();
  for (const id of deviceIds) seqOf.set(id, { mqtt: 0, http: 0 });

  const devices = await Promise.all(
    deviceIds.map((id) =>
      mqtt.connectAsync(`mqtt://127.0.0.1:${brokerPort}`, {
        clientId: `crash-dispositivo-${id}`,
        username: `dispositivo-${id}`,
        password: keys.get(id),
        clean: false,
        reconnectPeriod: 500,
      }),
    ),
  );
  for (const device of devices) device.on('error', () => {});

  let loading = true;
  const mqttLoad = (async () => {
    const interval = 1000 / RATE;
    let next = Date.now();
    let i = 0;
    while (loading) {
      const index = i++ % devices.length;
      const deviceId = deviceIds[index] as number;
      const device = devices[index] as mqtt.MqttClient;
      const counters = seqOf.get(deviceId) as { mqtt: number; http: number };
      const seq = ++counters.mqtt;
      mqttLedger.sent += 1;
      device.publish(
        `vigia/dispositivos/${deviceId}/leituras`,
        JSON.stringify({ ts: t0 + seq, leituras: { [MQTT_TAG]: seq } }),
        { qos: 1 },
        (err) => {
          if (!err) mqttLedger.ack(deviceId, seq);
        },
      );
      next += interval;
      const wait = next - Date.now();
      if (wait > 0) await sleep(wait);
    }
  })();

  const httpLoad = (async () => {
    const perSecond = Math.max(1, Math.round(RATE / 5 / HTTP_BATCH));
    let i = 0;
    while (loading) {
      const started = Date.now();
      const requests: Promise<void>[] = [];
      for (let r = 0; r < perSecond; r++) {
        const deviceId = deviceIds[i++ % deviceIds.length] as number;
        const counters = seqOf.get(deviceId) as { mqtt: number; http: number };
        const seqs = Array.from({ length: HTTP_BATCH }, () => ++counters.http);
        httpLedger.sent += seqs.length;
        requests.push(
          fetch(`${server.url}/api/ingest`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-device-key': keys.get(deviceId) as string,
            },
            body: JSON.stringify(
              seqs.map((seq) => ({ ts: t0 + seq, leituras: { [HTTP_TAG]: seq } })),
            ),
            signal: AbortSignal.timeout(10_000),
          })
            .then(async (response) => {
              if (response.status === 202) for (const seq of seqs) httpLedger.ack(deviceId, seq);
              await response.body?.cancel();
            })
            .catch(() => {}),
        );
      }
      await Promise.all(requests);
      await sleep(Math.max(0, 1000 - (Date.now() - started)));
    }
  })();

  const status = (what: string) =>
    log(
      `${what}: MQTT ${mqttLedger.sent} enviadas, ${mqttLedger.acknowledged} confirmadas; ` +
        `HTTP ${httpLedger.sent} enviadas, ${httpLedger.acknowledged} confirmadas`,
    );

  await sleep(PHASE_MS);
  status('antes do kill -9');
  server.child.kill('SIGKILL');
  await new Promise((resolve) => server.child.once('exit', resolve));
  log('servidor morto (kill -9); os dispositivos continuam publicando');
  await sleep(PAUSES.serverDownMs);
  server = await startServer(env, join(dir, 'servidor-2.log'));
  status('servidor de volta');
  await sleep(PHASE_MS);

  const brokerPid = Number(readFileSync(files.pid, 'utf8').trim());
  status('antes de reiniciar o broker');
  process.kill(brokerPid, 'SIGTERM');
  while (true) {
    try {
      process.kill(brokerPid, 0);
      await sleep(50);
    } catch {
      break;
    }
  }
  log('broker parado (SIGTERM: grava as sessões)');
  // The server supervises its broker and starts it again within its 2 s check. A second
  // one started here found the port taken, exited, and took the pid file with it: the
  // server's broker was then left running after the bench (one a CI run).
  const downSince = Date.now();
  let restarted = runningBroker(files);
  while (restarted === undefined || restarted === brokerPid) {
    if (Date.now() - downSince > 30_000)
      throw new Error('o servidor não reiniciou o broker em 30 s');
    await sleep(50);
    restarted = runningBroker(files);
  }
  log(`broker de volta, reiniciado pelo servidor após ${Date.now() - downSince} ms`);
  await sleep(PHASE_MS);

  loading = false;
  await Promise.all([mqttLoad, httpLoad]);
  status('carga encerrada');
  // What the broker still holds for the server drains; then a graceful stop.
  let stored = -1;
  const store = await openStore(db.url);
  const count = async () => (await storedReadings(store, [MQTT_TAG, HTTP_TAG])).length;
  // Until everything acknowledged can be there and nothing has moved for 5 s (at most 3 min).
  const acknowledged = mqttLedger.acknowledged + httpLedger.acknowledged;
  let still = 0;
  for (let i = 0; i < 180 && still < PAUSES.stillSeconds; i++) {
    await sleep(1000);
    const now = await count();
    still = now === stored && now >= acknowledged ? still + 1 : 0;
    stored = now;
  }
  log(`gravadas ao fim da drenagem: ${stored}`);
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  for (const device of devices) await device.endAsync(true);

  const rows = await storedReadings(store, [MQTT_TAG, HTTP_TAG]);
  await store.close();

  let failed = false;
  for (const [tag, ledger] of [
    [MQTT_TAG, mqttLedger],
    [HTTP_TAG, httpLedger],
  ] as const) {
    const storedSeqs = new Map<number, Map<number, number>>();
    let wrongValue = 0;
    for (const row of rows) {
      if (row.nome !== tag) continue;
      const seq = row.ts - t0;
      if (row.valor !== seq) wrongValue += 1;
      let perDevice = storedSeqs.get(row.device_id);
      if (!perDevice) {
        perDevice = new Map();
        storedSeqs.set(row.device_id, perDevice);
      }
      perDevice.set(seq, (perDevice.get(seq) ?? 0) + 1);
    }
    let storedCount = 0;
    let twice = 0;
    for (const perDevice of storedSeqs.values()) {
      for (const n of perDevice.values()) {
        storedCount += n;
        if (n > 1) twice += 1;
      }
    }
    let missing = 0;
    const examples: string[] = [];
    for (const [deviceId, seqs] of ledger.acked) {
      const perDevice = storedSeqs.get(deviceId);
      for (const seq of seqs) {
        if (perDevice?.has(seq)) continue;
        missing += 1;
        if (examples.length < 10) examples.push(`${deviceId}#${seq}`);
      }
    }
    if (examples.length > 0) console.log(`  exemplos: ${examples.join(' ')}`);
    const transport = tag === MQTT_TAG ? 'MQTT' : 'HTTP';
    console.log(
      `${transport}: enviadas ${ledger.sent}, confirmadas ${ledger.acknowledged}, gravadas ${storedCount}, ` +
        `confirmadas e não gravadas ${missing}, gravadas duas vezes ${twice}, valor trocado ${wrongValue}`,
    );
    if (missing > 0 || twice > 0 || wrongValue > 0) failed = true;
  }
  console.log(failed ? 'FALHOU' : 'OK    toda leitura confirmada foi gravada, nenhuma duas vezes');

  try {
    process.kill(Number(readFileSync(files.pid, 'utf8').trim()), 'SIGTERM');
  } catch {
    // Already gone.
  }
  if (failed) {
    console.log(`pasta mantida para exame: ${dir}`);
  } else {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  process.exit(1);
});
