/**
 * The audit trail's pages (`GET /api/auditoria`, issue 28) on 1,000,000 audit
 * rows, through the real route handler (`app.inject` with an administrator's
 * token: auth, scope, validation, query, serialisation), on a SQLite file and
 * a PostgreSQL database.
 *
 *   npx tsx --conditions=source bench/audit/run.ts [--rows 1000000] [--runs 100]
 *     [--db sqlite,postgres] [--smoke] [--time-limit 3600]
 *
 * For each database (throwaway): seeds the demo fleet, bulk-inserts the audit
 * rows in SQL (a recursive CTE on SQLite, generate_series on PostgreSQL: one
 * statement, one transaction) spread over a year on the demo devices and users,
 * then times, for each case (no filter as the platform's and as a system's
 * administrator, system, user, device, action, period, a combination), the
 * first page and a deep page (`antesDe` = the cursor a client reaches 90 % into
 * the matching rows), interleaved with `GET /api/health` as the baseline of the
 * same run. Target: p95 ≤ 20 ms for every page; missed, the bench exits 1.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { seedDemo } from '../../apps/server/src/seed/demoFleet.js';
import type { Store } from '../../apps/server/src/store/database.js';
import { openTestStore } from '../../apps/server/src/store/testStore.js';
import { startTestApp, type TestApp } from '../../apps/server/src/test/testApp.js';
import { POSTGRES_URL, postgresAvailable } from '../../test-support/services.js';
import { raw } from '../occurrences/raw.js';
import { exitAfter, SMOKE_TIME_LIMIT_S, timeLimitOf } from '../timeLimit.js';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string' },
    runs: { type: 'string' },
    db: { type: 'string', default: 'sqlite,postgres' },
    /** Tiny run for the test suite (bench/smoke.test.ts): 5,000 rows, 5 runs, figures not judged. */
    smoke: { type: 'boolean', default: false },
    /** Seconds the run may take; past it the bench stops with exit code 1. */
    'time-limit': { type: 'string' },
  },
});
const ROWS = Number(args.rows ?? (args.smoke ? 5000 : 1_000_000));
const RUNS = Number(args.runs ?? (args.smoke ? 5 : 100));
const WARMUP = args.smoke ? 1 : 5;
const TARGET_P95_MS = 20;
/** The route's default page (AUDIT_PAGE.default). */
const PAGE = 50;
const DAY = 86_400;
const SPAN = 365 * DAY;
let dropping: (() => Promise<unknown>) | undefined;
exitAfter('audit', timeLimitOf(args['time-limit'], args.smoke ? SMOKE_TIME_LIMIT_S : 3600), () =>
  dropping ? dropping() : Promise.resolve(),
);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/**
 * The rows' action by `x % 100` (x: the row's number, oldest first): commands
 * and their states most, alarm handling, a few administration rows; one in a
 * thousand a company's change, of no system (the platform's).
 */
const ACTION = `case
  when x % 1000 = 998 then 'admin.empresa.alterar'
  when x % 100 < 45 then 'comando.estado'
  when x % 100 < 70 then 'comando.enviado'
  when x % 100 < 85 then 'occurrence.ack'
  when x % 100 < 92 then 'occurrence.comment'
  when x % 100 < 96 then 'occurrence.reason'
  when x % 100 < 98 then 'admin.dispositivo.alterar'
  when x % 100 = 98 then 'admin.usuario.senha'
  else 'admin.dispositivo.credenciais' end`;
const ENTITY = `case
  when x % 1000 = 998 then 'empresa'
  when x % 100 < 70 then 'command'
  when x % 100 < 96 then 'occurrence'
  when x % 100 = 98 then 'usuario'
  else 'dispositivo' end`;

/**
 * `ROWS` audit rows over the year before `now`, ids growing with time, on the
 * demo's devices (their systems) and users, in one SQL statement.
 */
