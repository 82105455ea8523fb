/**
 * A 31-day chart of 8 tags of 1-minute readings, through the real route handler.
 *
 *   npx tsx --conditions=source bench/chart/run.ts [--runs 50] [--db sqlite,postgres] [--days 31]
 *     [--browser 0] [--time-limit 1800] [--smoke]
 *
 * For each database (a throwaway SQLite file and a throwaway PostgreSQL
 * database): seeds the demo fleet, writes 31 days × 1440 readings of 8 tags of
 * one generator, brings the hourly and daily aggregates up to date, then times
 * `POST /api/taginfoHistorico/dispositivo/id/penas/infosLista` for the 31 days
 * (demo operator's token) read from the aggregates, and the same call with the
 * aggregates switched off (watermark removed: every reading, from the packed
 * hours as in service, bucketed in JavaScript),
 * interleaved; checks both answers agree and prints p50/p95 and the rows each
 * read. Target: p95 ≤ 50 ms from the aggregates.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type ChartHistory, chartHistory } from '@vigia/contract';
import { addDays, calendarDateOf, endOfDaySec, startOfDaySec } from '@vigia/domain';
import { seedDemo } from '../../apps/server/src/seed/demoFleet.js';
import type { Store } from '../../apps/server/src/store/database.js';
import { addHistory } from '../../apps/server/src/store/devices/fixtures.js';
import { packClosedHours } from '../../apps/server/src/store/packs/packing.js';
import { readingsIn } from '../../apps/server/src/store/packs/readingRange.js';
import {
  catchUpRollups,
  HOUR_S,
  hourBuckets,
  ROLLUP_LATE_S,
} from '../../apps/server/src/store/rollups/rollups.js';
import { openTestStore } from '../../apps/server/src/store/testStore.js';
import { startTestApp } from '../../apps/server/src/test/testApp.js';
import { postgresAvailable } from '../../test-support/services.js';
import { exitAfter, SMOKE_TIME_LIMIT_S, timeLimitOf } from '../timeLimit.js';
import { browserDrawFigures } from './browserDraw.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string' },
    db: { type: 'string' },
    /** Days of the chart (31: a month). */
    days: { type: 'string' },
    /** Also time the browser's draw of the answer in Chromium ('0' skips it). */
    browser: { type: 'string', default: '1' },
    /** Tiny run for the test suite (bench/smoke.test.ts): SQLite, 2 days, 5 runs. */
    smoke: { type: 'boolean', default: false },
    /** Seconds the run may take; past it the bench stops with exit code 1. */
    'time-limit': { type: 'string' },
  },
});
const RUNS = Number(args.runs ?? (args.smoke ? 5 : 50));
const WARMUP = args.smoke ? 1 : 5;
const DAYS = Number(args.days ?? (args.smoke ? 2 : 31));
const DATABASES = args.db ?? (args.smoke ? 'sqlite' : 'sqlite,postgres');
exitAfter('chart', timeLimitOf(args['time-limit'], args.smoke ? SMOKE_TIME_LIMIT_S : 1800));
const TAGS = ['Vab', 'Vbc', 'Vca', 'Ia', 'Ib', 'Ic', 'kW', 'Hz'];

let browserDrawn = false;

