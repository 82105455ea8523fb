/**
 * Every GET of the route table with real ids on a big fleet (issue 30): per route the
 * p95 of `--calls` calls and the longest block of the server's event loop, on SQLite
 * and PostgreSQL; then the heaviest route `--concurrent` times at once with
 * `/api/health` polled beside it.
 *
 *   npx tsx --conditions=source bench/api-sweep/run.ts [--devices 5000] [--db sqlite,postgres]
 *                                                      [--calls 20] [--days 30] [--concurrent 100] [--smoke]
 *
 * `--smoke`: 20 devices, 1 day, 3 calls, 20 at once (what `sweep.test.ts` runs).
 * Targets: no block over 50 ms, p95 ≤ 100 ms per route, health p99 ≤ 100 ms.
 */
import { parseArgs } from 'node:util';
import { runSweep, type SweepDb, type SweepResult } from './sweep.js';

export const TARGETS = { blockMs: 50, p95Ms: 100, healthP99Ms: 100 } as const;

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string' },
    db: { type: 'string', default: 'sqlite,postgres' },
    calls: { type: 'string' },
    days: { type: 'string' },
    concurrent: { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const smoke = args.smoke ?? false;
const options = {
  devices: Number(args.devices ?? (smoke ? 20 : 5000)),
  days: Number(args.days ?? (smoke ? 1 : 30)),
  calls: Number(args.calls ?? (smoke ? 3 : 20)),
  concurrent: Number(args.concurrent ?? (smoke ? 20 : 100)),
};

const t0 = Date.now();
const log = (text: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${text}`);

function report(result: SweepResult): boolean {
  const over = result.routes.filter(
    (r) => r.blockMs > TARGETS.blockMs || r.p95 > TARGETS.p95Ms || (r.statuses[500] ?? 0) > 0,
  );
  const worstBlock = result.routes.reduce((a, b) => (b.blockMs > a.blockMs ? b : a));
  const worstP95 = result.routes.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  const c = result.concurrent;
  console.log(`\n## ${result.db}: ${result.devices} dispositivos, ${result.routes.length} rotas\n`);
  console.log('| rota | estados | p50 ms | p95 ms | bloqueio máx ms | em CPU ms |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  for (const r of [...result.routes].sort((a, b) => b.p95 - a.p95)) {
    const statuses = Object.entries(r.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(
      `| \`${r.route}\` | ${statuses} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.blockMs.toFixed(1)} | ${r.busyMs.toFixed(1)} |`,
    );
  }
  for (const s of result.skipped) console.log(`- não chamada: \`${s.route}\` (${s.why})`);
  console.log(`\n- maior bloqueio: ${worstBlock.blockMs.toFixed(1)} ms (\`${worstBlock.route}\`)`);
  console.log(`- maior p95: ${worstP95.p95.toFixed(1)} ms (\`${worstP95.route}\`)`);
  console.log(
    `- ${c.calls} chamadas simultâneas de \`${c.route}\`: ${JSON.stringify(c.statuses)} em ${c.wallMs.toFixed(0)} ms; ` +
      `/api/health p50 / p99 / máx ${c.healthP50.toFixed(1)} / ${c.healthP99.toFixed(1)} / ${c.healthMax.toFixed(1)} ms ` +
      `(${c.healthCalls} chamadas); bloqueio máx ${c.blockMs.toFixed(1)} ms ` +
      `(${c.busyMs.toFixed(1)} em CPU)` +
      `; a primeira rajada (fria): ${c.cold.wallMs.toFixed(0)} ms, /api/health p99 ` +
      `${c.cold.healthP99.toFixed(1)} ms, bloqueio máx ${c.cold.blockMs.toFixed(1)} ms`,
  );
  for (const r of over) {
    console.log(
      `  ACIMA: \`${r.route}\` p95 ${r.p95.toFixed(1)} ms, bloqueio ${r.blockMs.toFixed(1)} ms`,
    );
  }
  return over.length === 0 && c.healthP99 <= TARGETS.healthP99Ms && c.blockMs <= TARGETS.blockMs;
}

let ok = true;
for (const db of (args.db ?? '').split(',') as SweepDb[]) {
  const result = await runSweep({ db, ...options, log });
  ok = report(result) && ok;
}
console.log(ok ? '\nmetas: atingidas' : '\nmetas: NÃO atingidas');
process.exitCode = ok ? 0 : 1;
