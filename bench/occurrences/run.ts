/**
 * Occurrence paging on 1,000,000 rows, through the real route handlers.
 *
 *   npx tsx --conditions=source bench/occurrences/run.ts [--rows 1000000] [--runs 100] [--db sqlite,postgres]
 *     [--keep] [--drop] [--fill triggers]
 *
 * For each database (a throwaway SQLite file and a throwaway PostgreSQL
 * database): seeds the demo fleet (users, systems, devices, alarm rules),
 * bulk-inserts the occurrences spread over a year (newest ids newest), then
 * times `app.inject` GETs with the demo operator's token — first page and a
 * deep page (90 % into the matching rows), with and without filters — and
 * prints p50/p95 and the deep/first ratio. Targets: p95 ≤ 10 ms, deep ≤ 1.5×.
 * `--keep` keeps the filled databases for the next run (stores.ts), `--drop`
 * removes them; `--fill triggers` loads through the per-row triggers (upkeep.ts).
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { seedDemo } from '../../apps/server/src/seed/demoFleet.js';
import type { Store } from '../../apps/server/src/store/database.js';
import { startTestApp, type TestApp } from '../../apps/server/src/test/testApp.js';
import { POSTGRES_URL, postgresAvailable } from '../../test-support/services.js';
import { exitAfter, SMOKE_TIME_LIMIT_S, timeLimitOf } from '../timeLimit.js';
import { bulkInsert, DAY } from './generate.js';
import { raw } from './raw.js';
import { type BenchStore, diskBytes, dropKept, type FillRecord, openBenchStore } from './stores.js';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string' },
    runs: { type: 'string' },
    db: { type: 'string', default: 'sqlite,postgres' },
    keep: { type: 'boolean', default: false },
    drop: { type: 'boolean', default: false },
    fill: { type: 'string', default: 'rebuild' },
    /** Tiny run for the test suite (bench/smoke.test.ts): 2,000 rows, 5 runs. */
    smoke: { type: 'boolean', default: false },
    /** Seconds the run may take; past it the bench stops with exit code 1. */
    'time-limit': { type: 'string' },
  },
});
const ROWS = Number(args.rows ?? (args.smoke ? 2000 : 1_000_000));
const RUNS = Number(args.runs ?? (args.smoke ? 5 : 100));
const WARMUP = args.smoke ? 1 : 5;
exitAfter('occurrences', timeLimitOf(args['time-limit'], args.smoke ? SMOKE_TIME_LIMIT_S : 7200));
const PAGE = 100;

interface Case {
  name: string;
  path: string;
  /** Query without paging. */
  query: string;
  /** Matching rows (decides the deep offset). */
  total: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

interface Timing {
  p50: number;
  p95: number;
  /** Median CPU time of this process per request (all of it on SQLite; the Node side on PostgreSQL). */
  cpu50: number;
  rows: number;
}

/**
 * Times the URLs interleaved (a, b, a, b, …), so a load spike on the shared
 * machine hits all of them alike and their ratio stays meaningful.
 */
async function time(
  t: TestApp,
  headers: { authorization: string },
  urls: string[],
): Promise<Timing[]> {
  const samples = urls.map(() => ({ wall: [] as number[], cpu: [] as number[], rows: 0 }));
  for (let i = 0; i < WARMUP + RUNS; i++) {
    for (const [k, url] of urls.entries()) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url, headers });
      const elapsed = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      const body = response.json() as unknown;
      const s = samples[k] as (typeof samples)[number];
      s.rows = Array.isArray(body) ? body.length : 0;
      if (i >= WARMUP) {
        s.wall.push(elapsed);
        s.cpu.push((cpu.user + cpu.system) / 1000);
      }
    }
  }
  return samples.map((s) => {
    s.wall.sort((a, b) => a - b);
    s.cpu.sort((a, b) => a - b);
    return {
      p50: percentile(s.wall, 50),
      p95: percentile(s.wall, 95),
      cpu50: percentile(s.cpu, 50),
      rows: s.rows,
    };
  });
}

