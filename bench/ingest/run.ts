/**
 * Ingest throughput on SQLite: readings per second through the full ingest
 * path (validation, batching, history + current values + last-seen in one
 * transaction, alarm evaluation, events) against a raw batched insert of the
 * same rows into the same database, in the same run.
 *
 *   npx tsx --conditions=source bench/ingest/run.ts [--devices 1000] [--tags 25] [--rounds 80]
 *
 * Targets: ≥ 100,000 readings/s, ≥ 0.5× the raw rate, resident memory < 200 MB.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createIngest, type Ingest } from '../../apps/server/src/ingest/ingest.js';
import { createRandom } from '../../apps/server/src/seed/random.js';
import { openStore, type Store, withSqlite } from '../../apps/server/src/store/database.js';
import { ReadingBuffer, type ReadingColumns } from '../../apps/server/src/store/readingsWriter.js';
import { exitAfter, SMOKE_TIME_LIMIT_S, timeLimitOf } from '../timeLimit.js';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string' },
    tags: { type: 'string' },
    rounds: { type: 'string' },
    batch: { type: 'string' },
    /** Tiny run for the test suite (bench/smoke.test.ts): 50 devices × 10 readings × 10 rounds; targets not judged. */
    smoke: { type: 'boolean', default: false },
    /** Seconds the run may take; past it the bench stops with exit code 1. */
    'time-limit': { type: 'string' },
  },
});
const SMOKE = args.smoke;
const DEVICES = Number(args.devices ?? (SMOKE ? 50 : 1000));
const TAGS = Number(args.tags ?? (SMOKE ? 10 : 25));
const ROUNDS = Number(args.rounds ?? (SMOKE ? 10 : 80));
const BATCH = Number(args.batch ?? (SMOKE ? 1000 : 50_000));
exitAfter('ingest', timeLimitOf(args['time-limit'], SMOKE ? SMOKE_TIME_LIMIT_S : 900));
const READINGS = DEVICES * TAGS * ROUNDS;
const TARGET_RATE = 100_000;
const TARGET_RATIO = 0.5;
const TARGET_RSS_MB = 200;

const FIRST_DEVICE = 1;
const tagNames = Array.from({ length: TAGS }, (_, i) =>
  i === 0 ? 'temp' : i === 1 ? 'status' : `r${i}`,
);

async function createFleet(store: Store, t0: number): Promise<Map<number, number[]>> {
  const db = store.db;
  await db.insertInto('companies').values({ id: 1, nome: 'Bench' }).execute();
  await db
    .insertInto('systems')
    .values({ id: 1, nome: 'Bench', company_id: 1, config: '{"home":null}' })
    .execute();
  await db
    .insertInto('device_templates')
    .values({ id: 1, nome: 'Bench', tipo: 'gerador' })
    .execute();
  const rule = {
    template_id: 1,
    operator: null,
    limit_value: null,
    deadband: 0,
    bit: null,
    is_event: 0 as const,
  };
  await db
    .insertInto('alarm_rules')
    .values([
      {
        ...rule,
        kind: 'threshold',
        tag: 'temp',
        operator: '>',
        limit_value: 99,
        deadband: 2,
        critico: 20,
        nome_alarme: 'Alta temperatura',
      },
      { ...rule, kind: 'bit', tag: 'status', bit: 1, critico: 22, nome_alarme: 'Falha' },
      {
        ...rule,
        kind: 'bit',
        tag: 'status',
        bit: 64,
        critico: 8,
        is_event: 1,
        nome_alarme: 'Em funcionamento',
      },
      {
        ...rule,
        kind: 'communication',
        tag: null,
        limit_value: 1800,
        critico: 12,
        nome_alarme: 'Falha de comunicação',
      },
    ])
    .execute();
  for (let d = 0; d < DEVICES; d += 500) {
    const rows = [];
    for (let id = FIRST_DEVICE + d; id < FIRST_DEVICE + Math.min(DEVICES, d + 500); id++) {
      rows.push({
        id,
        nome: `Dispositivo ${id}`,
        patrimonio: `D${id}`,
        tipo: 'gerador',
        template_id: 1,
        local_nome: 'Bench',
        uf: 'SP',
        system_id: 1,
        created_at: t0,
      });
    }
    await db.insertInto('devices').values(rows).execute();
  }
  const tagRows = [];
  for (let id = FIRST_DEVICE; id < FIRST_DEVICE + DEVICES; id++) {
    for (const nome of tagNames) tagRows.push({ device_id: id, nome, apelido: nome, unidade: '' });
  }
  for (let i = 0; i < tagRows.length; i += 5000)
    await db
      .insertInto('tags')
      .values(tagRows.slice(i, i + 5000))
      .execute();
  const tags = await db
    .selectFrom('tags')
    .select(['id', 'device_id', 'nome'])
    .orderBy('id')
    .execute();
  const byDevice = new Map<number, number[]>();
  for (const t of tags) {
    const list = byDevice.get(t.device_id) ?? [];
    list[tagNames.indexOf(t.nome)] = t.id;
    byDevice.set(t.device_id, list);
  }
  return byDevice;
}

