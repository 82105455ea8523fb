/**
 * Whole-fleet load (issue 18): N devices, each on its own MQTT connection,
 * publish every 10 s; M consoles each hold the live event stream and poll
 * their screen's calls as the console does. One node (the built server), its
 * own Mosquitto (anonymous, on a random port, file limit raised).
 *
 *   npx tsx --conditions=source bench/fleet/run.ts [--devices 1000] [--consoles 50] [--duration 60] [--db sqlite|postgres]
 *     [--time-limit s] [--smoke]
 *
 * Prints readings/s stored, server CPU and RSS, p95 of the polled calls, alarm
 * publish-to-event p95 and storage bytes per reading (table plus indexes).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { seedDemo } from '../../apps/server/src/seed/demoFleet.js';
import { openStore, type Store } from '../../apps/server/src/store/database.js';
import { packClosedHours } from '../../apps/server/src/store/packs/packing.js';
import { historyStorage } from '../../apps/server/src/store/readingStorage.js';
import { freePort } from '../../test-support/services.js';
import { exitAfter, SMOKE_TIME_LIMIT_S, timeLimitOf } from '../timeLimit.js';
import { freshPostgres, type Node, openLiveStream, startNode } from '../two-nodes/layout.js';
import type { FromDevices, ToDevices } from './devices.js';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: process.env.FLEET_DEVICES },
    consoles: { type: 'string', default: process.env.FLEET_CONSOLES },
    /** Seconds measured, after every device has published once. */
    duration: { type: 'string', default: process.env.FLEET_DURATION },
    db: { type: 'string', default: process.env.FLEET_DB ?? 'sqlite' },
    /** Devices that raise and clear an alarm, one after another. */
    alarms: { type: 'string' },
    /** Mosquitto processes, the others bridged to the first (default one per 10k devices). */
    brokers: { type: 'string' },
    /** Devices per child process. */
    'per-child': { type: 'string', default: '5000' },
    /** Seconds before the window (default one period and 2 s). */
    warmup: { type: 'string' },
    /** Seconds at most to wait, after the run, for every reading published to be stored. */
    drain: { type: 'string' },
    /**
     * Tiny run for the test suite (bench/smoke.test.ts): 100 devices publishing every
     * 2 s, 5 consoles, 3 s measured.
     */
    smoke: { type: 'boolean', default: false },
    /** Seconds the run may take (default: the run's own length and 10 minutes); past it, exit 1. */
    'time-limit': { type: 'string' },
  },
});
const SMOKE = args.smoke;
const DEVICES = Number(args.devices ?? (SMOKE ? 100 : 1000));
const CONSOLES = Number(args.consoles ?? (SMOKE ? 5 : 50));
const DURATION_MS = Number(args.duration ?? (SMOKE ? 3 : 60)) * 1000;
const ALARMS = Number(args.alarms ?? (SMOKE ? 5 : 40));
const PERIOD_MS = SMOKE ? 2000 : 10_000;
/** Days of demo history seeded (the smoke run needs none). */
const HISTORY_DAYS = SMOKE ? 0 : 1;
/** Phases of the period: a device publishes on one 50 ms tick of it. */
const TICK_MS = 50;
/** Devices a child process holds (one socket each), and per broker (the open-files limit is 20,000). */
const PER_CHILD = Number(args['per-child']);
const BROKERS = Number(args.brokers ?? Math.ceil(DEVICES / 10_000));
const WARMUP_MS = args.warmup ? Number(args.warmup) * 1000 : PERIOD_MS + 2000;
/** What was published in the window and is still on its way: waited for before counting. */
const SETTLE_MS = SMOKE ? 1000 : 3000;
/** The database the run made, dropped also when the time limit stops the run. */
let dropDatabase: (() => Promise<void>) | undefined;
exitAfter(
  'fleet',
  timeLimitOf(
    args['time-limit'],
    SMOKE ? SMOKE_TIME_LIMIT_S : (WARMUP_MS + DURATION_MS) / 1000 + Number(args.drain ?? 0) + 600,
  ),
  () => Promise.resolve(dropDatabase?.()),
);
/** The console's live refresh: at most one reload a second per query (LIVE_FLUSH_MS), and every 60 s. */
const LIVE_FLUSH_MS = 1000;
const REFRESH_MS = 60_000;

