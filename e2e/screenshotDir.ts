import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './support/vigiaServer.js';

/**
 * Where the e2e tests write their screenshots: the docs only when asked
 * (`VIGIA_SCREENSHOTS=1`), so a test run never changes tracked files.
 */
export function screenshotDir(sub = ''): string {
  const base =
    process.env.VIGIA_SCREENSHOTS === '1'
      ? join(REPO_ROOT, 'docs/screenshots')
      : join(tmpdir(), 'vigia-screenshots');
  const dir = join(base, sub);
  mkdirSync(dir, { recursive: true });
  return dir;
}
