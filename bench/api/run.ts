/**
 * API load: the device list and the latest-values call against a Fastify
 * hello-world, in the same run, under autocannon.
 *
 *   npx tsx --conditions=source bench/api/run.ts [--duration 10] [--connections 10] [--smoke]
 *
 * Starts `serve.ts` in a child process (the real app on a SQLite file with
 * the demo seed, and a hello-world), signs in as the demo operator, then
 * loads each target for `duration` seconds and prints req/s, p50 and p99
 * latency and the ratio to hello-world, which is measured again after every
 * target (the ratio uses the mean of the runs on either side, so a load that
 * drifts during the run does not skew it). Target: ≥ 0.6× hello-world.
 *
 * Every call sends what the console's browser sends (`accept-encoding: gzip,
 * deflate, br`), and each goal call is also replayed byte for byte by a bare
 * Fastify ("réplica"): what the answer's size and headers cost the load
 * generator and a plain Fastify route. `× réplica` is the app against it:
 * kept answers (apps/server/src/plugins/responseCache.ts) are sent inside
 * Fastify's lifecycle, after authentication and before parsing and the
 * handler, so what is left between the two is the app's hooks and routing.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { exitAfter, SMOKE_TIME_LIMIT_S, timeLimitOf } from '../timeLimit.js';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string' },
    connections: { type: 'string', default: '10' },
    /** Tiny run for the test suite (bench/smoke.test.ts): one goal call and its replica, 1 s each, no warm-up. */
    smoke: { type: 'boolean', default: false },
    /** Seconds the run may take; past it the bench stops with exit code 1. */
    'time-limit': { type: 'string' },
  },
});
const SMOKE = args.smoke;
const DURATION = Number(args.duration ?? (SMOKE ? 1 : 10));
const CONNECTIONS = Number(args.connections);
exitAfter('api', timeLimitOf(args['time-limit'], SMOKE ? SMOKE_TIME_LIMIT_S : 900));
const TARGET_RATIO = 0.6;

interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface Outcome {
  name: string;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytes: number;
}

async function startServers() {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=source',
      fileURLToPath(new URL('./serve.ts', import.meta.url)),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(() => {
      throw new Error('o servidor do benchmark terminou antes de escutar');
    }),
  ])) as [string];
  const ports = JSON.parse(line) as { hello: number; app: number };
  return {
    ports,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'vigia-web',
      username: 'demo',
      password: 'demo',
    }),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function load(target: Target): Promise<Outcome> {
  // A short warm-up so JIT and caches do not count against the first target.
  if (!SMOKE) await autocannon({ ...target, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ ...target, connections: CONNECTIONS, duration: DURATION });
  return {
    name: target.name,
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytes: result.throughput.average / Math.max(result.requests.average, 1),
  };
}

