/**
 * Two nodes on PostgreSQL and MQTT (issue 18): two server processes on one
 * fresh database behind a round-robin proxy, ingest in the shared subscription
 * `$share/<group>/…` on the broker at MQTT_URL, then:
 *
 *  1. devices publish; every reading stored once, ingest split between nodes;
 *  2. a live event caused on one node reaches a console streaming from the other;
 *  3. the sign-in throttle counts attempts across both nodes;
 *  4. node A killed (SIGKILL) while devices keep publishing and a console keeps
 *     calling through the proxy; B carries on; A comes back and drains its session.
 *
 *   npx tsx --conditions=source bench/two-nodes/run.ts [--devices 40] [--readings 25] [--rate 200]
 *     [--time-limit 600] [--smoke]
 *
 * Runs the built server (`npm run build` first). Exits 1 when a check fails.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import pg from 'pg';
import { EVENTS_CHANNEL } from '../../apps/server/src/events/pgEventRelay.js';
import { seedDemo } from '../../apps/server/src/seed/demoFleet.js';
import { openStore } from '../../apps/server/src/store/database.js';
import { MQTT_URL } from '../../test-support/services.js';
import { storedReadings } from '../storedReadings.js';
import { exitAfter, SMOKE_TIME_LIMIT_S, timeLimitOf } from '../timeLimit.js';
import { freshPostgres, type Node, openLiveStream, startNode, startProxy } from './layout.js';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string' },
    /** Readings per device in each of the two publishing phases. */
    readings: { type: 'string' },
    /** MQTT messages per second, all devices together. */
    rate: { type: 'string' },
    /** Tiny run for the test suite (bench/smoke.test.ts): 6 devices × 5 readings a phase at 20/s, no history. */
    smoke: { type: 'boolean', default: false },
    /** Seconds the run may take; past it the bench stops with exit code 1. */
    'time-limit': { type: 'string' },
  },
});
const DEVICES = Number(args.devices ?? (args.smoke ? 6 : 40));
const PER_PHASE = Number(args.readings ?? (args.smoke ? 5 : 25));
const RATE = Number(args.rate ?? (args.smoke ? 20 : 200));
/** Days of demo history seeded (the smoke run needs none). */
const HISTORY_DAYS = args.smoke ? 0 : 1;
/** The run's database, dropped also when the time limit stops the run. */
let dropDatabase: (() => Promise<void>) | undefined;
exitAfter('two-nodes', timeLimitOf(args['time-limit'], args.smoke ? SMOKE_TIME_LIMIT_S : 600), () =>
  Promise.resolve(dropDatabase?.()),
);
const TAG = 'doisNos';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();
const log = (text: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${text}`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
};

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'OK    ' : 'FALHOU'} ${what}`);
  if (!ok) failures.push(what);
};