const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const t0 = Date.now();
const log = (text: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${text}`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
};

/** Connects to a broker until it answers (it has just been started). */
async function waitForBroker(url: string) {
  for (let i = 0; i < 100; i++) {
    await sleep(100);
    try {
      const c = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
      await c.endAsync();
      return;
    } catch {
      // Not listening yet.
    }
  }
  throw new Error(`mosquitto não subiu: ${url}`);
}

/**
 * Our own brokers: anonymous, many connections (the file limit raised where root may;
 * here it stays 20,000, so one broker takes at most ~10k devices). The first is the
 * front the server connects to; each other one is bridged to it as a cluster's node
 * would be: the devices' readings and command statuses out, their commands in.
 */
async function startBrokers(
  dir: string,
  count: number,
): Promise<{ url: string; child: ChildProcess }[]> {
  const brokers: { url: string; child: ChildProcess }[] = [];
  for (let b = 0; b < count; b++) {
    const port = await freePort();
    const config = join(dir, `mosquitto-${b}.conf`);
    const front = brokers[0];
    writeFileSync(
      config,
      [
        `listener ${port} 127.0.0.1`,
        'allow_anonymous true',
        'persistence false',
        // As the server's own broker (apps/server/src/broker/mosquitto.ts): the server holds
        // a reading's PUBACK until it is committed, so the QoS 1 window (20 by default) bounds
        // its batches; and the bridge's window too.
        'max_queued_messages 1000000',
        'max_inflight_messages 1000',
        'log_type error',
        'log_type warning',
        `log_dest file ${join(dir, `mosquitto-${b}.log`)}`,
        ...(front
          ? [
              `connection frota-ponte-${b}`,
              `address ${front.url.replace('mqtt://', '')}`,
              `remote_clientid frota-ponte-${b}`,
              'cleansession true',
              'notifications false',
              'restart_timeout 1',
              'topic vigia/dispositivos/+/leituras out 1',
              'topic vigia/dispositivos/+/comandos in 1',
              'topic vigia/dispositivos/+/comandos/status out 1',
            ]
          : []),
        '',
      ].join('\n'),
    );
    const child = spawn('sh', ['-c', `ulimit -n 200000 2>/dev/null; exec mosquitto -c ${config}`], {
      stdio: 'ignore',
    });
    const url = `mqtt://127.0.0.1:${port}`;
    brokers.push({ url, child });
    await waitForBroker(url);
  }
  // Each bridge carries a reading to the front before the fleet starts.
  const front = brokers[0] as { url: string };
  for (const { url } of brokers.slice(1)) {
    const topic = 'vigia/dispositivos/0/leituras';
    const listener = await mqtt.connectAsync(front.url, { reconnectPeriod: 0 });
    await listener.subscribeAsync(topic, { qos: 1 });
    const arrived = new Promise<void>((resolve) => listener.once('message', () => resolve()));
    const publisher = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    let ok = false;
    arrived.then(() => {
      ok = true;
    });
    for (let i = 0; i < 100 && !ok; i++) {
      await publisher.publishAsync(topic, 'ponte', { qos: 1 });
      await sleep(100);
    }
    await Promise.all([publisher.endAsync(), listener.endAsync()]);
    if (!ok) throw new Error(`ponte ${url} → ${front.url} não passou mensagens`);
  }
  return brokers;
}

interface Fleet {
  ids: number[];
  /** A normal reading of every device (the cloned device's current values). */
  normal: Record<string, number>;
  alarm: { tag: string; high: number; low: number };
  /** Status and alarm words (the template's bit rules' tags): sent as they are, never jittered. */
  bitWords: Set<string>;
  systems: number[];
  firstTagId: number;
}