async function fill(store: Store, now: number): Promise<number> {
  const started = performance.now();
  const devices = await store.db
    .selectFrom('devices')
    .select(['id', 'system_id'])
    .orderBy('id')
    .execute();
  const users = await store.db.selectFrom('users').select('id').orderBy('id').execute();
  if (devices.length === 0 || users.length === 0)
    throw new Error('a semente não criou dispositivos ou usuários');
  await raw(store, 'drop table if exists bench_audit_devices');
  await raw(store, 'drop table if exists bench_audit_users');
  await raw(
    store,
    'create table bench_audit_devices (k integer primary key, device_id integer, system_id integer)',
  );
  await raw(store, 'create table bench_audit_users (k integer primary key, user_id integer)');
  await raw(
    store,
    `insert into bench_audit_devices (k, device_id, system_id) values ${devices.map((_, k) => `(${k}, ?, ?)`).join(', ')}`,
    devices.flatMap((d) => [d.id, d.system_id]),
  );
  await raw(
    store,
    `insert into bench_audit_users (k, user_id) values ${users.map((_, k) => `(${k}, ?)`).join(', ')}`,
    users.map((u) => u.id),
  );
  const [{ top } = { top: 0 }] = await raw<{ top: number }>(
    store,
    'select coalesce(max(id), 0) as top from audit_log',
  );
  const start = now - SPAN;
  const select = `select ${Number(top)} + x, ${start} + (x * ${SPAN}) / ${ROWS}, u.user_id, ${ACTION}, ${ENTITY},
      cast(x as text), '{"bench":1}',
      case when x % 1000 = 998 then null else d.system_id end,
      case when x % 100 = 98 or x % 1000 = 998 then null else d.device_id end
    from series
    join bench_audit_devices d on d.k = (x * 7919 + x / 100) % ${devices.length}
    join bench_audit_users u on u.k = (x * 31) % ${users.length}
    order by x`;
  // Ids given in the rows' order (a sequence's nextval would number them before the sort).
  const columns = 'id, ts, user_id, action, entity, entity_id, details, system_id, device_id';
  // The secondary indexes are set aside for the load and built again from their own definitions.
  const indexes =
    store.raw.dialect === 'sqlite'
      ? await raw<{ name: string; definition: string }>(
          store,
          `select name, sql as definition from sqlite_master
           where type = 'index' and tbl_name = 'audit_log' and sql is not null`,
        )
      : await raw<{ name: string; definition: string }>(
          store,
          `select indexname as name, indexdef as definition from pg_indexes
           where tablename = 'audit_log' and indexname <> 'audit_log_pkey'`,
        );
  for (const index of indexes) await raw(store, `drop index ${index.name}`);
  if (store.raw.dialect === 'sqlite') {
    await raw(
      store,
      `with recursive series(x) as (select 1 union all select x + 1 from series where x < ${ROWS})
       insert into audit_log (${columns}) ${select}`,
    );
    for (const index of indexes) await raw(store, index.definition);
    await raw(store, 'analyze');
  } else {
    await raw(
      store,
      `insert into audit_log (${columns})
       with series(x) as (select generate_series(1::bigint, ${ROWS}::bigint))
       ${select}`,
    );
    await raw(
      store,
      "select setval(pg_get_serial_sequence('audit_log', 'id'), (select max(id) from audit_log))",
    );
    for (const index of indexes) await raw(store, index.definition);
    await raw(store, 'vacuum analyze audit_log');
  }
  await raw(store, 'drop table bench_audit_devices');
  await raw(store, 'drop table bench_audit_users');
  return (performance.now() - started) / 1000;
}

interface Timing {
  p50: number;
  p95: number;
  rows: number;
}

/**
 * Times the URLs interleaved (a, b, a, b, …), so a load spike on the shared
 * machine hits them all alike and their ratios stay meaningful.
 */
async function time(
  t: TestApp,
  requests: { url: string; headers?: { authorization: string } }[],
): Promise<Timing[]> {
  const samples = requests.map(() => ({ wall: [] as number[], rows: 0 }));
  for (let i = 0; i < WARMUP + RUNS; i++) {
    for (const [k, { url, headers }] of requests.entries()) {
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) {
        throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      }
      const s = samples[k] as (typeof samples)[number];
      const body = response.json() as { itens?: unknown[] };
      s.rows = body.itens?.length ?? 0;
      if (i >= WARMUP) s.wall.push(elapsed);
    }
  }
  return samples.map((s) => {
    s.wall.sort((a, b) => a - b);
    return { p50: percentile(s.wall, 50), p95: percentile(s.wall, 95), rows: s.rows };
  });
}

interface Case {
  name: string;
  /** The call's query, without paging. */
  query: string;
  /** The same rows in SQL (the scope included), to find the deep page's cursor. */
  where: string;
  params: unknown[];
  as: 'admin' | 'demo';
}

