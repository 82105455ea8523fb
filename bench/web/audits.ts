/// <reference lib="dom" />
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { TokenResponse } from '@vigia/contract';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Page } from 'playwright-core';
import { launchChromium, storeSession } from '../../e2e/support/browser.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort } from '../../test-support/services.js';

export interface PageTarget {
  name: string;
  /** Hash route, e.g. `#/login/`. */
  hash: string;
  /** Needs a signed-in session. */
  session: boolean;
}

export interface LighthouseScore {
  page: string;
  preset: 'desktop' | 'mobile';
  performance: number;
  accessibility: number;
  /** Milliseconds. */
  lcp: number;
  tbt: number;
  cls: number;
  /**
   * Lighthouse's measure of this machine's CPU at the run (higher is faster): the
   * simulated TBT scales with it, so runs compare only at a like index.
   */
  benchmarkIndex: number;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** A page's median run, and each run's performance in order. */
export type MedianScore = LighthouseScore & { runs: number[] };

/**
 * Each page and preset's median run by performance (of an even count, the lower of the two
 * middle runs): its LCP, TBT and CLS are that run's, never a mix of runs.
 */
export function medianScores(runs: readonly (readonly LighthouseScore[])[]): MedianScore[] {
  const groups = new Map<string, LighthouseScore[]>();
  for (const score of runs.flat()) {
    const key = `${score.page} ${score.preset}`;
    groups.set(key, [...(groups.get(key) ?? []), score]);
  }
  return [...groups.values()].map((group) => {
    const sorted = [...group].sort((a, b) => a.performance - b.performance);
    const median = sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseScore;
    return { ...median, runs: group.map((s) => s.performance) };
  });
}

/**
 * Lighthouse 12 (desktop preset and the default mobile preset) on each page,
 * against the real server. One Chromium with a debugging port: Playwright
 * puts the session in its storage and empties the HTTP cache before each
 * run, so every audit is a cold load of a signed-in page.
 */
export async function runLighthouse(
  baseUrl: string,
  signIn: () => Promise<TokenResponse>,
  targets: PageTarget[],
  options: { presets?: readonly ('desktop' | 'mobile')[]; reportDir?: string } = {},
): Promise<LighthouseScore[]> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'vigia-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${port}`,
      // The bench's own HTTPS server has a self-signed certificate.
      ...(baseUrl.startsWith('https:') ? ['--ignore-certificate-errors'] : []),
    ],
  });
  const scores: LighthouseScore[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    for (const target of targets) {
      for (const preset of options.presets ?? (['desktop', 'mobile'] as const)) {
        // A fresh session per run: a run may end while the console is rotating its tokens.
        await page.goto(`${baseUrl}/api/health`);
        await page.evaluate(() => localStorage.clear());
        if (target.session) await storeSession(page, baseUrl, await signIn());
        await cdp.send('Network.clearBrowserCache');
        const result = await lighthouse(
          `${baseUrl}/${target.hash}`,
          {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: true,
          },
          preset === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse não produziu resultado para ${target.name}`);
        const { categories, audits, runtimeError, runWarnings } = result.lhr;
        if (runtimeError) {
          throw new Error(
            `Lighthouse em ${target.name} (${preset}): ${runtimeError.code} ${runtimeError.message}`,
          );
        }
        if (options.reportDir) {
          mkdirSync(options.reportDir, { recursive: true });
          writeFileSync(
            join(options.reportDir, `${target.name}-${preset}.json`),
            JSON.stringify(result.lhr),
          );
        }
        for (const warning of runWarnings)
          console.warn(`  aviso do Lighthouse (${target.name}, ${preset}): ${warning}`);
        scores.push({
          page: target.name,
          preset,
          performance: score(categories.performance?.score),
          accessibility: score(categories.accessibility?.score),
          lcp: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          tbt: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
          cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
          benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
        });
      }
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return scores;
}

/** axe-core violations per page (desktop width). */
export async function runAxe(
  baseUrl: string,
  signIn: () => Promise<TokenResponse>,
  targets: PageTarget[],
  ready: (page: Page, target: PageTarget) => Promise<void>,
): Promise<{ page: string; violations: string[] }[]> {
  // The test suite's shared Chromium when there is one (bench/smoke.test.ts), else one of its own.
  const browser = await launchChromium();
  const results: { page: string; violations: string[] }[] = [];
  try {
    for (const target of targets) {
      const context = await browser.newContext({
        viewport: { width: 1366, height: 768 },
        ignoreHTTPSErrors: baseUrl.startsWith('https:'),
      });
      const page = await context.newPage();
      if (target.session) await storeSession(page, baseUrl, await signIn());
      await page.goto(`${baseUrl}/${target.hash}`);
      await ready(page, target);
      const { violations } = await new AxeBuilder({ page }).analyze();
      results.push({
        page: target.name,
        violations: violations.map((v) => `${v.id} (${v.nodes.length}): ${v.help}`),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