/** N devices cloned from a demo generator, spread over the demo operator's systems. */
async function createFleet(store: Store): Promise<Fleet> {
  const db = store.db;
  const systems = (
    await db
      .selectFrom('user_systems')
      .innerJoin('users', 'users.id', 'user_systems.user_id')
      .select('user_systems.system_id')
      .where('users.login', '=', 'demo')
      .orderBy('user_systems.system_id')
      .execute()
  ).map((r) => r.system_id);
  // A device whose template has a '>' threshold rule on a tag it reports.
  const candidate = await db
    .selectFrom('devices')
    .innerJoin('alarm_rules', 'alarm_rules.template_id', 'devices.template_id')
    .innerJoin('tags', (j) =>
      j.onRef('tags.device_id', '=', 'devices.id').onRef('tags.nome', '=', 'alarm_rules.tag'),
    )
    .select(['devices.id', 'alarm_rules.tag', 'alarm_rules.limit_value', 'alarm_rules.deadband'])
    .where('alarm_rules.kind', '=', 'threshold')
    .where('alarm_rules.operator', '=', '>')
    .where('devices.system_id', 'in', systems)
    .orderBy('devices.id')
    .executeTakeFirstOrThrow();
  const template = await db
    .selectFrom('devices')
    .selectAll()
    .where('id', '=', candidate.id)
    .executeTakeFirstOrThrow();
  const values = await db
    .selectFrom('current_values')
    .innerJoin('tags', 'tags.id', 'current_values.tag_id')
    .select(['tags.nome', 'current_values.valor'])
    .where('tags.device_id', '=', candidate.id)
    .execute();
  const limit = Number(candidate.limit_value);
  const margin = Math.max(1, Math.abs(limit) * 0.1, Number(candidate.deadband ?? 0) * 2);
  const normal: Record<string, number> = {};
  for (const v of values) if (typeof v.valor === 'number') normal[v.nome] = v.valor;
  const tag = candidate.tag as string;
  normal[tag] = Math.min(normal[tag] ?? limit - margin, limit - margin);
  // The other rules of the template must stay quiet: only the values it has now (no alarm open).
  const maxId = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirstOrThrow();
  const maxTag = await db
    .selectFrom('tags')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirstOrThrow();
  const first = Number(maxId.m) + 1;
  const ids = Array.from({ length: DEVICES }, (_, i) => first + i);
  const { id: _id, ...rest } = template;
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insertInto('devices')
      .values(
        ids.slice(i, i + 500).map((id, k) => ({
          ...rest,
          id,
          nome: `Frota ${id}`,
          patrimonio: `FROTA-${id}`,
          system_id: systems[(i + k) % systems.length] as number,
          ingest_key_hash: null,
          last_seen_at: null,
        })),
      )
      .execute();
  }
  if (store.raw.dialect === 'postgres') {
    await store.raw.pool.query(`select setval(pg_get_serial_sequence('devices', 'id'), $1)`, [
      ids.at(-1),
    ]);
  }
  return {
    ids,
    normal,
    alarm: { tag, high: limit + margin, low: limit - margin },
    bitWords: new Set(
      (
        await db
          .selectFrom('alarm_rules')
          .select('tag')
          .where('template_id', '=', template.template_id)
          .where('kind', '=', 'bit')
          .execute()
      ).map((r) => r.tag as string),
    ),
    systems,
    firstTagId: Number(maxTag.m) + 1,
  };
}

/** Bytes of the history (rows and packed hours, tables and indexes) over its readings. */
async function storagePerReading(store: Store): Promise<{ bytes: number; rows: number }> {
  const history = await historyStorage(store);
  return { bytes: history.bytes, rows: history.readings };
}

/**
 * Bytes a reading once its hours are packed (store/packs): the server packs an hour
 * past its late margin, hours after a run like this one, so the bench packs every
 * hour itself, the open one too, with the server stopped. PostgreSQL's emptied rows
 * are vacuumed and their index rebuilt, as a closed month's is.
 */
