/**
 * Web budgets of the console (issue 4): the login route's initial JS + CSS
 * gzipped against 250 KB, then Lighthouse 12 (desktop and mobile presets) and
 * axe on the login and cluster home pages served by the real server; Lighthouse
 * also on a site page, the active alarms and a chart page (issue 27).
 *
 *   npx tsx bench/web/run.ts            # everything
 *   npx tsx bench/web/run.ts --size     # bundle size only (no server, no browser)
 *   npx tsx bench/web/run.ts --url http://127.0.0.1:8080   # audit a running server
 *   npx tsx bench/web/run.ts --smoke    # the test suite's run: size and axe, no Lighthouse, targets not judged
 *
 *   npx tsx bench/web/run.ts --pages site,grafico --mobile --reports /tmp/lh   # some pages, mobile only, reports kept
 *   npx tsx bench/web/run.ts --pages site,ocorrencias,grafico --mobile --runs 5   # judged on each page's median
 *   npx tsx bench/web/run.ts --http1    # its server over plain HTTP/1.1 (by default HTTPS with
 *                                       # HTTP/2 and a self-signed pair, as deployed)
 *
 * `--runs <n>`: each page n times, judged on the median score (Lighthouse's own advice: one
 * run's simulated score moves by a few points). `--time-limit <s>` (default 600 a run;
 * smoke 150): past it the bench stops with exit code 1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceRowPage, GraphicalConfig } from '@vigia/contract';
import { tokensFor, userInfo } from '../../e2e/support/api.js';
import { ensureBuilt, startVigiaServer, WEB_DIST } from '../../e2e/support/vigiaServer.js';
import { selfSignedPair } from '../../test-support/selfSigned.js';
import { exitAfter, SMOKE_TIME_LIMIT_S, timeLimitOf } from '../timeLimit.js';
import {
  type LighthouseScore,
  medianScores,
  type PageTarget,
  runAxe,
  runLighthouse,
} from './audits.js';
import { LOGIN_BUDGET_BYTES, measureBundle } from './bundleSize.js';

const TARGETS = { performanceDesktop: 98, performanceMobile: 90, accessibility: 95 };
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

ensureBuilt();
const bundle = measureBundle(WEB_DIST);
console.log('\nRota de login: JS + CSS iniciais (gzip)');
for (const asset of [...bundle.document, ...bundle.loginRoute]) {
  console.log(
    `  ${asset.file.padEnd(44)} ${kb(asset.bytes).padStart(10)}  gzip ${kb(asset.gzip).padStart(9)}`,
  );
}
const withinBudget = bundle.totalGzip <= LOGIN_BUDGET_BYTES;
console.log(
  `  total ${kb(bundle.totalGzip)} de ${kb(LOGIN_BUDGET_BYTES)} (${((bundle.totalGzip / LOGIN_BUDGET_BYTES) * 100).toFixed(0)} %): ${withinBudget ? 'dentro do orçamento' : 'ACIMA DO ORÇAMENTO'}`,
);
console.log('\nTelas carregadas sob demanda (gzip acrescentado na primeira visita)');
for (const chunk of bundle.lazy)
  console.log(`  ${chunk.name.padEnd(60)} ${kb(chunk.gzip).padStart(9)}`);

let failed = !withinBudget;
const urlArg = process.argv.indexOf('--url');
const SMOKE = process.argv.includes('--smoke');
const limitArg = process.argv.indexOf('--time-limit');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Math.floor(Number(process.argv[runsArg + 1])) || 1) : 1;
exitAfter(
  'web',
  timeLimitOf(
    limitArg > 0 ? process.argv[limitArg + 1] : undefined,
    SMOKE ? SMOKE_TIME_LIMIT_S : 600 * RUNS,
  ),
);
if (!process.argv.includes('--size')) {
  // As deployed: HTTPS with HTTP/2, unless --http1 asks for the plain server.
  const tlsDir = process.argv.includes('--http1')
    ? null
    : mkdtempSync(join(tmpdir(), 'vigia-web-tls-'));
  const tls = tlsDir ? selfSignedPair(tlsDir) : null;
  const server =
    urlArg > 0
      ? { url: String(process.argv[urlArg + 1]).replace(/\/$/, ''), stop: async () => {} }
      : await startVigiaServer(tls ? { VIGIA_TLS_CERT: tls.cert, VIGIA_TLS_KEY: tls.key } : {});
  // The bench's own self-signed certificate (or the one of a server given by --url).
  if (server.url.startsWith('https:')) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  try {
    const signIn = () => tokensFor(server.url, 'demo');
    const tokens = await signIn();
    const { sistemas } = await userInfo(server.url, tokens.access_token);
    const sistema = sistemas.find((s) => s.home === null) ?? sistemas[0];
    const targets: PageTarget[] = [
      { name: 'login', hash: '#/login/', session: false },
      { name: 'home-cluster', hash: `#/${sistema?.id}/home-cluster`, session: true },
    ];
    // Issue 27: the site page, the occurrence list and a chart page, with real
    // ids of the demo fleet (Lighthouse only: the route sweep runs axe on them).
    const screens = SMOKE ? [] : await screenTargets(server.url, tokens.access_token);

    const pagesArg = process.argv.indexOf('--pages');
    const pages = pagesArg > 0 ? String(process.argv[pagesArg + 1]).split(',') : null;
    const reportsArg = process.argv.indexOf('--reports');
    const audited = [...targets, ...screens].filter((t) => !pages || pages.includes(t.name));
    const runs: LighthouseScore[][] = [];
    for (let run = 0; run < (SMOKE ? 0 : RUNS); run++) {
      runs.push(
        await runLighthouse(server.url, signIn, audited, {
          presets: process.argv.includes('--mobile') ? ['mobile'] : undefined,
          // With --runs, each run's reports in a folder of their own (run-1, run-2, …).
          reportDir:
            reportsArg > 0
              ? RUNS > 1
                ? join(String(process.argv[reportsArg + 1]), `run-${run + 1}`)
                : process.argv[reportsArg + 1]
              : undefined,
        }),
      );
    }
    console.log(
      `\nLighthouse 12 (performance / acessibilidade; LCP, TBT, CLS${RUNS > 1 ? `; mediana de ${RUNS} execuções` : ''})`,
    );
    for (const s of medianScores(runs)) {
      const perfTarget =
        s.preset === 'desktop' ? TARGETS.performanceDesktop : TARGETS.performanceMobile;
      const ok = s.performance >= perfTarget && s.accessibility >= TARGETS.accessibility;
      failed ||= !ok;
      console.log(
        `  ${s.page.padEnd(13)} ${s.preset.padEnd(8)} perf ${String(s.performance).padStart(3)} (meta ${perfTarget})${s.runs.length > 1 ? ` [${s.runs.join(' / ')}]` : ''}  a11y ${String(s.accessibility).padStart(3)} (meta ${TARGETS.accessibility})  LCP ${s.lcp} ms  TBT ${s.tbt} ms  CLS ${s.cls}  índice de CPU ${s.benchmarkIndex}  ${ok ? 'ok' : 'ABAIXO DA META'}`,
      );
    }

    const axe = await runAxe(server.url, signIn, targets, async (page, target) => {
      const ready = target.session
        ? page.getByText('Dispositivos por tipo')
        : page.getByRole('button', { name: 'Entrar' });
      await ready.waitFor();
    });
    console.log('\naxe-core (@axe-core/playwright)');
    for (const result of axe) {
      failed ||= result.violations.length > 0;
      console.log(`  ${result.page.padEnd(13)} ${result.violations.length} violações`);
      for (const violation of result.violations) console.log(`    - ${violation}`);
    }
  } finally {
    await server.stop();
    if (tlsDir) rmSync(tlsDir, { recursive: true, force: true });
  }
}

/** A generator of a plant: its site page, its first chart preset, and its system's active alarms. */
async function screenTargets(baseUrl: string, accessToken: string): Promise<PageTarget[]> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  const { itens } = await get<DeviceRowPage>('/api/dispositivos/infosFiltro?limit=1000');
  const generator = itens.find((d) => d.tipo === 'gerador' && d.usinaId !== null);
  if (!generator) throw new Error('o demo não tem gerador numa usina');
  const charts = await get<GraphicalConfig[]>(
    `/api/ConfigurationGraphical/${generator.id}/graphical?tipoLocal=dispositivo`,
  );
  const chart = charts.find((c) => c.idGraphical !== null);
  if (!chart) throw new Error(`o gerador ${generator.id} não tem gráfico`);
  const site = `#/${generator.sisId}/site/${generator.scdId ?? 0}/${generator.usinaId}/${generator.id}`;
  return [
    { name: 'site', hash: site, session: true },
    { name: 'ocorrencias', hash: `#/${generator.sisId}/ocorrencias`, session: true },
    { name: 'grafico', hash: `${site}/grafico/${chart.idGraphical}`, session: true },
  ];
}

console.log(`\nweb: ${failed ? 'FALHOU' : 'ok'} (${join('bench', 'web')})`);
// A smoke run only shows the bench measures; its figures are not judged.
process.exitCode = failed && !SMOKE ? 1 : 0;
