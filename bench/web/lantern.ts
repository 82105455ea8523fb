/**
 * Where a page's simulated mobile LCP goes: runs Lighthouse's mobile preset on
 * one page of a running server (signed in as the demo user) and prints the
 * nodes of Lantern's LCP graphs with their simulated start and end, so the
 * chain that sets the figure (requests and script evaluations) can be read.
 *
 *   npx tsx bench/web/lantern.ts http://127.0.0.1:8080 '#/179/site/0/12/1031' [graph-label-part]
 *
 * The graph label part defaults to `LargestContentfulPaint` (the optimistic and
 * pessimistic graphs); `FirstContentfulPaint` or `Interactive` show the others.
 */
import * as Lantern from '@paulirish/trace_engine/models/trace/lantern/lantern.js';
import { tokensFor } from '../../e2e/support/api.js';
import { runLighthouse } from './audits.js';

const [url, hash, labelPart = 'LargestContentfulPaint'] = process.argv.slice(2);
if (!url || !hash) {
  console.error("uso: npx tsx bench/web/lantern.ts <url do servidor> '<#/rota>' [grafo]");
  process.exit(2);
}
const [score] = await runLighthouse(
  url,
  () => tokensFor(url, 'demo'),
  [{ name: hash, hash, session: true }],
  { presets: ['mobile'] },
);
console.log(
  `desempenho ${score?.performance}  LCP ${score?.lcp} ms  TBT ${score?.tbt} ms  CLS ${score?.cls}`,
);
const ms = (value: number) => String(Math.round(value)).padStart(6);
for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
  if (!label.includes(labelPart)) continue;
  console.log(`\n${label} (início, fim simulados em ms)`);
  for (const [node, t] of [...timings.entries()].sort((a, b) => a[1].startTime - b[1].startTime)) {
    const what =
      node.type === 'network'
        ? `rede ${String(node.request.transferSize).padStart(7)} B ${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 80)}`
        : `CPU  ${(node.duration / 1000).toFixed(1)} ms observados`;
    console.log(`${ms(t.startTime)} ${ms(t.endTime)}  ${what}`);
  }
}
