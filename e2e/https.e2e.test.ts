import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedPair } from '../test-support/selfSigned.js';
import { chromiumAvailable, needService } from '../test-support/services.js';
import { DESKTOP, launchChromium } from './support/browser.js';
import { startVigiaServer, type VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);

describe.runIf(hasChromium)('the console over HTTPS with HTTP/2 (VIGIA_TLS_CERT)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigia-e2e-tls-'));
  let server: VigiaServer;
  let browser: Browser;

  beforeAll(async () => {
    const pair = selfSignedPair(dir);
    [server, browser] = await Promise.all([
      startVigiaServer({ VIGIA_TLS_CERT: pair.cert, VIGIA_TLS_KEY: pair.key }),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs in and lists the systems with every answer, the event stream too, over h2', async () => {
    expect(server.url).toMatch(/^https:\/\//);
    // The certificate is the test's own, self-signed.
    const context = await browser.newContext({ viewport: DESKTOP, ignoreHTTPSErrors: true });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const protocols = new Map<string, string>();
      cdp.on('Network.responseReceived', ({ response }) => {
        protocols.set(new URL(response.url).pathname, response.protocol ?? '?');
      });

      await page.goto(`${server.url}/#/login/`);
      await page.getByLabel('Usuário').fill('demo');
      await page.getByLabel('Senha', { exact: true }).fill('demo');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByText('Escolha o sistema a acompanhar.').waitFor();
      await expect.poll(() => protocols.has('/api/eventos'), { timeout: 15_000 }).toBe(true);

      expect(protocols.get('/oauth/token')).toBe('h2');
      expect([...protocols].filter(([, protocol]) => protocol !== 'h2')).toEqual([]);
      expect(protocols.size).toBeGreaterThan(10);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
