/**
 * Alarm latency: a reading published over MQTT → its alarm row painted in the
 * console's open active list.
 *
 *   npx tsx --conditions=source bench/alarm-latency/run.ts [--alarms 60] [--db sqlite,postgres]
 *     [--time-limit 300] [--chatter 0] [--web <dist>] [--smoke]
 *
 * For each database: starts the real server (built `apps/server/dist`, a
 * throwaway SQLite file or PostgreSQL database with the demo, no simulator,
 * MQTT ingest on a Mosquitto of its own), opens `/121/ocorrencias` as 'demo'
 * in Chromium, then, one alarm at a time: publishes an oil temperature above
 * the demo generator's 105 °C limit with a value no other row has, and the
 * page reports when a row with that value is drawn (MutationObserver on the
 * table, time taken in the animation frame that paints it). The reading then
 * goes back to normal (the alarm clears) before the next one. Both ends use
 * the wall clock of this machine (`performance.timeOrigin + performance.now()`).
 * Prints p50/p95/max. Target: p95 ≤ 100 ms.
 *
 * Every alarm is the same device and rule raised again a moment after its
 * clear: the server's chattering suppression (VIGIA_ALARM_CHATTER_S, 60 s)
 * would fold it into the occurrence just cleared and no new row would come,
 * so the bench's server runs with the window given by `--chatter` (0: off).
 *
 * It never hangs: past `--time-limit` seconds the run stops with a message and
 * exit code 1, and so does a run where no row is painted for three alarms in a
 * row (or a server, a page or the broker that never answers). `--smoke` is the
 * test suite's run: SQLite, 4 alarms after 1 of warm-up, within 15 s.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { OccurrenceRow } from '@vigia/contract';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../e2e/support/browser.js';
import { REPO_ROOT } from '../../e2e/support/vigiaServer.js';
import {
  apiAs,
  type BrokeredServer,
  connectPublisher,
  DEMO_GENERATOR,
  type DevicePublisher,
  NORMAL_OIL_TEMP,
  OIL_TEMP_RULE,
  openConsole,
  startServerWithBroker,
} from '../../e2e/support-occurrences.js';
import {
  chromiumAvailable,
  mosquittoAvailable,
  postgresAvailable,
} from '../../test-support/services.js';
import { exitAfter, SMOKE_TIME_LIMIT_S, timeLimitOf } from '../timeLimit.js';
import { type Database, freshPostgres } from '../two-nodes/layout.js';

const { values: args } = parseArgs({
  options: {
    alarms: { type: 'string' },
    db: { type: 'string' },
    /** Seconds the whole run may take; past it the bench stops with exit code 1. */
    'time-limit': { type: 'string' },
    /** The server's chattering suppression window, seconds (VIGIA_ALARM_CHATTER_S). */
    chatter: { type: 'string', default: '0' },
    web: { type: 'string' },
    /** Tiny run for the test suite (bench/smoke.e2e.test.ts). */
    smoke: { type: 'boolean', default: false },
  },
});
const SMOKE = args.smoke;
const ALARMS = Number(args.alarms ?? (SMOKE ? 4 : 60));
const WARMUP = SMOKE ? 1 : 5;
const DATABASES = (args.db ?? 'sqlite').split(',') as ('sqlite' | 'postgres')[];
const TIME_LIMIT_S = timeLimitOf(args['time-limit'], SMOKE ? SMOKE_TIME_LIMIT_S : 300);
const TARGET_P95_MS = 100;
/** No row this long after its publish: the alarm is counted lost (and the next tried). */
const PAINT_TIMEOUT_MS = 3000;
/** This many lost in a row: the run cannot measure (nothing reaches the screen). */
const LOST_IN_A_ROW = 3;
if (args.web) process.env.VIGIA_E2E_WEB_DIST = args.web;

const startedAt = performance.now();
/** What a run stopped from outside (the time limit) must close: server, broker, browser, database. */
const cleanups = new Set<() => Promise<unknown>>();

