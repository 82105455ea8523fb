import { mkdtempSync, rmSync } from 'node:fs';
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
 * fleet seeded once into a SQLite file that each file's server starts from (a
 * copy: a boot of under a second instead of seeding 30 days), and one
 * Chromium that each file's browser connects to.
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
  return async () => {
    await browserServer?.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

/** The demo as the built server seeds it at start (`VIGIA_DEMO=1`, `VIGIA_SEED=1`). */
async function seedTemplate(file: string): Promise<void> {
  const built = (path: string) =>
    import(pathToFileURL(join(REPO_ROOT, 'apps/server/dist', path)).href);
  const [{ openStore }, { seedDemo }] = await Promise.all([
    built('store/database.js'),
    built('seed/demoFleet.js'),
  ]);
  const store = await openStore(`sqlite:${file}`);
  try {
    await seedDemo(store, DEMO_SEED);
    // A copy of the main file alone must hold everything.
    store.raw.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await store.close();
  }
}