async function packedPerReading(
  store: Store,
): Promise<{ bytes: number; rows: number; seconds: number }> {
  const started = performance.now();
  await packClosedHours(store, Math.floor(Date.now() / 1000) + 3600);
  const seconds = (performance.now() - started) / 1000;
  if (store.raw.dialect === 'postgres') {
    await store.raw.pool.query('vacuum analyze readings');
    await store.raw.pool.query('reindex table readings');
  }
  return { ...(await storagePerReading(store)), seconds };
}

/**
 * The server's own view of the window (serverTimes.cjs): how long it held each polled
 * call, and how late its event loop ran. Against the consoles' times it tells the
 * server's work and queueing from what the machine and the bench add.
 */
function printServerTimes(
  file: string,
  from: number,
  to: number,
  row: (label: string, value: string) => void,
) {
  const { calls, loopDelay, heap, liveHeap } = JSON.parse(readFileSync(file, 'utf8')) as {
    calls: [number, string, number, number][];
    loopDelay: [number, number, number][];
    heap: [number, number][];
    liveHeap: [number, number][];
  };
  const inWindow = <T extends [number, ...unknown[]]>(rows: T[]) =>
    rows.filter(([at]) => at >= from && at <= to);
  const kinds = new Map<string, { answered: number[]; sent: number[] }>();
  for (const [, kind, answered, sent] of inWindow(calls)) {
    const times = kinds.get(kind) ?? { answered: [], sent: [] };
    times.answered.push(answered);
    times.sent.push(sent);
    kinds.set(kind, times);
  }
  const p50p95 = (times: number[]) =>
    `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms`;
  for (const [kind, { answered, sent }] of kinds) {
    row(`no servidor: ${kind}, resposta pronta p50 / p95`, p50p95(answered));
    row(`no servidor: ${kind}, último byte entregue p50 / p95`, p50p95(sent));
  }
  const seconds = inWindow(loopDelay);
  row(
    'atraso do laço de eventos do servidor: p50 / pior p99 de cada segundo',
    `${percentile(
      seconds.map(([, p50]) => p50),
      50,
    ).toFixed(1)} / ${Math.max(...seconds.map(([, , p99]) => p99)).toFixed(1)} ms`,
  );
  const maxMedian = (mb: number[]) =>
    `${Math.max(...mb).toFixed(0)} / ${percentile(mb, 50).toFixed(0)} MB`;
  row(
    'heap do V8 no servidor: comprometido máx / mediana',
    maxMedian(inWindow(heap).map(([, mb]) => mb)),
  );
  const live = inWindow(liveHeap).map(([, mb]) => mb);
  row(
    `heap do V8 em uso após cada coleta completa (${live.length}): máx / mediana`,
    live.length > 0 ? maxMedian(live) : '–',
  );
}

function procStats(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuMs: ticks * 10, rssMb: Number(rss?.[1] ?? 0) / 1024 };
}

/**
 * CPU ms of every `postgres` process now (the shared cluster: other engineers' work too);
 * by pid: a backend started between two samples counts whole, one ended between them is
 * lost.
 */