/** Why the bench cannot measure: main() closes what it started, prints it and exits 1. */
class CannotMeasure extends Error {}
function fail(message: string): never {
  throw new CannotMeasure(message);
}

exitAfter('alarm-latency', TIME_LIMIT_S, () =>
  Promise.allSettled([...cleanups].map((cleanup) => cleanup())),
);

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** valorFalha as the list shows it (2 decimals, comma). */
const shown = (value: number) => value.toFixed(2).replace('.', ',');

/**
 * Records in the page when a row containing a watched text is drawn. A string,
 * not a function: tsx's name helpers do not exist in the page.
 */
const WATCH_ROWS = `(() => {
  const watched = new Map();
  window.latencia = watched;
  const scan = (node) => {
    if (!(node instanceof HTMLElement)) return;
    const rows = node.matches('tr[data-row-id]')
      ? [node]
      : Array.from(node.querySelectorAll('tr[data-row-id]'));
    for (const row of rows) {
      const text = row.textContent || '';
      for (const [value, paintedAt] of watched) {
        if (paintedAt !== null || !text.includes(value)) continue;
        watched.set(value, -1);
        // The animation frame that paints the new row.
        requestAnimationFrame(() => watched.set(value, performance.timeOrigin + performance.now()));
      }
    }
  };
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of Array.from(mutation.addedNodes)) scan(node);
      if (mutation.type === 'characterData' && mutation.target.parentElement) {
        const row = mutation.target.parentElement.closest('tr[data-row-id]');
        if (row) scan(row);
      }
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
})()`;

/**
 * When the server's \`occurrence.opened\` event for the device reaches the page,
 * on a stream of its own: splits the latency into server (ingest, alarm engine,
 * event stream) and console (reload of the first page, render, paint).
 */
const WATCH_EVENTS = (deviceId: number) => `(() => {
  window.eventosAbertos = [];
  const token = localStorage.getItem('vigia.access_token');
  const stream = new EventSource('/api/eventos?access_token=' + encodeURIComponent(token));
  stream.onmessage = (message) => {
    const event = JSON.parse(message.data);
    if (event.type === 'occurrence.opened' && event.deviceId === ${deviceId}) {
      window.eventosAbertos.push(performance.timeOrigin + performance.now());
    }
  };
})()`;
const eventsSeen = '(window.eventosAbertos || []).length';
const eventAt = (index: number) => `window.eventosAbertos[${index}] ?? null`;

const watch = (text: string) => `window.latencia.set(${JSON.stringify(text)}, null)`;
const paintedAt = (text: string) => `window.latencia.get(${JSON.stringify(text)}) ?? null`;

/** Adds `close` to what the time limit closes, and removes it once it has run. */
function closing<T>(close: () => Promise<T>): () => Promise<T> {
  const once = async () => {
    cleanups.delete(once);
    return close();
  };
  cleanups.add(once);
  return once;
}

/**
 * The demo with one day of history in a fresh database, seeded by the built
 * server's own code (the server that runs on it): the same on both databases,
 * so the background work a server does once started (the rollups catching up)
 * is alike and small. The smoke run starts from the suite's seeded demo instead.
 */