/**
 * The readings of one round: every device sends every tag at `ts`. Like a real
 * fleet, devices change state or cross a limit now and then (each device spends
 * one 10-minute slot in 40 overheated and one stopped), so the alarm path
 * works without a storm.
 */
function* round(ts: number, seed: number) {
  const rng = createRandom(seed);
  for (let id = FIRST_DEVICE; id < FIRST_DEVICE + DEVICES; id++) {
    const leituras: Record<string, number> = {};
    const slot = Math.floor((ts + id * 7) / 600) % 40;
    for (let i = 0; i < TAGS; i++) {
      const name = tagNames[i] as string;
      leituras[name] =
        name === 'temp'
          ? 80 + rng.next() * 5 + (slot === 0 ? 20 : 0)
          : name === 'status'
            ? slot === 1
              ? 2048
              : 64
            : Math.round(rng.next() * 50_000) / 100;
    }
    yield { id, leituras };
  }
}

let peakRss = 0;
const sampleRss = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};

const SEGMENTS = 8;

/**
 * The raw baseline: the same rows inserted into a table shaped like `readings`
 * (same key, WITHOUT ROWID) with a prepared multi-row statement, one
 * transaction per batch. Nothing else: no validation, no current values, no alarms.
 */
async function createRawInsert(store: Store): Promise<(rows: ReadingColumns) => void> {
  return withSqlite(store, (db) => {
    db.exec(`create table bench_readings_raw (
      tag_id integer not null, ts integer not null, valor real not null, qos integer not null default 0,
      primary key (tag_id, ts)) without rowid`);
    const perStatement = 128;
    const values = (n: number) => Array.from({ length: n }, () => '(?,?,?,?)').join(',');
    const many = db.prepare(
      `insert into bench_readings_raw values ${values(perStatement)} on conflict do nothing`,
    );
    const one = db.prepare(
      'insert into bench_readings_raw values (?,?,?,?) on conflict do nothing',
    );
    const params = new Array<number>(perStatement * 4);
    return db.transaction((rows: ReadingColumns) => {
      let i = 0;
      for (; i + perStatement <= rows.length; i += perStatement) {
        for (let k = 0; k < perStatement; k++) {
          params[k * 4] = rows.tagIds[i + k] as number;
          params[k * 4 + 1] = rows.ts[i + k] as number;
          params[k * 4 + 2] = rows.valores[i + k] as number;
          params[k * 4 + 3] = rows.qos[i + k] as number;
        }
        many.run(params);
      }
      for (; i < rows.length; i++) {
        one.run(rows.tagIds[i], rows.ts[i], rows.valores[i], rows.qos[i]);
      }
    });
  });
}

async function rawSegment(
  store: Store,
  insert: (rows: ReadingColumns) => void,
  tagIds: Map<number, number[]>,
  t0: number,
  rounds: [number, number],
): Promise<number> {
  const started = performance.now();
  const rows = new ReadingBuffer(BATCH);
  const write = async () => {
    await withSqlite(store, () => insert(rows));
    rows.clear();
  };
  for (let r = rounds[0]; r < rounds[1]; r++) {
    const ts = t0 + r;
    for (const { id, leituras } of round(ts, r)) {
      const ids = tagIds.get(id) as number[];
      for (let i = 0; i < TAGS; i++) {
        rows.push(ids[i] as number, ts, leituras[tagNames[i] as string] as number, 0);
      }
      if (rows.length >= BATCH) await write();
    }
  }
  if (rows.length > 0) await write();
  sampleRss();
  return (performance.now() - started) / 1000;
}

async function ingestSegment(
  ingest: Ingest,
  t0: number,
  rounds: [number, number],
): Promise<number> {
  const started = performance.now();
  let submitted = 0;
  for (let r = rounds[0]; r < rounds[1]; r++) {
    for (const { id, leituras } of round(t0 + r, r)) {
      ingest.submit(id, { ts: t0 + r, leituras });
      submitted += TAGS;
      // Hand over to the writer every batch, as a socket would between packets.
      if (submitted % BATCH === 0) {
        sampleRss();
        await ingest.flush();
      }
    }
  }
  await ingest.flush();
  sampleRss();
  return (performance.now() - started) / 1000;
}

interface Figures {
  raw: number;
  ingest: number;
  written: number;
  events: number;
  peakRssMb: number;
  startRssMb: number;
}