async function main() {
  const db = await freshPostgres('vigia_dois_nos');
  dropDatabase = db.drop;
  const dirs: string[] = [];
  const nodes: Record<'A' | 'B', Node | undefined> = { A: undefined, B: undefined };
  try {
    await run(db.url, dirs, nodes);
  } finally {
    await Promise.all([nodes.A?.stop(), nodes.B?.stop()]);
    await db.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

async function run(
  databaseUrl: string,
  dirs: string[],
  nodes: Record<'A' | 'B', Node | undefined>,
) {
  log('semeando a frota de demonstração (1 dia de histórico)');
  const store = await openStore(databaseUrl);
  await seedDemo(store, { seed: 1, users: true, historyDays: HISTORY_DAYS });
  const deviceIds = (
    await store.db.selectFrom('devices').select('id').orderBy('id').limit(DEVICES).execute()
  ).map((d) => d.id);
  // One device answers HTTP ingest with a known key (the live-event check).
  const { createHash } = await import('node:crypto');
  const httpKey = `doisnos_${randomBytes(12).toString('hex')}`;
  const httpDevice = deviceIds[0] as number;
  await store.db
    .updateTable('devices')
    .set({ ingest_key_hash: createHash('sha256').update(httpKey).digest('hex') })
    .where('id', '=', httpDevice)
    .execute();

  const group = `doisnos${randomBytes(3).toString('hex')}`;
  // Nodes of one deployment sign with one key (README: the token signing key).
  const jwtSecret = randomBytes(32).toString('base64url');
  const envOf = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), `vigia-no-${name}-`));
    dirs.push(dir);
    return {
      DATABASE_URL: databaseUrl,
      MQTT_URL,
      VIGIA_MQTT_GROUP: group,
      VIGIA_DEMO: '0',
      VIGIA_SIMULATOR: '0',
      VIGIA_TRUST_PROXY: '1',
      VIGIA_RETENTION_DAYS: '0',
      VIGIA_DATA_DIR: dir,
      VIGIA_JWT_SECRET: jwtSecret,
    };
  };
  const envA = envOf('A');
  [nodes.A, nodes.B] = await Promise.all([startNode('A', envA), startNode('B', envOf('B'))]);
  log(`nós A ${nodes.A.url} e B ${nodes.B.url}, grupo $share/${group}`);
  const proxy = await startProxy(() =>
    [nodes.A, nodes.B].filter((n): n is Node => n !== undefined),
  );

  // Which node caused each readings.updated: the relay's envelope names its process.
  const nodeOfRelay = new Map<string, string>();
  const remember = (node: Node) => node.relayId && nodeOfRelay.set(node.relayId, node.name);
  remember(nodes.A);
  remember(nodes.B);
  const eventsBy = new Map<string, number>();
  const listener = new pg.Client({ connectionString: databaseUrl });
  listener.on('error', (error) => log(`LISTEN do bench caiu: ${error.message}`));
  await listener.connect();
  listener.on('notification', (message) => {
    const { o, e } = JSON.parse(message.payload ?? '{}') as {
      o?: string;
      e?: { type?: string; names?: string[] };
    };
    if (e?.type !== 'readings.updated' || !e.names?.includes(TAG)) return;
    const name = nodeOfRelay.get(o ?? '') ?? '?';
    eventsBy.set(name, (eventsBy.get(name) ?? 0) + 1);
  });
  await listener.query(`LISTEN ${EVENTS_CHANNEL}`);

  const devices = await Promise.all(
    deviceIds.map((id) =>
      mqtt.connectAsync(MQTT_URL, { clientId: `${group}-disp-${id}`, reconnectPeriod: 500 }),
    ),
  );
  for (const device of devices) device.on('error', () => {});
  const t0 = Math.floor(Date.now() / 1000) - 2 * 86400;
  const sentSeqs = new Map<number, number>();
  let sent = 0;
  let acked = 0;
  const publishPhase = async () => {
    const interval = 1000 / RATE;
    let next = Date.now();
    const pending: Promise<unknown>[] = [];
    for (let r = 0; r < PER_PHASE; r++) {
      for (const [index, id] of deviceIds.entries()) {
        const seq = (sentSeqs.get(id) ?? 0) + 1;
        sentSeqs.set(id, seq);
        sent += 1;
        pending.push(
          (devices[index] as mqtt.MqttClient)
            .publishAsync(
              `vigia/dispositivos/${id}/leituras`,
              JSON.stringify({ ts: t0 + seq, leituras: { [TAG]: seq } }),
              { qos: 1 },
            )
            .then(() => {
              acked += 1;
            }),
        );
        next += interval;
        const wait = next - Date.now();
        if (wait > 0) await sleep(wait);
      }
    }
    await Promise.all(pending);
  };
  const storedCount = async () => (await storedReadings(store, [TAG])).length;
  /** Until `target` rows are there, or nothing moved for `stillMs`; the last count. */
  const settle = async (target: number, stillMs: number, maxMs = 60_000) => {
    let last = -1;
    let since = Date.now();
    const end = Date.now() + maxMs;
    while (Date.now() < end) {
      const now = await storedCount();
      if (now >= target) return now;
      if (now !== last) {
        last = now;
        since = Date.now();
      } else if (Date.now() - since >= stillMs) return now;
      await sleep(200);
    }
    return last;
  };

  // 1. Ingest split between the nodes.
  log(`fase 1: ${DEVICES} dispositivos × ${PER_PHASE} leituras por MQTT (QoS 1), ${RATE}/s`);
  await publishPhase();
  const phase1 = await settle(sent, 10_000);
  // A node's readings.updated leaves up to a coalescing interval after its rows are
  // stored (more on a loaded machine), so the split is read once both spoke or 5 s on.
  const bothSpoke = () => (eventsBy.get('A') ?? 0) > 0 && (eventsBy.get('B') ?? 0) > 0;
  const splitDeadline = Date.now() + 5_000;
  while (!bothSpoke() && Date.now() < splitDeadline) await sleep(100);
  const split1 = new Map(eventsBy);
  log(`fase 1: enviadas ${sent}, confirmadas pelo broker ${acked}, gravadas ${phase1}`);
  check(phase1 === sent, `fase 1: todas as ${sent} leituras gravadas (${phase1})`);
  const a1 = split1.get('A') ?? 0;
  const b1 = split1.get('B') ?? 0;
  check(a1 > 0 && b1 > 0, `ingestão dividida: eventos readings.updated de A ${a1}, de B ${b1}`);

  // 2. A live event caused on one node reaches a console on the other (both ways).
  const signIn = async (username: string, password: string) =>
    fetch(`${proxy.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        username,
        password,
        client_id: 'vigia-web',
      }),
    });
  const tokenAnswer = await signIn('demo', 'demo');
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const latencies: string[] = [];
  for (const [from, to] of [
    [nodes.A, nodes.B],
    [nodes.B, nodes.A],
  ] as const) {
    const stream = await openLiveStream(to.url, token);
    const ts = Math.floor(Date.now() / 1000) - Math.floor(Math.random() * 1000);
    const t = Date.now();
    const posted = await fetch(`${from.url}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-key': httpKey },
      body: JSON.stringify({ ts, leituras: { kW: 12.5 } }),
    });
    let ok = posted.status === 202;
    try {
      await stream.waitFor(
        (e) =>
          e.type === 'readings.updated' &&
          (e.devices as { deviceId: number; ts: number }[]).some(
            (d) => d.deviceId === httpDevice && d.ts === ts,
          ),
        10_000,
      );
      latencies.push(`${from.name}→${to.name} ${Date.now() - t} ms`);
    } catch {
      ok = false;
    }
    stream.close();
    check(ok, `evento ao vivo causado em ${from.name} chega ao console em ${to.name}`);
  }
  log(`ingestão HTTP → evento no outro nó: ${latencies.join(', ')}`);

  // 3. The sign-in throttle across both nodes: 10 per user and address a minute.
  const servedBefore = new Map(proxy.served);
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await signIn('cliente', 'errada')).status);
  const eleventh = await signIn('cliente', 'cliente');
  const servedBy = ['A', 'B'].map((n) => (proxy.served.get(n) ?? 0) - (servedBefore.get(n) ?? 0));
  check(
    statuses.every((s) => s === 400) && eleventh.status === 429,
    `limite de login entre os nós: 10 senhas erradas (400) por A ${servedBy[0]} e B ${servedBy[1]}, ` +
      `a 11ª tentativa, com a senha certa, ${eleventh.status}`,
  );

  // 4. A killed; B carries on; calls keep answering through the proxy.
  const console_ = await openLiveStream(nodes.B.url, token);
  const beforeKill = new Map(eventsBy);
  await nodes.A.kill();
  log('nó A morto (SIGKILL); dispositivos continuam publicando, o console continua chamando');
  let calling = true;
  const callTimes: number[] = [];
  let callsFailed = 0;
  const calls = (async () => {
    while (calling) {
      const t = performance.now();
      const answer = await fetch(`${proxy.url}/api/User/userinfo`, {
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => undefined);
      if (answer?.status === 200) callTimes.push(performance.now() - t);
      else callsFailed += 1;
      await answer?.body?.cancel();
      await sleep(100);
    }
  })();
  const sentBefore2 = sent;
  await publishPhase();
  // Half the readings wait for A on the broker: the count stands still this long.
  const whileDown = await settle(sent, args.smoke ? 2000 : 5000);
  calling = false;
  await calls;
  const bWhileDown = (eventsBy.get('B') ?? 0) - (beforeKill.get('B') ?? 0);
  const streamedOnB = console_.events.filter(
    (e) => e.type === 'readings.updated' && (e.names as string[]).includes(TAG),
  ).length;
  console_.close();
  log(
    `fase 2 (A morto): enviadas ${sent - sentBefore2}, gravadas até parar ${whileDown - phase1}; ` +
      `chamadas pelo proxy ${callTimes.length} com 200, ${callsFailed} falharam, p95 ${percentile(callTimes, 95).toFixed(1)} ms`,
  );
  check(
    bWhileDown > 0 && whileDown > phase1,
    `B continua gravando com A morto (${bWhileDown} eventos de B)`,
  );
  check(
    streamedOnB > 0,
    `o console em B recebe os eventos da ingestão com A morto (${streamedOnB})`,
  );
  check(
    callsFailed === 0 && callTimes.length > 0,
    `chamadas pelo proxy com A morto: ${callTimes.length} respondidas, ${callsFailed} falharam`,
  );

  nodes.A = await startNode('A', envA);
  remember(nodes.A);
  log('nó A de volta (mesmo VIGIA_NODE: retoma a sessão no broker)');
  const final = await settle(sent, 10_000);

  // Every reading once, with its own value.
  const rows = await storedReadings(store, [TAG]);
  const seen = new Set<string>();
  let twice = 0;
  let wrong = 0;
  for (const row of rows) {
    const key = `${row.device_id}:${row.ts}`;
    if (seen.has(key)) twice += 1;
    seen.add(key);
    if (row.valor !== row.ts - t0) wrong += 1;
  }
  let missing = 0;
  for (const [id, last] of sentSeqs) {
    for (let seq = 1; seq <= last; seq++) if (!seen.has(`${id}:${t0 + seq}`)) missing += 1;
  }
  const split = ['A', 'B'].map((n) => eventsBy.get(n) ?? 0);
  console.log('');
  console.log(
    '| leituras enviadas | confirmadas (broker) | gravadas | perdidas | duas vezes | valor trocado | esperaram A voltar |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| ${sent} | ${acked} | ${final} | ${missing} | ${twice} | ${wrong} | ${final - whileDown} |`,
  );
  console.log(
    `eventos readings.updated por nó: A ${split[0]}, B ${split[1]}; pedidos pelo proxy: ${[...proxy.served].map(([n, c]) => `${n} ${c}`).join(', ')}, repassados ao outro nó ${proxy.failovers}`,
  );
  check(
    missing === 0 && twice === 0 && wrong === 0 && final === sent,
    `nenhuma leitura perdida nem gravada duas vezes (${final} de ${sent})`,
  );

  for (const device of devices) await device.endAsync(true);
  await listener.end();
  await proxy.close();
  await store.close();
}

main()
  .then(() => {
    console.log(
      failures.length === 0 ? 'OK    dois nós' : `FALHOU ${failures.length} verificação(ões)`,
    );
    process.exit(failures.length === 0 ? 0 : 1);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