/** The browser's part does not depend on the database: drawn once, from the first one's answer. */
async function browserLines(label: string, answer: ChartHistory | undefined): Promise<string[]> {
  if (args.browser === '0' || !answer || browserDrawn) return [];
  browserDrawn = true;
  return (await browserDrawFigures(answer, RUNS, WARMUP)).map((l) => `[${label}] ${l}`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function benchmark(label: string, store: Store): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  await seedDemo(store, { seed: 1, users: true, historyDays: 1, now });
  const device = await store.db
    .selectFrom('devices')
    .select('id')
    .where('tipo', '=', 'gerador')
    .where('system_id', '=', 200)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const tags = await store.db
    .selectFrom('tags')
    .select(['id', 'nome'])
    .where('device_id', '=', device.id)
    .where('nome', 'in', TAGS)
    .execute();
  if (tags.length !== TAGS.length) throw new Error(`tags: ${tags.map((t) => t.nome)}`);
  // DAYS calendar days ending 2 days ago (clear of the seed's last day); the first hour partial.
  const lastDay = addDays(calendarDateOf(now * 1000), -2);
  const fim = endOfDaySec(lastDay);
  const inicio = startOfDaySec(addDays(lastDay, -(DAYS - 1))) + 17 * 60;
  const loadStarted = performance.now();
  await store.db
    .deleteFrom('readings')
    .where(
      'tag_id',
      'in',
      tags.map((t) => t.id),
    )
    .execute();
  for (const [k, tag] of tags.entries()) {
    const points: [number, number][] = [];
    for (let ts = Math.ceil(inicio / 60) * 60; ts <= fim; ts += 60) {
      points.push([ts, 200 + k * 10 + Math.sin(ts / 3600) * 20 + (ts % 13)]);
    }
    for (let i = 0; i < points.length; i += 2000) {
      await addHistory(store, tag.id, points.slice(i, i + 2000));
    }
  }
  const loaded = (performance.now() - loadStarted) / 1000;
  const rollStarted = performance.now();
  const through = await catchUpRollups(store, now);
  const rolledIn = (performance.now() - rollStarted) / 1000;
  // The server's next step: hours past the late margin packed (store/packs), so the raw
  // reads below read packs, as they would in service.
  const packStarted = performance.now();
  const packedPass = await packClosedHours(store, through - ROLLUP_LATE_S);
  const packedIn = (performance.now() - packStarted) / 1000;

  const t = await startTestApp({ store });
  const headers = await t.authHeader('demo');
  const url = `/api/taginfoHistorico/dispositivo/id/penas/infosLista?idDispositivo=${device.id}&inicio=${inicio}&fim=${fim}`;
  // The call: from the request to its whole JSON body (auth, validation, query, the answer written).
  const ask = async () => {
    const response = await t.app.inject({ method: 'POST', url, headers, payload: { nomes: TAGS } });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return response.body;
  };
  const state = await store.db.selectFrom('rollup_state').selectAll().executeTakeFirstOrThrow();
  const useRollups = async (on: boolean) => {
    if (on) {
      await store.db
        .insertInto('rollup_state')
        .values(state)
        .onConflict((oc) => oc.column('id').doUpdateSet({ ate: state.ate }))
        .execute();
    } else await store.db.deleteFrom('rollup_state').execute();
  };
  const wall = { rolled: [] as number[], raw: [] as number[] };
  // The call plus parsing its answer through the contract's zod schema, as this bench timed it before.
  const withParse: number[] = [];
  let answers: { rolled?: ChartHistory; raw?: ChartHistory } = {};
  for (let i = 0; i < WARMUP + RUNS; i++) {
    for (const mode of ['rolled', 'raw'] as const) {
      await useRollups(mode === 'rolled');
      const started = performance.now();
      const body = await ask();
      const elapsed = performance.now() - started;
      const parsed = chartHistory.parse(JSON.parse(body));
      const parsedAt = performance.now() - started;
      answers = { ...answers, [mode]: parsed };
      if (i >= WARMUP) wall[mode].push(elapsed);
      if (i >= WARMUP && mode === 'rolled') withParse.push(parsedAt);
    }
  }
  await useRollups(true);
  // Both answers agree: same buckets, same extremes, averages equal to 1e-9.
  const { rolled, raw } = answers;
  let points = 0;
  for (const [p, pen] of (rolled?.penas ?? []).entries()) {
    const other = raw?.penas[p];
    if (pen.serie.length !== other?.serie.length) throw new Error(`${pen.nome}: series differ`);
    pen.serie.forEach((point, k) => {
      const o = other.serie[k];
      if (
        !o ||
        o.ts !== point.ts ||
        o.minimo !== point.minimo ||
        o.maximo !== point.maximo ||
        Math.abs(o.valor - point.valor) > 1e-9
      )
        throw new Error(`${pen.nome} @${point.ts}: ${JSON.stringify([point, o])}`);
      points++;
    });
  }
  const tagIds = tags.map((t) => t.id);
  // The store's part of the call: the aggregates read and folded, without HTTP, validation or JSON.
  const storeWall: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    await hourBuckets(store.db, tagIds, inicio, fim);
    if (i >= WARMUP) storeWall.push(performance.now() - started);
  }
  storeWall.sort((a, b) => a - b);
  // Writing the answer: checked by the zod schema then JSON.stringify (every route's default
  // serializer) against JSON.stringify alone (the route's `uncheckedAnswer`), on the same answer.
  const writeWall = { zod: [] as number[], unchecked: [] as number[] };
  for (let i = 0; i < WARMUP + RUNS; i++) {
    let started = performance.now();
    JSON.stringify(chartHistory.encode(rolled as ChartHistory));
    if (i >= WARMUP) writeWall.zod.push(performance.now() - started);
    started = performance.now();
    JSON.stringify(rolled);
    if (i >= WARMUP) writeWall.unchecked.push(performance.now() - started);
  }
  const fullStart = Math.ceil(inicio / HOUR_S) * HOUR_S;
  const fullEnd = Math.floor((fim + 1) / HOUR_S) * HOUR_S;
  const count = async (table: 'reading_hours', column: 'inicio', from: number, to: number) =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .where('tag_id', 'in', tagIds)
          .where(column, '>=', from)
          .where(column, '<=', to)
          .executeTakeFirstOrThrow()
      ).n,
    );
  // Readings as rows or in packed hours alike.
  const readings = async (from: number, to: number) =>
    (await readingsIn(store.db, tagIds, from, to)).length;
  const rawRows = await readings(inicio, fim);
  const rolledRows =
    (await count('reading_hours', 'inicio', fullStart, fullEnd - 1)) +
    (await readings(inicio, fullStart - 1)) +
    (await readings(fullEnd, fim));
  await t.close();
  for (const list of [...Object.values(wall), ...Object.values(writeWall), withParse]) {
    list.sort((a, b) => a - b);
  }
  const fmt = (list: number[]) =>
    `p50 ${percentile(list, 50).toFixed(1)} ms, p95 ${percentile(list, 95).toFixed(1)} ms`;
  return [
    `[${label}] ${rawRows.toLocaleString('en')} readings written in ${loaded.toFixed(1)} s, aggregated in ${rolledIn.toFixed(1)} s, packed in ${packedIn.toFixed(1)} s (${packedPass.packs.toLocaleString('en')} packs)`,
    `[${label}] aggregates: ${fmt(wall.rolled)}, ${rolledRows.toLocaleString('en')} rows read`,
    `[${label}]   of which reading the aggregates: ${fmt(storeWall)}`,
    `[${label}]   writing the answer: zod check + JSON ${fmt(writeWall.zod)}; unchecked ${fmt(writeWall.unchecked)}`,
    `[${label}]   the call plus the zod parse of its answer (this bench's figure before): ${fmt(withParse)}`,
    `[${label}] raw (packed hours, no aggregates): ${fmt(wall.raw)}, ${rawRows.toLocaleString('en')} readings read`,
    `[${label}] answers agree: ${rolled?.penas.length} pens, ${points} points, agrupamento ${rolled?.penas[0]?.agrupamento} s`,
    ...(await browserLines(label, rolled)),
  ].join('\n');
}

const results: string[] = [];
for (const db of DATABASES.split(',')) {
  if (db === 'postgres' && !(await postgresAvailable())) {
    results.push('[postgres] skipped: PostgreSQL unavailable');
    continue;
  }
  process.env.VIGIA_TEST_DB = db;
  const store = await openTestStore();
  try {
    results.push(await benchmark(db, store));
  } finally {
    await store.close();
  }
}
console.log(results.join('\n'));
console.log(
  `runs ${RUNS} each (after ${WARMUP} warm-up), interleaved; ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`,
);
