/**
 * API load: the device list and the latest-values call against a Fastify
 * hello-world, in the same run, under autocannon.
 *
 *   npx tsx --conditions=source bench/api/run.ts [--duration 10] [--connections 10]
 *
 * Starts `serve.ts` in a child process (the real app on a SQLite file with
 * the demo seed, and a hello-world), signs in as the demo operator, then
 * loads each target for `duration` seconds and prints req/s, p50 and p99
 * latency and the ratio to hello-world. Target: ≥ 0.6× hello-world.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
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
  await autocannon({ ...target, connections: CONNECTIONS, duration: 1 });
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
  const auth = { authorization: `Bearer ${token}` };
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

  const outcomes: Outcome[] = [];
  for (const target of targets) {
    process.stderr.write(`carregando ${target.name} por ${DURATION} s…\n`);
    outcomes.push(await load(target));
  }

  const hello = outcomes[0]?.requests ?? 1;
  console.log(
    `\nAPI sob carga: ${CONNECTIONS} conexões, ${DURATION} s por alvo (Node ${process.version})\n`,
  );
  console.log('alvo | req/s | p50 ms | p99 ms | bytes/resp | × hello | erros');
  console.log('---|---:|---:|---:|---:|---:|---:');
  for (const o of outcomes) {
    const ratio = o.requests / hello;
    console.log(
      `${o.name} | ${o.requests.toFixed(0)} | ${o.p50} | ${o.p99} | ${o.bytes.toFixed(0)} | ` +
        `${ratio.toFixed(2)}× | ${o.errors + o.non2xx}`,
    );
  }
  const failing = outcomes
    .filter((o) => !o.name.startsWith('referência') && o.name !== 'hello-world')
    .filter((o) => o.requests / hello < TARGET_RATIO);
  console.log(
    failing.length === 0
      ? `\nMeta ≥ ${TARGET_RATIO}× hello-world: atingida.`
      : `\nMeta ≥ ${TARGET_RATIO}× hello-world: não atingida por ${failing.map((o) => o.name).join('; ')}.`,
  );
  if (outcomes.some((o) => o.errors + o.non2xx > 0)) process.exitCode = 1;
} finally {
  await servers.stop();
}
