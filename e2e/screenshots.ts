/**
 * Screenshots of the console for the docs: login, systems home and cluster
 * home at desktop (1366×768) and mobile (390×844) widths, against the real
 * server with the demo data. Run: `npx tsx e2e/screenshots.ts`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { tokensFor, userInfo } from './support/api.js';
import { desktopContext, launchChromium, mobileContext, storeSession } from './support/browser.js';
import { REPO_ROOT, startVigiaServer } from './support/vigiaServer.js';

const OUT = join(REPO_ROOT, 'docs/screenshots');
mkdirSync(OUT, { recursive: true });

const server = await startVigiaServer({ VIGIA_SIMULATOR: '1' });
const browser = await launchChromium();
try {
  const tokens = await tokensFor(server.url, 'demo');
  const { sistemas } = await userInfo(server.url, tokens.access_token);
  const sistema = sistemas.find((s) => s.home === null) ?? sistemas[0];
  if (!sistema) throw new Error('demo sem sistemas');

  for (const kind of ['desktop', 'mobile'] as const) {
    const context =
      kind === 'desktop' ? await desktopContext(browser) : await mobileContext(browser);
    const page = await context.newPage();
    const shot = async (name: string) => {
      // Let transitions and the delayed spinner settle.
      await page.waitForTimeout(600);
      await page.screenshot({ path: join(OUT, `${name}-${kind}.png`) });
      console.log(`docs/screenshots/${name}-${kind}.png`);
    };

    await page.goto(`${server.url}/#/login/`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await shot('login');

    await storeSession(page, server.url, tokens);
    if (kind === 'desktop') await pin(page);
    await page.goto(`${server.url}/#/0/home-clientes`);
    await page.getByRole('table', { name: 'Sistemas do usuário' }).waitFor();
    await shot('sistemas');

    await page.goto(`${server.url}/#/${sistema.id}/home-cluster`);
    await page.getByText('Dispositivos por tipo').waitFor();
    await shot('cluster');
    if (kind === 'desktop') {
      await page.screenshot({ path: join(OUT, 'console.png') });
      console.log('docs/screenshots/console.png');
    } else {
      await page.getByTestId('nav-toggle').click();
      await shot('cluster-menu');
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

/** The README shows the navigation open: pin it as an operator would. */
async function pin(page: Page) {
  await page.evaluate(() => localStorage.setItem('vigia.nav.pinned', '1'));
}