/** The measurement itself: raw and ingest alternate segment by segment on one database. */
async function measure(): Promise<Figures> {
  const startRssMb = process.memoryUsage().rss / 1048576;
  const file = join(tmpdir(), `vigia-bench-ingest-${process.pid}.db`);
  const store = await openStore(`sqlite:${file}`);
  const rssInterval = setInterval(sampleRss, 50);
  try {
    const base = Math.floor(Date.now() / 1000) - 86400;
    const tagIds = await createFleet(store, base);
    const insertRaw = await createRawInsert(store);
    let events = 0;
    const ingest = createIngest({
      store,
      publish: () => {
        events += 1;
      },
      maxBatchReadings: BATCH,
      now: () => base + ROUNDS,
    });
    // Both paths meet tables of the same size: they alternate, segment by segment.
    let rawSeconds = 0;
    let ingestSeconds = 0;
    const perSegment = Math.ceil(ROUNDS / SEGMENTS);
    for (let first = 0; first < ROUNDS; first += perSegment) {
      const rounds: [number, number] = [first, Math.min(ROUNDS, first + perSegment)];
      rawSeconds += await rawSegment(store, insertRaw, tagIds, base, rounds);
      ingestSeconds += await ingestSegment(ingest, base, rounds);
    }
    await ingest.close();
    const stats = ingest.stats();
    if (stats.rejected > 0 || stats.written !== READINGS) {
      throw new Error(
        `ingest: ${stats.rejected} recusadas, ${stats.written} gravadas de ${READINGS}`,
      );
    }
    return {
      raw: READINGS / rawSeconds,
      ingest: READINGS / ingestSeconds,
      written: stats.written,
      events,
      peakRssMb: peakRss / 1048576,
      startRssMb,
    };
  } finally {
    clearInterval(rssInterval);
    await store.close();
    for (const ext of ['', '-wal', '-shm']) rmSync(`${file}${ext}`, { force: true });
  }
}

/**
 * The server runs compiled JavaScript on plain node; under tsx the loader alone
 * holds ~60 MB more. So the measurement runs in a child process: this file
 * bundled by esbuild (tsx's own compiler) and started with plain node. The
 * bundle is written next to this file so the native modules resolve.
 */
async function measureInPlainNode(): Promise<{ figures: Figures; mode: string }> {
  let build: typeof import('esbuild').build;
  try {
    ({ build } = await import('esbuild'));
  } catch {
    return { figures: await measure(), mode: 'neste processo (tsx; esbuild indisponível)' };
  }
  const here = dirname(fileURLToPath(import.meta.url));
  const bundle = join(here, `.bench-ingest-${process.pid}.mjs`);
  try {
    await build({
      entryPoints: [fileURLToPath(import.meta.url)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      conditions: ['source'],
      external: ['better-sqlite3', 'pg', 'mqtt', 'esbuild'],
      outfile: bundle,
      logLevel: 'warning',
    });
    const child = spawnSync(process.execPath, [bundle, ...process.argv.slice(2)], {
      env: { ...process.env, VIGIA_BENCH_CHILD: '1' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 20,
    });
    if (child.status !== 0) throw new Error(`processo de medição terminou com ${child.status}`);
    return {
      figures: JSON.parse(child.stdout) as Figures,
      mode: 'processo node separado (JavaScript compilado, sem tsx)',
    };
  } finally {
    rmSync(bundle, { force: true });
  }
}

async function main() {
  if (process.env.VIGIA_BENCH_CHILD === '1') {
    process.stdout.write(JSON.stringify(await measure()));
    return;
  }
  console.log(
    `bench/ingest: SQLite, ${DEVICES} dispositivos × ${TAGS} leituras × ${ROUNDS} rodadas = ` +
      `${READINGS.toLocaleString('pt-BR')} leituras em cada caminho, lotes de ${BATCH.toLocaleString('pt-BR')}`,
  );
  const { figures: f, mode } = await measureInPlainNode();
  const ratio = f.ingest / f.raw;
  const fmt = (n: number) => Math.round(n).toLocaleString('pt-BR');
  console.log(`  medição em: ${mode}`);
  console.log(`  inserção direta em lote:  ${fmt(f.raw)} leituras/s`);
  console.log(
    `  caminho de ingestão:      ${fmt(f.ingest)} leituras/s (${fmt(f.written)} gravadas, ${fmt(f.events)} eventos publicados)`,
  );
  console.log(`  razão ingestão/direta:    ${ratio.toFixed(2)}`);
  console.log(
    `  memória residente (pico): ${f.peakRssMb.toFixed(0)} MB (${f.startRssMb.toFixed(0)} MB ao iniciar)`,
  );
  const checks: [string, boolean][] = [
    [`≥ ${fmt(TARGET_RATE)} leituras/s`, f.ingest >= TARGET_RATE],
    [`≥ ${TARGET_RATIO}× a inserção direta`, ratio >= TARGET_RATIO],
    [`memória < ${TARGET_RSS_MB} MB`, f.peakRssMb < TARGET_RSS_MB],
  ];
  for (const [label, ok] of checks) console.log(`  ${ok ? 'OK   ' : 'FALHA'} ${label}`);
  // A smoke run's sizes are too small for the targets: it only shows the bench measures.
  if (!SMOKE && checks.some(([, ok]) => !ok)) process.exitCode = 1;
}

await main();