function postgresCpu(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      cpu.set(pid, procStats(pid).cpuMs);
    } catch {
      // Gone meanwhile.
    }
  }
  return cpu;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'vigia-frota-'));
  const pgDb = args.db === 'postgres' ? await freshPostgres('vigia_frota') : undefined;
  dropDatabase = pgDb?.drop;
  const databaseUrl = pgDb?.url ?? `sqlite:${join(dir, 'vigia.db')}`;
  const serverTimesFile = join(dir, 'server-times.json');
  let node: Node | undefined;
  let brokers: { url: string; child: ChildProcess }[] = [];
  const children: ChildProcess[] = [];
  try {
    log(`${args.db}: semeando a frota de demonstração e ${DEVICES} dispositivos`);
    const store = await openStore(databaseUrl);
    await seedDemo(store, { seed: 1, users: true, historyDays: HISTORY_DAYS });
    const fleet = await createFleet(store);
    brokers = await startBrokers(dir, BROKERS);
    const started = brokers[0] as { url: string };
    node = await startNode(
      'frota',
      {
        DATABASE_URL: databaseUrl,
        MQTT_URL: started.url,
        VIGIA_MQTT_GROUP: 'frota',
        VIGIA_DEMO: '0',
        VIGIA_SIMULATOR: '0',
        VIGIA_RETENTION_DAYS: '0',
        // Keeping every reading requires keeping every aggregate too (retentionProblem).
        VIGIA_RETENTION_HOURLY_DAYS: '0',
        VIGIA_DATA_DIR: dir,
        // The server's heap growth (its default unless set here): what the Memory part compares.
        ...(process.env.VIGIA_HEAP_GROWTH_PERCENT
          ? { VIGIA_HEAP_GROWTH_PERCENT: process.env.VIGIA_HEAP_GROWTH_PERCENT }
          : {}),
        // glibc's malloc arenas as `npm start` sets them (README, "Memory").
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
        FLEET_SERVER_TIMES: serverTimesFile,
        NODE_OPTIONS: [
          `--require ${join(import.meta.dirname, 'serverTimes.cjs')}`,
          // Where the server spends its time: a CPU profile of it in this folder.
          process.env.FLEET_CPU_PROFILE &&
            `--require ${join(import.meta.dirname, 'cpuProfile.cjs')}`,
          // V8 flags for the server (--max-old-space-size=…): what the README's Memory part measured.
          process.env.FLEET_SERVER_NODE_OPTIONS,
        ]
          .filter(Boolean)
          .join(' '),
        ...(process.env.FLEET_CPU_PROFILE
          ? { FLEET_CPU_PROFILE: process.env.FLEET_CPU_PROFILE }
          : {}),
      },
      { timeoutMs: 120_000 },
    );
    const pid = node.child.pid as number;
    /** CPU ms of the brokers, the device processes and this process (the consoles). */
    const otherStats = () => {
      const usage = process.cpuUsage();
      return {
        brokers: brokers.map((b) => procStats(b.child.pid as number).cpuMs),
        devices: children.map((c) => procStats(c.pid as number).cpuMs),
        bench: (usage.user + usage.system) / 1000,
        postgres: postgresCpu(),
      };
    };
    log(
      `servidor ${node.url} (pid ${pid}), brokers ${brokers.map((b) => b.url).join(', ')} (a frente: o primeiro)`,
    );

    // Devices: one connection each, QoS 1, each on its own phase of the 10 s period; in
    // child processes of PER_CHILD devices, the children dealt over the brokers in turn.
    const alarmIds = fleet.ids.slice(0, ALARMS);
    /** Each alarm value published: device → epoch ms (performance.timeOrigin-based). */
    const alarmSent = new Map<number, number[]>();
    const counts = new Map<number, (published: number, late: number) => void>();
    let countSeq = 0;
    /** Each child's messages published in all, once stopped. */
    const stopped: Promise<number>[] = [];
    const connected: Promise<number>[] = [];
    const connectStart = Date.now();
    for (let first = 0, k = 0; first < fleet.ids.length; first += PER_CHILD, k++) {
      const child = fork(join(import.meta.dirname, 'devices.ts'), [], {
        execArgv: process.execArgv,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      connected.push(
        new Promise((resolve, reject) => {
          child.on('message', (m: FromDevices) => {
            if (m.type === 'connected') resolve(m.count);
            else if (m.type === 'alarm') {
              const times = alarmSent.get(m.id) ?? [];
              times.push(m.at);
              alarmSent.set(m.id, times);
            } else if (m.type === 'count') counts.get(m.seq)?.(m.published, m.late);
          });
          child.once('exit', (code) => reject(new Error(`dispositivos ${k} saíram (${code})`)));
        }),
      );
      stopped.push(
        new Promise((resolve) => {
          child.on('message', (m: FromDevices) => {
            if (m.type === 'stopped') resolve(m.published);
          });
          child.once('exit', () => resolve(0));
        }),
      );
      const share: ToDevices = {
        type: 'setup',
        url: (brokers[k % brokers.length] as { url: string }).url,
        ids: fleet.ids.slice(first, first + PER_CHILD),
        firstIndex: first,
        slots: PERIOD_MS / TICK_MS,
        tickMs: TICK_MS,
        normal: fleet.normal,
        alarm: fleet.alarm,
        bitWords: [...fleet.bitWords],
        alarmIds,
      };
      child.send(share);
    }
    const connections = (await Promise.all(connected)).reduce((x, y) => x + y, 0);
    log(
      `${connections} conexões MQTT em ${((Date.now() - connectStart) / 1000).toFixed(1)} s (${children.length} processos, ${brokers.length} brokers)`,
    );
    for (const child of children) child.send({ type: 'start', at: epochNow() + 200 } as ToDevices);
    /** Messages published so far by every child, and their ticks run late. */
    const publishedSoFar = async () => {
      const seq = countSeq++;
      const replies: { published: number; late: number }[] = [];
      await new Promise<void>((resolve) => {
        counts.set(seq, (published, late) => {
          replies.push({ published, late });
          if (replies.length === children.length) resolve();
        });
        for (const child of children) child.send({ type: 'count', seq } as ToDevices);
      });
      counts.delete(seq);
      return {
        published: replies.reduce((x, r) => x + r.published, 0),
        late: replies.reduce((x, r) => x + r.late, 0),
      };
    };
    const tags = Object.keys(fleet.normal);

    // Consoles: one token (sign-in is throttled per address), each its screen's system.
    const signIn = await fetch(`${node.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        username: 'demo',
        password: 'demo',
        client_id: 'vigia-web',
      }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONSOLES * 2 });
    const callTimes: Record<string, number[]> = {
      lista: [],
      contador: [],
      'referência /api/health': [],
    };
    let callErrors = 0;
    let measuring = false;
    const get = (path: string, kind: string) =>
      new Promise<void>((resolve) => {
        const t = performance.now();
        const req = http.get(
          `${node?.url}${path}`,
          {
            agent,
            headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode !== 200) callErrors += 1;
              else if (measuring) callTimes[kind]?.push(performance.now() - t);
              resolve();
            });
          },
        );
        req.on('error', () => {
          callErrors += 1;
          resolve();
        });
      });
    /** Alarm events on the first console: device, arrival (epoch ms). */
    const alarmArrivals: [number, number][] = [];
    let eventsReceived = 0;
    let consolesRunning = true;
    const consoles = await Promise.all(
      Array.from({ length: CONSOLES }, async (_, c) => {
        const sisId = fleet.systems[c % fleet.systems.length] as number;
        const listPath = `/api/dispositivos/infosFiltro?sisid=${sisId}&nomes=kW,modoWeb,statusGMG,Vcc`;
        const counterPath = `/api/ocorrencias?alarmeativo=true&sisid=${sisId}`;
        const dirty = { lista: true, contador: true };
        const sisTag = `"sisId":${sisId},`;
        const stream = await openLiveStream(node?.url as string, token, (data) => {
          eventsReceived += 1;
          if (!data.includes(sisTag)) return;
          if (data.includes('"readings.updated"')) dirty.lista = true;
          else if (data.includes('"occurrence.')) {
            dirty.contador = true;
            // The first console times the alarms of the fleet's devices.
            if (c === 0 && data.includes('"occurrence.opened"')) {
              const device = /"deviceId":(\d+)/.exec(data);
              if (device && measuring) alarmArrivals.push([Number(device[1]), epochNow()]);
            }
          }
        });
        // Wrapped: an async function returning the loop's promise would wait for it.
        const loop = (async () => {
          let lastFull = Date.now();
          await sleep(Math.random() * LIVE_FLUSH_MS);
          while (consolesRunning) {
            const full = Date.now() - lastFull >= REFRESH_MS;
            if (full) lastFull = Date.now();
            const calls: Promise<void>[] = [];
            if (dirty.lista || full) {
              dirty.lista = false;
              calls.push(get(listPath, 'lista'));
            }
            if (dirty.contador || full) {
              dirty.contador = false;
              calls.push(get(counterPath, 'contador'));
            }
            await Promise.all(calls);
            await sleep(LIVE_FLUSH_MS);
          }
          stream.close();
        })();
        return { loop };
      }),
    );
    log(`${CONSOLES} consoles com o fluxo de eventos aberto`);
    // The noise floor of this machine: a call that touches no database, timed alike.
    const probe = (async () => {
      while (consolesRunning) {
        await get('/api/health', 'referência /api/health');
        await sleep(250);
      }
    })();

    // Warm-up: every device publishes once; then the measured window.
    await sleep(WARMUP_MS);
    const before = await storagePerReading(store);
    const windowFrom = Date.now();
    const cpu0 = procStats(pid);
    const others0 = otherStats();
    const publishedBefore = await publishedSoFar();
    measuring = true;
    const wall0 = performance.now();
    let rssMax = 0;
    const rssSamples: number[] = [];
    while (performance.now() - wall0 < DURATION_MS) {
      await sleep(1000);
      const { rssMb } = procStats(pid);
      rssSamples.push(rssMb);
      rssMax = Math.max(rssMax, rssMb);
    }
    const elapsedMs = performance.now() - wall0;
    const windowTo = Date.now();
    const cpu1 = procStats(pid);
    const others1 = otherStats();
    measuring = false;
    const publishedAfter = await publishedSoFar();
    const publishedIn = publishedAfter.published - publishedBefore.published;
    for (const child of children) child.send({ type: 'stop' } as ToDevices);
    consolesRunning = false;
    const publishedAll = (await Promise.all(stopped)).reduce((x, y) => x + y, 0);
    // An alarm's latency: from the last time its device published the alarm value before it.
    const alarmLatencies = alarmArrivals.flatMap(([id, at]) => {
      const sent = (alarmSent.get(id) ?? []).filter((t) => t <= at).at(-1);
      return sent === undefined ? [] : [at - sent];
    });
    await Promise.all([...consoles.map((c) => c.loop), probe]);
    // What was published in the window and is still on its way gets stored.
    await sleep(SETTLE_MS);
    const after = await storagePerReading(store);
    const storedPerS = ((after.rows - before.rows) / elapsedMs) * 1000;
    const expectedPerS = (publishedIn / elapsedMs) * 1000 * tags.length;
    // --drain s: wait for the backlog (every reading the fleet published since it
    // started), until it is all stored, stops growing for 30 s (a batch that queued while
    // the one before was written can take long to commit), or the time is up.
    const fleetRows = async () =>
      Number(
        (
          await store.db
            .selectFrom('readings')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tag_id', '>=', fleet.firstTagId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    let drained: { rows: number; seconds: number } | undefined;
    if (args.drain) {
      const drainStart = performance.now();
      let rows = await fleetRows();
      let still = 0;
      while (
        rows < publishedAll * tags.length &&
        still < 15 &&
        performance.now() - drainStart < Number(args.drain) * 1000
      ) {
        await sleep(2000);
        const now = await fleetRows();
        still = now === rows ? still + 1 : 0;
        rows = now;
      }
      drained = { rows, seconds: (performance.now() - drainStart) / 1000 };
    }
    const storage = await storagePerReading(store);

    const row = (label: string, value: string) => console.log(`| ${label} | ${value} |`);
    console.log('');
    console.log(
      `| ${args.db}: ${DEVICES} dispositivos, ${CONSOLES} consoles, ${(elapsedMs / 1000).toFixed(0)} s | |`,
    );
    console.log('| --- | ---: |');
    row('mensagens publicadas/s', ((publishedIn / elapsedMs) * 1000).toFixed(0));
    row(
      `mensagens publicadas / leituras gravadas na janela (+${SETTLE_MS / 1000} s)`,
      `${publishedIn} / ${after.rows - before.rows} (esperadas ${publishedIn * tags.length})`,
    );
    if (drained) {
      row(
        `desde o início: leituras publicadas / gravadas após esvaziar ${drained.seconds.toFixed(0)} s`,
        `${publishedAll * tags.length} / ${drained.rows} (${((drained.rows / (publishedAll * tags.length)) * 100).toFixed(1)} %)`,
      );
    }
    row(
      'ticks de 50 ms atrasados > 1 tick (processos dos dispositivos)',
      String(publishedAfter.late - publishedBefore.late),
    );
    const cpuOf = (key: 'brokers' | 'devices') =>
      others1[key]
        .map((ms, i) => `${(((ms - (others0[key][i] ?? 0)) / elapsedMs) * 100).toFixed(0)} %`)
        .join(' + ');
    row('CPU dos brokers (a frente primeiro)', cpuOf('brokers'));
    row('CPU dos processos dos dispositivos', cpuOf('devices'));
    if (args.db === 'postgres') {
      let ms = 0;
      // A backend started in the window (a pool reconnecting after its idle timeout) spent
      // all its time in it; one that ended in it is lost, so this is a lower bound.
      for (const [p, end] of others1.postgres) ms += end - (others0.postgres.get(p) ?? 0);
      row(
        'CPU dos processos postgres (o cluster todo, compartilhado)',
        `${((ms / elapsedMs) * 100).toFixed(0)} %`,
      );
    }
    row(
      'CPU deste processo (consoles)',
      `${(((others1.bench - others0.bench) / elapsedMs) * 100).toFixed(0)} %`,
    );
    row('leituras gravadas/s (esperadas)', `${storedPerS.toFixed(0)} (${expectedPerS.toFixed(0)})`);
    row(
      'CPU do servidor (100 % = um núcleo)',
      `${(((cpu1.cpuMs - cpu0.cpuMs) / elapsedMs) * 100).toFixed(0)} %`,
    );
    row(
      'RSS do servidor máx / mediana',
      `${rssMax.toFixed(0)} / ${percentile(rssSamples, 50).toFixed(0)} MB`,
    );
    for (const [kind, times] of Object.entries(callTimes)) {
      row(
        `${kind}: chamadas, p50 / p95`,
        `${times.length}, ${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms`,
      );
    }
    row('chamadas com erro', String(callErrors));
    row(
      'alarmes: publicado → evento no console, p50 / p95 / máx',
      `${alarmLatencies.length}, ${percentile(alarmLatencies, 50).toFixed(0)} / ${percentile(alarmLatencies, 95).toFixed(0)} / ${Math.max(0, ...alarmLatencies).toFixed(0)} ms`,
    );
    row(
      'eventos recebidos pelos consoles/s',
      (eventsReceived / ((performance.now() - wall0) / 1000)).toFixed(0),
    );
    row(
      'bytes por leitura (tabelas + índices)',
      `${(storage.bytes / storage.rows).toFixed(1)} (${(storage.bytes / 1e6).toFixed(1)} MB / ${storage.rows} leituras)`,
    );
    await node.stop();
    const packed = await packedPerReading(store);
    row(
      'bytes por leitura com as horas empacotadas (ao fim, o servidor parado)',
      `${(packed.bytes / packed.rows).toFixed(1)} (${(packed.bytes / 1e6).toFixed(1)} MB / ${packed.rows} leituras; empacotadas em ${packed.seconds.toFixed(0)} s)`,
    );
    row(
      'carga da máquina (1 / 5 min)',
      loadavg()
        .slice(0, 2)
        .map((l) => l.toFixed(1))
        .join(' / '),
    );
    await store.close();
    agent.destroy();
    // The server's output (its first 2 MB), to read what it logged under the load.
    if (process.env.FLEET_SERVER_LOG) writeFileSync(process.env.FLEET_SERVER_LOG, node.output());
    printServerTimes(serverTimesFile, windowFrom, windowTo, row);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await node?.stop();
    for (const b of brokers) b.child.kill('SIGTERM');
    await pgDb?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
