/**
 * What the main thread does while a page loads, at Lighthouse's mobile CPU
 * (4× slower): loads one page of a running server signed in as the demo user,
 * with a cold cache, and prints the long tasks (over 50 ms, which make up
 * Total Blocking Time) and the functions with the most self time. Read it on
 * a build with `--minify false` to see the functions' names.
 *
 *   npx tsx bench/web/profile.ts http://127.0.0.1:8080 '#/179/site/0/12/1031' [segundos]
 */
import { chromium } from 'playwright-core';
import { tokensFor } from '../../e2e/support/api.js';
import { storeSession } from '../../e2e/support/browser.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test-support/services.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  /** Microseconds of the monotonic clock, as the metrics' NavigationStart. */
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [url, hash, seconds = '6'] = process.argv.slice(2);
if (!url || !hash) {
  console.error("uso: npx tsx bench/web/profile.ts <url do servidor> '<#/rota>' [segundos]");
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, ...(url.startsWith('https:') ? ['--ignore-certificate-errors'] : [])],
});
try {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    ignoreHTTPSErrors: true,
  });
  const page = await context.newPage();
  await storeSession(page, url, await tokensFor(url, 'demo'));
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${url}/${hash}`);
  await page.waitForTimeout(Number(seconds) * 1000);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const { metrics } = await cdp.send('Performance.getMetrics');
  const navigationStartUs =
    (metrics.find((metric) => metric.name === 'NavigationStart')?.value ?? 0) * 1e6;
  const paints = await page.evaluate(() =>
    performance.getEntriesByType('paint').map((p) => `${p.name} ${Math.round(p.startTime)} ms`),
  );
  const longTasks = await page.evaluate(
    () => (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks,
  );
  console.log(paints.join(', '));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const label = (frame: ProfileNode['callFrame']) => {
    const file = frame.url.replace(/^https?:\/\/[^/]+\//, '').replace(/-[\w-]{8}\.js$/, '.js');
    return `${frame.functionName || '(anônima)'}  ${file}:${frame.lineNumber + 1}`;
  };
  // Each sample's time on the page's clock (ms since navigation start).
  const sampleMs: number[] = [];
  let clock = profile.startTime;
  for (const delta of profile.timeDeltas) {
    clock += delta;
    sampleMs.push((clock - navigationStartUs) / 1000);
  }
  let blocking = 0;
  console.log(
    '\ntarefas longas (início, duração em ms) e as funções de mais tempo próprio em cada',
  );
  for (const task of longTasks) {
    blocking += Math.max(0, task.duration - 50);
    const inTask = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const at = sampleMs[i] ?? 0;
      const frame = byId.get(id)?.callFrame;
      if (at < task.start || at > task.start + task.duration || !frame) return;
      if (['(idle)', '(program)', '(root)'].includes(frame.functionName)) return;
      inTask.set(
        label(frame),
        (inTask.get(label(frame)) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000,
      );
    });
    const top = [...inTask.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(
      `${String(Math.round(task.start)).padStart(6)} ${String(Math.round(task.duration)).padStart(5)}  ${top.map(([k, ms]) => `${Math.round(ms)} ${k.split('  ')[0]}`).join(', ')}`,
    );
  }
  console.log(`soma além de 50 ms: ${Math.round(blocking)} ms`);

  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame || ['(idle)', '(program)', '(root)'].includes(frame.functionName)) return;
    const key = label(frame);
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`\ntempo próprio (${Math.round(total)} ms com a CPU 4× mais lenta), as 30 maiores`);
  for (const [key, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${String(Math.round(ms)).padStart(6)} ms  ${key}`);

  // Components and the app's own functions, with what they call: React's and the
  // browser's frames left out, each sample counted once per name in its stack.
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame || !/^[A-Z]/.test(frame.functionName) || !frame.url) continue;
      seen.add(frame.functionName);
    }
    for (const name of seen)
      inclusive.set(name, (inclusive.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  console.log('\ntempo inclusivo dos componentes (nomes com maiúscula), os 40 maiores');
  for (const [name, ms] of [...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`${String(Math.round(ms)).padStart(6)} ms  ${name}`);
} finally {
  await browser.close();
}