interface Result {
  line: string;
  p95: number;
}

async function benchmark(label: string, store: Store): Promise<Result[]> {
  const now = Math.floor(Date.now() / 1000);
  const seeded = performance.now();
  await seedDemo(store, { seed: 1, users: true, historyDays: 1, now });
  console.log(
    `[${label}] demo fleet seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
  console.log(`[${label}] fill starts, load average ${load()}`);
  const filled = await fill(store, now);
  const [{ n: total } = { n: 0 }] = await raw<{ n: number }>(
    store,
    'select count(*) as n from audit_log',
  );
  console.log(
    `[${label}] ${Number(total).toLocaleString('en')} audit rows, filled in ${filled.toFixed(1)} s; load average ${load()}`,
  );

  // 'demo' administers its own systems (a system administrator), 'admin' is the platform's.
  await store.db
    .updateTable('users')
    .set({ administrator: 1 })
    .where('login', '=', 'demo')
    .execute();
  const demoId = (
    await store.db
      .selectFrom('users')
      .select('id')
      .where('login', '=', 'demo')
      .executeTakeFirstOrThrow()
  ).id;
  const systems = (
    await store.db
      .selectFrom('user_systems')
      .select('system_id')
      .where('user_id', '=', demoId)
      .execute()
  ).map((r) => r.system_id);
  const inScope = `system_id in (${systems.join(', ')})`;
  const busiest = async (column: 'system_id' | 'device_id' | 'user_id') => {
    const [row] = await raw<{ v: number }>(
      store,
      `select ${column} as v from audit_log where ${inScope} and ${column} is not null
       group by ${column} order by count(*) desc limit 1`,
    );
    if (!row) throw new Error(`nenhuma linha de auditoria com ${column}`);
    return Number(row.v);
  };
  const system = await busiest('system_id');
  const device = await busiest('device_id');
  const user = await busiest('user_id');
  const oldFrom = now - 330 * DAY;
  const oldTo = oldFrom + 31 * DAY - 1;
  const cases: Case[] = [
    {
      name: 'no filter, platform administrator',
      query: '',
      where: '1 = 1',
      params: [],
      as: 'admin',
    },
    {
      name: `no filter, system administrator (${systems.length} systems)`,
      query: '',
      where: inScope,
      params: [],
      as: 'demo',
    },
    {
      name: `system sisId=${system}`,
      query: `sisId=${system}`,
      where: 'system_id = ?',
      params: [system],
      as: 'demo',
    },
    {
      name: `user usuarioId=${user}`,
      query: `usuarioId=${user}`,
      where: `${inScope} and user_id = ?`,
      params: [user],
      as: 'demo',
    },
    {
      name: `device dispositivoId=${device}`,
      query: `dispositivoId=${device}`,
      where: `${inScope} and device_id = ?`,
      params: [device],
      as: 'demo',
    },
    {
      name: 'action acao=comando',
      query: 'acao=comando',
      where: `${inScope} and (action = ? or action like ?)`,
      params: ['comando', 'comando.%'],
      as: 'demo',
    },
    {
      name: 'action acao=admin.usuario (1 %)',
      query: 'acao=admin.usuario',
      where: `${inScope} and (action = ? or action like ?)`,
      params: ['admin.usuario', 'admin.usuario.%'],
      as: 'demo',
    },
    {
      name: 'action acao=admin.empresa (0.1 %, platform)',
      query: 'acao=admin.empresa',
      where: '(action = ? or action like ?)',
      params: ['admin.empresa', 'admin.empresa.%'],
      as: 'admin',
    },
    {
      name: '31-day period 11 months ago',
      query: `inicio=${oldFrom}&fim=${oldTo}`,
      where: `${inScope} and ts >= ? and ts <= ?`,
      params: [oldFrom, oldTo],
      as: 'demo',
    },
    {
      name: `sisId=${system} + acao=comando + period`,
      query: `sisId=${system}&acao=comando&inicio=${oldFrom}&fim=${oldTo}`,
      where: 'system_id = ? and (action = ? or action like ?) and ts >= ? and ts <= ?',
      params: [system, 'comando', 'comando.%', oldFrom, oldTo],
      as: 'demo',
    },
  ];

  const t = await startTestApp({ store });
  const headers = { admin: await t.authHeader('admin'), demo: await t.authHeader('demo') };
  const results: Result[] = [];
  for (const c of cases) {
    const [{ n } = { n: 0 }] = await raw<{ n: number }>(
      store,
      `select count(*) as n from audit_log where ${c.where}`,
      c.params,
    );
    const matching = Number(n);
    const deepAt = Math.max(0, Math.floor(matching * 0.9));
    const [cursor] = await raw<{ id: number }>(
      store,
      `select id from audit_log where ${c.where} order by ts desc, id desc limit 1 offset ${deepAt}`,
      c.params,
    );
    const url = (extra: string) => `/api/auditoria?${[c.query, extra].filter(Boolean).join('&')}`;
    const [health, first, deep] = (await time(t, [
      { url: '/api/health' },
      { url: url(''), headers: headers[c.as] },
      { url: url(cursor ? `antesDe=${cursor.id}` : ''), headers: headers[c.as] },
    ])) as [Timing, Timing, Timing];
    // The pages hold what the SQL says they should: a wrong page is no measurement.
    const expected = [Math.min(PAGE, matching), Math.min(PAGE, Math.max(0, matching - deepAt - 1))];
    if (first.rows !== expected[0] || (cursor && deep.rows !== expected[1])) {
      console.error(
        `audit: NÃO MEDIU: ${label}, ${c.name}: páginas de ${first.rows} e ${deep.rows} linhas, esperadas ${expected.join(' e ')}`,
      );
      process.exit(1);
    }
    for (const [page, r, at] of [
      ['first', first, 0],
      ['deep', deep, deepAt],
    ] as const) {
      const line = `| ${label} | ${c.name} | ${matching.toLocaleString('en')} | ${page} | ${at.toLocaleString('en')} | ${r.rows} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${(r.p95 / health.p95).toFixed(1)}× |`;
      console.log(line);
      results.push({ line, p95: r.p95 });
    }
    results.push({
      line: `| ${label} | baseline GET /api/health (same runs) | | | | | ${health.p50.toFixed(2)} | ${health.p95.toFixed(2)} | 1.0× |`,
      p95: 0,
    });
  }
  await t.close();
  return results;
}

async function main() {
  const wanted = new Set(args.db?.split(','));
  const results: Result[] = [];
  let measured = 0;
  for (const [kind, label] of [
    ['sqlite', 'SQLite'],
    ['postgres', 'PostgreSQL'],
  ] as const) {
    if (!wanted.has(kind)) continue;
    if (kind === 'postgres' && !(await postgresAvailable())) {
      console.error(`audit: NÃO MEDIU: PostgreSQL indisponível em ${POSTGRES_URL}`);
      process.exit(1);
    }
    process.env.VIGIA_TEST_DB = kind;
    const store = await openTestStore();
    dropping = () => store.close();
    try {
      results.push(...(await benchmark(label, store)));
      measured += 1;
      console.log(`[${label}] timing done, load average ${load()}`);
    } finally {
      dropping = undefined;
      await store.close();
    }
  }
  if (measured === 0) {
    console.error(`audit: NÃO MEDIU: nenhum banco escolhido em --db ${args.db}`);
    process.exit(1);
  }
  console.log(
    `\nMachine: ${cpus().length} cores, load average at the end ${load()} (1 / 5 / 15 min).`,
  );
  console.log(
    `${ROWS.toLocaleString('en')} rows inserted. Default page (50) through app.inject (handler, auth, scope, ` +
      `validation, serialisation); ${RUNS} runs each after ${WARMUP} warm-up, health, first and deep ` +
      'interleaved, milliseconds. Deep: antesDe = the cursor 90 % into the matching rows. ' +
      'vs health: p95 over the p95 of GET /api/health in the same runs.\n',
  );
  console.log(
    '| DB | case | matching rows | page | rows before | rows | p50 ms | p95 ms | p95 vs health |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) console.log(r.line);
  const worst = Math.max(...results.map((r) => r.p95));
  console.log(`\nworst page p95: ${worst.toFixed(2)} ms (target ≤ ${TARGET_P95_MS} ms)`);
  if (!args.smoke && worst > TARGET_P95_MS) {
    console.error(`audit: FORA DA META: p95 de ${worst.toFixed(2)} ms > ${TARGET_P95_MS} ms`);
    process.exit(1);
  }
}

await main();
process.exit(0);