async function demoDatabase(db: 'sqlite' | 'postgres'): Promise<Database> {
  let database: Database;
  if (db === 'postgres') database = await freshPostgres('vigia_latencia');
  else {
    const dir = mkdtempSync(join(tmpdir(), 'vigia-latencia-'));
    database = {
      url: `sqlite:${join(dir, 'vigia.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const drop = closing(database.drop);
  const built = (path: string) =>
    import(pathToFileURL(join(REPO_ROOT, 'apps/server/dist', path)).href);
  const [{ openStore }, { seedDemo }] = await Promise.all([
    built('store/database.js'),
    built('seed/demoFleet.js'),
  ]);
  const store = await openStore(database.url);
  try {
    await seedDemo(store, { seed: 1, users: true, historyDays: 1 });
  } finally {
    await store.close();
  }
  return { ...database, drop };
}

async function startServer(db: 'sqlite' | 'postgres'): Promise<BrokeredServer> {
  const chatter = { VIGIA_ALARM_CHATTER_S: args.chatter };
  if (SMOKE && db === 'sqlite') return startServerWithBroker(chatter);
  const database = await demoDatabase(db);
  const server = await startServerWithBroker({
    ...chatter,
    DATABASE_URL: database.url,
    VIGIA_DEMO: '0',
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await database.drop();
    },
  };
}

interface Figures {
  latencies: number[];
  serverPart: number[];
  consolePart: number[];
  lost: number;
  /** Of those, alarms whose event had reached the page within the wait (the console missed it). */
  lostAfterEvent: number;
}

async function measure(browser: Browser, db: 'sqlite' | 'postgres'): Promise<Figures> {
  const server = await startServer(db);
  const stopServer = closing(server.stop);
  let publisher: DevicePublisher | undefined;
  try {
    publisher = await connectPublisher(server.mqttUrl);
    const connected = publisher;
    const closePublisher = closing(connected.close);
    let ts = Math.floor(Date.now() / 1000);
    const publish = (leituras: Record<string, number>) => {
      ts = Math.max(Math.floor(Date.now() / 1000), ts + 1);
      return connected.publish(DEMO_GENERATOR.id, leituras, ts);
    };
    const demo = await apiAs(server, 'demo');
    const oilAlarms = async () =>
      (
        (await (
          await demo(`/api/ocorrencia/dispositivo/id/ativas?disp_id=${DEMO_GENERATOR.id}&limit=50`)
        ).json()) as OccurrenceRow[]
      ).filter((row) => row.nomeAlarme === OIL_TEMP_RULE.nome);
    const cleared = async () => (await oilAlarms()).every((row) => row.horaDesativacao !== null);

    /** Publishes the normal temperature until the server has the alarm cleared. */
    async function backToNormal(): Promise<void> {
      for (let attempt = 0; attempt < 20; attempt++) {
        await publish({ [OIL_TEMP_RULE.tag]: NORMAL_OIL_TEMP });
        for (let i = 0; i < 20; i++) {
          if (await cleared()) return;
          await sleep(25);
        }
      }
      fail('o alarme não desativou (a leitura normal nunca chegou ao servidor?)');
    }

    await backToNormal();
    const { context, page } = await openConsole(
      browser,
      server,
      'demo',
      `/${DEMO_GENERATOR.sisId}/ocorrencias`,
    );
    const closeContext = closing(() => context.close());
    await page.locator('table[aria-rowcount]').waitFor();
    await page.waitForTimeout(SMOKE ? 300 : 3000);
    await page.evaluate(WATCH_ROWS);
    await page.evaluate(WATCH_EVENTS(DEMO_GENERATOR.id));
    await page.waitForTimeout(SMOKE ? 300 : 500);

    const latencies: number[] = [];
    const serverPart: number[] = [];
    let lost = 0;
    let lostAfterEvent = 0;
    let lostInARow = 0;
    let value = 140;
    while (latencies.length < ALARMS + WARMUP) {
      value = Math.round((value + 0.37) * 100) / 100;
      const text = shown(value);
      await page.evaluate(watch(text));
      const eventIndex = (await page.evaluate(eventsSeen)) as number;
      const publishedAt = now();
      await publish({ [OIL_TEMP_RULE.tag]: value });
      let painted: number | null = null;
      while (now() - publishedAt < PAINT_TIMEOUT_MS) {
        const seen = (await page.evaluate(paintedAt(text))) as number | null;
        if (seen !== null && seen > 0) {
          painted = seen;
          break;
        }
        await sleep(5);
      }
      if (painted === null) {
        lost += 1;
        if ((await page.evaluate(eventAt(eventIndex))) !== null) lostAfterEvent += 1;
        lostInARow += 1;
        if (lostInARow >= LOST_IN_A_ROW) {
          const events = (await page.evaluate(eventsSeen)) as number;
          fail(
            `${db}: nenhuma linha pintada em ${LOST_IN_A_ROW} alarmes seguidos ` +
              `(${PAINT_TIMEOUT_MS} ms cada; eventos occurrence.opened na página: ${events}). ` +
              'A janela de oscilação (--chatter) dobra o alarme na ocorrência anterior?',
          );
        }
      } else {
        lostInARow = 0;
        latencies.push(painted - publishedAt);
        const eventArrived = (await page.evaluate(eventAt(eventIndex))) as number | null;
        serverPart.push(eventArrived === null ? Number.NaN : eventArrived - publishedAt);
      }
      await backToNormal();
      // Let the clear's own reload settle so the next alarm starts from a quiet page.
      await sleep(150);
    }
    await closeContext();
    await closePublisher();

    const measured = latencies.slice(WARMUP);
    const servers = serverPart.slice(WARMUP);
    return {
      latencies: measured,
      serverPart: servers,
      consolePart: measured.map((total, i) => total - (servers[i] ?? Number.NaN)),
      lost,
      lostAfterEvent,
    };
  } finally {
    await stopServer();
  }
}

function report(db: string, figures: Figures): boolean {
  const sorted = (values: number[]) => values.filter(Number.isFinite).sort((a, b) => a - b);
  const total = sorted(figures.latencies);
  const server = sorted(figures.serverPart);
  const consolePart = sorted(figures.consolePart);
  const p95 = percentile(total, 95);
  console.log(
    `alarm-latency ${db}: ${total.length} alarmes (após ${WARMUP} de aquecimento), ` +
      `${figures.lost} sem linha em ${PAINT_TIMEOUT_MS} ms ` +
      `(${figures.lostAfterEvent} com o evento já na página)`,
  );
  console.log(
    `  publicado → linha pintada: p50 ${fmt(percentile(total, 50))}, p95 ${fmt(p95)}, ` +
      `máx ${fmt(total.at(-1) ?? Number.NaN)}, mín ${fmt(total[0] ?? Number.NaN)}`,
  );
  console.log(
    `  publicado → evento na página (servidor): p50 ${fmt(percentile(server, 50))}, ` +
      `p95 ${fmt(percentile(server, 95))}; evento → linha pintada (console): ` +
      `p50 ${fmt(percentile(consolePart, 50))}, p95 ${fmt(percentile(consolePart, 95))}`,
  );
  console.log(
    `  máquina: ${cpus().length} núcleos, carga ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; meta p95 ≤ ${TARGET_P95_MS} ms: ${
      p95 <= TARGET_P95_MS ? 'atingida' : 'NÃO atingida'
    }`,
  );
  return total.length > 0;
}

async function main() {
  for (const db of DATABASES) {
    if (db !== 'sqlite' && db !== 'postgres') fail(`--db: 'sqlite' ou 'postgres', não '${db}'`);
  }
  if (!(await chromiumAvailable())) fail('precisa do Chromium (/usr/bin/chromium)');
  if (!(await mosquittoAvailable())) fail('precisa do binário do Mosquitto');
  if (DATABASES.includes('postgres') && !(await postgresAvailable())) {
    fail('precisa do PostgreSQL em 127.0.0.1:5432');
  }
  const browser = await launchChromium();
  const closeBrowser = closing(() => browser.close());
  try {
    for (const db of DATABASES) {
      if (!report(db, await measure(browser, db))) fail(`${db}: nenhum alarme medido`);
    }
  } finally {
    await closeBrowser();
  }
  console.log(`  duração: ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const message =
      error instanceof CannotMeasure
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    console.error(`alarm-latency: NÃO MEDIU: ${message}`);
    process.exit(1);
  },
);
