import { spawn } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BrowserServer, chromium } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  chromiumAvailable,
  needService,
} from '../../test-support/services.js';
import { DEMO_SEED, E2E_ENV, ensureBuilt, REPO_ROOT } from './vigiaServer.js';

/**
 * Once per run, before any e2e file: the built console and server, the demo
 * fleet seeded into a SQLite file that each file's server starts from (a copy:
 * a boot of under a second instead of seeding 30 days), seeded again every few
 * minutes while the run lasts, and one Chromium that each file's browser
 * connects to.
 */
export default async function setup(): Promise<() => Promise<void>> {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'vigia-e2e-template-'));
  const template = join(dir, 'vigia.db');
  let browserServer: BrowserServer | undefined;
  try {
    const [, browser] = await Promise.all([
      seedTemplate(template),
      (await needService('Chromium', chromiumAvailable))
        ? chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
        : undefined,
    ]);
    browserServer = browser;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  process.env[E2E_ENV.templateDb] = template;
  if (browserServer) process.env[E2E_ENV.chromiumEndpoint] = browserServer.wsEndpoint();
  const stopRefreshing = keepTemplateFresh(template);
  return async () => {
    await stopRefreshing();
    await browserServer?.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * The demo as the built server seeds it at start (`VIGIA_DEMO=1`, `VIGIA_SEED=1`), with its
 * first rollup and packing pass (each server would spend ~18 s of CPU on them), written
 * by a child process (seeding holds its thread for seconds: the run's main process, which
 * talks to every worker, stays free).
 */
function seedTemplate(file: string): Promise<void> {
  const built = (path: string) =>
    JSON.stringify(pathToFileURL(join(REPO_ROOT, 'apps/server/dist', path)).href);
  const script = `
    const [{ openStore }, { seedDemo }, rollups, { packClosedHours }] = await Promise.all([
      import(${built('store/database.js')}),
      import(${built('seed/demoFleet.js')}),
      import(${built('store/rollups/rollups.js')}),
      import(${built('store/packs/packing.js')}),
    ]);
    const store = await openStore('sqlite:' + process.env.VIGIA_TEMPLATE_FILE);
    try {
      await seedDemo(store, ${JSON.stringify(DEMO_SEED)});
      // The server's first background pass, done once here instead of in every file's server.
      const through = await rollups.catchUpRollups(store, Math.floor(Date.now() / 1000));
      await packClosedHours(store, through - rollups.ROLLUP_LATE_S);
      // A copy of the main file alone must hold everything.
      store.raw.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      await store.close();
    }`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, VIGIA_TEMPLATE_FILE: file },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`semear o modelo falhou (${code}):\n${errors}`)),
    );
  });
}

/**
 * Seeds a new template every `TEMPLATE_REFRESH_MS` and puts it in the old one's place
 * (a rename: a server copying the old file meanwhile reads it whole). The servers run
 * without the simulator, so the demo's readings age from the moment they were seeded:
 * 30 minutes on, every online device reads offline, and a file starting late in a long
 * run found no online device. A server now starts from a demo at most this old.
 */
function keepTemplateFresh(template: string): () => Promise<void> {
  let refreshing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    const next = `${template}.next`;
    refreshing = seedTemplate(next)
      .then(() => renameSync(next, template))
      .catch((error: unknown) => {
        // The old template stays: its files fail on their own if it is too old.
        console.error('e2e: o modelo da demonstração não foi renovado:', error);
      });
  }, TEMPLATE_REFRESH_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    return refreshing;
  };
}

/** Well inside the 30 minutes after which a reading is stale, with room for a 10-minute file. */
const TEMPLATE_REFRESH_MS = 8 * 60_000;