async function count(store: Store, where: string, params: unknown[] = []) {
  const [row] = await raw<{ n: number }>(
    store,
    `select count(*) as n from occurrences where ${where}`,
    params,
  );
  return Number(row?.n ?? 0);
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

async function fill(label: string, store: Store): Promise<FillRecord> {
  const now = Math.floor(Date.now() / 1000);
  const started = performance.now();
  await seedDemo(store, { seed: 1, users: true, historyDays: 1, now });
  console.log(
    `[${label}] demo fleet seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`[${label}] fill starts, load average ${load()}`);
  const times = await bulkInsert(
    store,
    now,
    ROWS,
    args.fill === 'triggers' ? 'triggers' : 'rebuild',
  );
  console.log(
    `[${label}] ${ROWS.toLocaleString('en')} occurrences in ${times.total.toFixed(1)} s ` +
      `(insert ${times.insert.toFixed(1)}, indexes ${times.indexes.toFixed(1)}, ` +
      `counters ${times.counters.toFixed(1)}, analyze ${times.analyze.toFixed(1)}), load average ${load()}`,
  );
  return { now, rows: ROWS, fill: times };
}

async function benchmark(label: string, bench: BenchStore): Promise<string[]> {
  const { store } = bench;
  let record = bench.filled;
  if (record) {
    console.log(`[${label}] kept database, filled in ${record.fill.total.toFixed(1)} s`);
  } else {
    record = await fill(label, store);
    bench.record(record);
  }
  const { now } = record;
  console.log(
    `[${label}] on disk ${((await diskBytes(store)) / 2 ** 30).toFixed(2)} GiB; timing starts, load average ${load()}`,
  );

  const t = await startTestApp({ store });
  const headers = await t.authHeader('demo');
  const systems = (
    await store.db.selectFrom('user_systems').select('system_id').where('user_id', '=', 1).execute()
  ).map((r) => r.system_id);
  const inScope = `system_id in (${systems.join(', ')})`;
  const busiest = await store.db
    .selectFrom('occurrences')
    .select(['system_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('system_id', 'in', systems)
    .groupBy('system_id')
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  const busiestDevice = await store.db
    .selectFrom('occurrences')
    .select(['device_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('system_id', 'in', systems)
    .groupBy('device_id')
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  const plant = await store.db
    .selectFrom('plants')
    .select('id')
    .where('system_id', 'in', systems)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const word = 'temperatura';
  const textNames = (
    await store.db.selectFrom('alarm_rules').select('nome_alarme').distinct().execute()
  )
    .map((r) => r.nome_alarme)
    .filter((n) => n.toLowerCase().includes(word));
  const cases: Case[] = [
    {
      name: 'no filter (5 systems)',
      path: '/api/ocorrencias',
      query: '',
      total: await count(store, inScope),
    },
    {
      name: `sisid=${busiest.system_id}`,
      path: '/api/ocorrencias',
      query: `sisid=${busiest.system_id}`,
      total: Number(busiest.n),
    },
    {
      name: `text '${word}'`,
      path: '/api/ocorrencias',
      query: `filtroTexto=${word}`,
      total:
        textNames.length === 0
          ? 0
          : await count(
              store,
              `${inScope} and nome_alarme in (${textNames.map(() => '?').join(', ')})`,
              textNames,
            ),
    },
    {
      name: 'active only (ativas)',
      path: '/api/ocorrencias/ativas',
      query: '',
      total: await count(
        store,
        `${inScope} and is_evt = 0 and (hora_desativacao is null or hora_ack is null)`,
      ),
    },
    {
      name: '31-day period, alarms',
      path: '/api/ocorrencias',
      query: `inicio=${now - 30 * DAY}&fim=${now}&alarme=true`,
      total: await count(
        store,
        `${inScope} and is_evt = 0 and hora_ativacao >= ? and hora_ativacao <= ?`,
        [now - 30 * DAY, now],
      ),
    },
    {
      name: `device disp_id=${busiestDevice.device_id} (seleciona)`,
      path: '/api/ocorrencia/dispositivo/id/seleciona',
      query: `disp_id=${busiestDevice.device_id}`,
      total: Number(busiestDevice.n),
    },
    {
      name: `plant local_id=${plant.id}`,
      path: '/api/ocorrencias',
      query: `local_id=${plant.id}`,
      total: await count(store, `device_id in (select id from devices where usina_id = ?)`, [
        plant.id,
      ]),
    },
  ];

  const lines: string[] = [];
  for (const c of cases) {
    const deep = Math.max(0, Math.floor((c.total * 0.9) / PAGE) * PAGE);
    const sep = c.query ? '&' : '';
    const [first, deepRun] = (await time(t, headers, [
      `${c.path}?${c.query}${sep}offSet=0&limit=${PAGE}`,
      `${c.path}?${c.query}${sep}offSet=${deep}&limit=${PAGE}`,
    ])) as [Timing, Timing];
    const row = (page: string, offset: number, r: Timing, ratio = '') =>
      `| ${label} | ${c.name} | ${c.total.toLocaleString('en')} | ${page} | ${offset.toLocaleString('en')} | ${r.rows} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.cpu50.toFixed(2)} | ${ratio} |`;
    lines.push(row('first', 0, first));
    lines.push(
      row(
        'deep',
        deep,
        deepRun,
        `${(deepRun.p50 / first.p50).toFixed(2)}× / ${(deepRun.p95 / first.p95).toFixed(2)}×`,
      ),
    );
    console.log(lines.at(-2));
    console.log(lines.at(-1));
  }
  const [counter] = (await time(t, headers, [
    `/api/ocorrencias?alarmeativo=true&sisid=${busiest.system_id}`,
  ])) as [Timing];
  lines.push(
    `| ${label} | counter \`alarmeativo=true&sisid=${busiest.system_id}\` | | | | | ${counter.p50.toFixed(2)} | ${counter.p95.toFixed(2)} | ${counter.cpu50.toFixed(2)} | |`,
  );
  await t.close();
  return lines;
}

async function main() {
  const wanted = new Set(args.db?.split(','));
  const lines: string[] = [];
  for (const [kind, label] of [
    ['sqlite', 'SQLite'],
    ['postgres', 'PostgreSQL'],
  ] as const) {
    if (!wanted.has(kind)) continue;
    if (kind === 'postgres' && !(await postgresAvailable())) {
      console.log(`PostgreSQL unavailable at ${POSTGRES_URL}: skipped`);
      continue;
    }
    if (args.drop) {
      await dropKept(kind, ROWS);
      continue;
    }
    const bench = await openBenchStore(kind, ROWS, args.keep ?? false);
    try {
      lines.push(...(await benchmark(label, bench)));
      console.log(`[${label}] timing done, load average ${load()}`);
    } finally {
      await bench.store.close();
    }
  }
  if (args.drop) return;
  console.log(
    `\nMachine: ${cpus().length} cores, load average at the end ${load()} (1 / 5 / 15 min).`,
  );
  console.log(
    `Page of ${PAGE} through app.inject (HTTP handler, auth, validation, serialisation); ` +
      `${RUNS} runs each after ${WARMUP} warm-up, first and deep interleaved, milliseconds. ` +
      'CPU: this process per request (all the work on SQLite, the Node side on PostgreSQL).\n',
  );
  console.log(
    '| DB | case | matching rows | page | offSet | rows | p50 ms | p95 ms | CPU p50 ms | deep/first p50 / p95 |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const line of lines) console.log(line);
}

await main();
