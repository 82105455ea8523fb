/**
 * Alarm latency: a reading published over MQTT → its alarm row painted in the
 * console's open active list.
 *
 *   npx tsx --conditions=source bench/alarm-latency/run.ts [--alarms 60] [--web <dist>]
 *
 * Starts the real server (built `apps/server/dist`, a throwaway SQLite file, no
 * simulator, MQTT ingest on a Mosquitto of its own), opens `/121/ocorrencias` as 'demo' in
 * Chromium, then, one alarm at a time: publishes an oil temperature above the
 * demo generator's 105 °C limit with a value no other row has, and the page
 * reports when a row with that value is drawn (MutationObserver on the table,
 * time taken in the animation frame that paints it). The reading then goes
 * back to normal (the alarm clears) before the next one. Both ends use the
 * wall clock of this machine (`performance.timeOrigin + performance.now()`).
 * Prints p50/p95/max. Target: p95 ≤ 200 ms.
 *
 * The server subscribes through the shared group `$share/vigia`: on a broker
 * other Vigia nodes use too, a reading may go to another node. Such an alarm
 * (no row after 3 s) is counted as lost and retried with a new value.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { OccurrenceRow } from '@vigia/contract';
import { launchChromium } from '../../e2e/support/browser.js';
import {
  apiAs,
  connectPublisher,
  DEMO_GENERATOR,
  NORMAL_OIL_TEMP,
  OIL_TEMP_RULE,
  openConsole,
  startServerWithBroker,
} from '../../e2e/support-occurrences.js';
import { chromiumAvailable, mosquittoAvailable } from '../../test-support/services.js';

const { values: args } = parseArgs({
  options: {
    alarms: { type: 'string', default: '60' },
    web: { type: 'string' },
  },
});
const ALARMS = Number(args.alarms);
const WARMUP = 3;
const PAINT_TIMEOUT_MS = 3000;
if (args.web) process.env.VIGIA_E2E_WEB_DIST = args.web;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

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

async function main() {
  if (!(await chromiumAvailable()) || !(await mosquittoAvailable())) {
    throw new Error('precisa do Chromium e do Mosquitto');
  }
  const server = await startServerWithBroker();
  const browser = await launchChromium();
  const publisher = await connectPublisher(server.mqttUrl);
  let ts = Math.floor(Date.now() / 1000);
  const publish = (leituras: Record<string, number>) => {
    ts = Math.max(Math.floor(Date.now() / 1000), ts + 1);
    return publisher.publish(DEMO_GENERATOR.id, leituras, ts);
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
    throw new Error('o alarme não desativou');
  }

  try {
    await backToNormal();
    const { page } = await openConsole(
      browser,
      server,
      'demo',
      `/${DEMO_GENERATOR.sisId}/ocorrencias`,
    );
    await page.locator('table[aria-rowcount]').waitFor();
    await page.waitForTimeout(1500);
    await page.evaluate(WATCH_ROWS);
    await page.evaluate(WATCH_EVENTS(DEMO_GENERATOR.id));
    await page.waitForTimeout(500);

    const latencies: number[] = [];
    const serverPart: number[] = [];
    let lost = 0;
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
      if (painted === null) lost += 1;
      else {
        latencies.push(painted - publishedAt);
        const eventArrived = (await page.evaluate(eventAt(eventIndex))) as number | null;
        serverPart.push(eventArrived === null ? Number.NaN : eventArrived - publishedAt);
      }
      await backToNormal();
      // Let the clear's own reload settle so the next alarm starts from a quiet page.
      await sleep(150);
    }

    const measured = latencies.slice(WARMUP).sort((a, b) => a - b);
    const serverTimes = serverPart.slice(WARMUP).filter(Number.isFinite);
    const consolePart = latencies
      .slice(WARMUP)
      .map((total, i) => total - (serverPart[WARMUP + i] ?? Number.NaN))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    serverTimes.sort((a, b) => a - b);
    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log(
      `alarm-latency: ${measured.length} alarmes (após ${WARMUP} de aquecimento), ` +
        `${lost} perdidos para outro nó do broker`,
    );
    console.log(
      `  publicado → linha pintada: p50 ${fmt(percentile(measured, 50))}, ` +
        `p95 ${fmt(percentile(measured, 95))}, máx ${fmt(measured.at(-1) ?? Number.NaN)}, ` +
        `mín ${fmt(measured[0] ?? Number.NaN)}`,
    );
    console.log(
      `  publicado → evento na página (servidor): p50 ${fmt(percentile(serverTimes, 50))}, ` +
        `p95 ${fmt(percentile(serverTimes, 95))}; evento → linha pintada (console): ` +
        `p50 ${fmt(percentile(consolePart, 50))}, p95 ${fmt(percentile(consolePart, 95))}`,
    );
    console.log(
      `  máquina: ${cpus().length} núcleos, carga ${loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )}; meta p95 ≤ 200 ms: ${percentile(measured, 95) <= 200 ? 'atingida' : 'NÃO atingida'}`,
    );
  } finally {
    await publisher.close();
    await browser.close();
    await server.stop();
  }
}

await main();