const servers = await startServers();
try {
  const app = `http://127.0.0.1:${servers.ports.app}`;
  const token = await login(app);
  // What the console's browser sends with every call.
  const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
  const deviceId = await (async () => {
    const response = await fetch(
      `${app}/api/dispositivos/infosFiltro?sisid=121&tipo=gerador&limit=1`,
      {
        headers: auth,
      },
    );
    const page = (await response.json()) as { itens: { id: number }[] };
    const id = page.itens[0]?.id;
    if (id === undefined) throw new Error('nenhum gerador no sistema 121');
    return id;
  })();

  const targets: Target[] = [
    { name: 'hello-world', url: `http://127.0.0.1:${servers.ports.hello}/` },
    // References: the app's floor without a token (one trivial query) and with one.
    { name: 'referência: /api/health (sem token)', url: `${app}/api/health` },
    {
      name: 'referência: /api/User/userinfo (token)',
      url: `${app}/api/User/userinfo`,
      headers: auth,
    },
    {
      name: 'lista de dispositivos (infosFiltro, sisid=121, 24 dispositivos com todas as leituras)',
      url: `${app}/api/dispositivos/infosFiltro?sisid=121`,
      headers: auth,
    },
    {
      name: 'lista de dispositivos (infosFiltro, sisid=121, leituras da tela: kW, modoWeb, statusGMG, Vcc)',
      url: `${app}/api/dispositivos/infosFiltro?sisid=121&nomes=kW,modoWeb,statusGMG,Vcc`,
      headers: auth,
    },
    {
      name: `últimos valores (infosLista, dispositivo ${deviceId}, 8 leituras)`,
      url: `${app}/api/taginfo/v2/dispositivo/id/infosLista?idDispositivo=${deviceId}`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        nomes: ['kW', 'kVA', 'Hz', 'Vab', 'Ia', 'LoadSpeed', 'modoWeb', 'statusGMG'],
      }),
    },
  ];

  // The machine's load may drift during the run: hello-world is measured before and
  // after every target and each ratio is taken against the mean of its two neighbours.
  // Each call of the goal is also replayed byte for byte by a bare Fastify (serve.ts):
  // what its answer's size and headers cost through a plain Fastify route.
  const [helloTarget, ...allAppTargets] = targets as [Target, ...Target[]];
  // The smoke run: the device list with the screen's readings only.
  const appTargets = SMOKE ? allAppTargets.slice(3, 4) : allAppTargets;
  const replayOf = (target: Target): Target => {
    const query = new URLSearchParams({ url: target.url.slice(app.length) });
    if (target.body) query.set('body', target.body);
    return {
      name: `réplica de ${target.name}`,
      url: `http://127.0.0.1:${servers.ports.hello}/replay?${query}`,
      headers: { 'accept-encoding': auth['accept-encoding'] },
    };
  };
  const run = async (target: Target) => {
    process.stderr.write(`carregando ${target.name} por ${DURATION} s…\n`);
    return load(target);
  };
  const hellos: Outcome[] = [await run(helloTarget)];
  const outcomes: { outcome: Outcome; hello: number; replica?: Outcome }[] = [];
  for (const target of appTargets) {
    const outcome = await run(target);
    const replica = target.name.startsWith('referência') ? undefined : await run(replayOf(target));
    const after = await run(helloTarget);
    const before = hellos[hellos.length - 1] as Outcome;
    hellos.push(after);
    outcomes.push({ outcome, hello: (before.requests + after.requests) / 2, replica });
  }

  const helloRates = hellos.map((h) => h.requests);
  const helloMean = helloRates.reduce((a, b) => a + b, 0) / helloRates.length;
  const helloP50 = hellos.map((h) => h.p50).sort((a, b) => a - b)[Math.floor(hellos.length / 2)];
  const helloP99 = hellos.map((h) => h.p99).sort((a, b) => a - b)[Math.floor(hellos.length / 2)];
  console.log(
    `\nAPI sob carga: ${CONNECTIONS} conexões, ${DURATION} s por alvo (Node ${process.version})\n`,
  );
  console.log(
    'alvo | req/s | p50 ms | p99 ms | bytes/resp | × hello (vizinhos) | réplica × hello | × réplica | erros',
  );
  console.log('---|---:|---:|---:|---:|---:|---:|---:|---:');
  console.log(
    `hello-world (${hellos.length} rodadas: ${helloRates.map((r) => r.toFixed(0)).join(', ')}) | ` +
      `${helloMean.toFixed(0)} | ${helloP50} | ${helloP99} | ${hellos[0]?.bytes.toFixed(0)} | 1.00× | | | ` +
      `${hellos.reduce((n, h) => n + h.errors + h.non2xx, 0)}`,
  );
  for (const { outcome: o, hello, replica } of outcomes) {
    const replicaCells = replica
      ? `${(replica.requests / hello).toFixed(2)}× | ${(o.requests / replica.requests).toFixed(2)}×`
      : ' | ';
    console.log(
      `${o.name} | ${o.requests.toFixed(0)} | ${o.p50} | ${o.p99} | ${o.bytes.toFixed(0)} | ` +
        `${(o.requests / hello).toFixed(2)}× | ${replicaCells} | ${o.errors + o.non2xx}`,
    );
  }
  const failing = outcomes
    .filter(({ outcome }) => !outcome.name.startsWith('referência'))
    .filter(({ outcome, hello }) => outcome.requests / hello < TARGET_RATIO)
    .map(({ outcome }) => outcome);
  console.log(
    failing.length === 0
      ? `\nMeta ≥ ${TARGET_RATIO}× hello-world: atingida.`
      : `\nMeta ≥ ${TARGET_RATIO}× hello-world: não atingida por ${failing.map((o) => o.name).join('; ')}.`,
  );
  const all = [
    ...hellos,
    ...outcomes.flatMap(({ outcome, replica }) => (replica ? [outcome, replica] : [outcome])),
  ];
  if (all.some((o) => o.errors + o.non2xx > 0)) process.exitCode = 1;
} finally {
  await servers.stop();
}
