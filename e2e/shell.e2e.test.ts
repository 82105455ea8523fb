import { AxeBuilder } from '@axe-core/playwright';
import type { TokenResponse } from '@vigia/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, needService } from '../test-support/services.js';
import { tokensFor, userInfo } from './support/api.js';
import {
  DESKTOP,
  desktopContext,
  launchChromium,
  mobileContext,
  storeSession,
  swipe,
} from './support/browser.js';
import { startVigiaServer, type VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);

describe.runIf(hasChromium)('console shell in Chromium against the real server', () => {
  let server: VigiaServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let tokens: TokenResponse;
  let clusterHash: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startVigiaServer(), launchChromium()]);
    tokens = await tokensFor(server.url, 'demo');
    const { sistemas } = await userInfo(server.url, tokens.access_token);
    const sistema = sistemas.find((s) => s.home === null) ?? sistemas[0];
    clusterHash = `#/${sistema?.id}/home-cluster`;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function openCluster(kind: 'desktop' | 'mobile'): Promise<Page> {
    context = kind === 'desktop' ? await desktopContext(browser) : await mobileContext(browser);
    const page = await context.newPage();
    await storeSession(page, server.url, await tokensFor(server.url, 'demo'));
    if (kind === 'desktop') await page.mouse.move(DESKTOP.width - 50, DESKTOP.height - 50);
    await page.goto(`${server.url}/${clusterHash}`);
    await page.getByText('Dispositivos por tipo').waitFor();
    return page;
  }

  const navState = (page: Page) => page.getByTestId('side-nav').getAttribute('data-state');

  it('the unpinned side navigation collapses after 2500 ms', async () => {
    const page = await openCluster('desktop');
    const shownAt = Date.now();
    expect(await navState(page)).toBe('expanded');
    await expect.poll(() => navState(page), { timeout: 5000, interval: 100 }).toBe('collapsed');
    const elapsed = Date.now() - shownAt;
    expect(elapsed).toBeGreaterThan(1500);
    expect(elapsed).toBeLessThan(4000);
    // Collapsed to the icon rail: labels hidden, items still reachable by name.
    await expect
      .poll(async () => (await page.getByTestId('side-nav').boundingBox())?.width)
      .toBeLessThan(80);
    await page.getByRole('link', { name: 'Home' }).first().waitFor();
  });

  it('a pinned side navigation stays open, also after a reload', async () => {
    const page = await openCluster('desktop');
    await page.getByTestId('nav-pin').click();
    await page.mouse.move(DESKTOP.width - 50, DESKTOP.height - 50);
    await page.waitForTimeout(4000);
    expect(await navState(page)).toBe('expanded');
    await page.reload();
    await page.getByText('Dispositivos por tipo').waitFor();
    await page.waitForTimeout(3500);
    expect(await navState(page)).toBe('expanded');
    expect(await page.getByTestId('nav-pin').getAttribute('aria-pressed')).toBe('true');
  }, 150_000);

  it('hovering the collapsed navigation expands it on a large screen', async () => {
    const page = await openCluster('desktop');
    await expect.poll(() => navState(page), { timeout: 5000 }).toBe('collapsed');
    await page.getByTestId('side-nav').hover();
    await expect.poll(() => navState(page)).toBe('expanded');
  });

  it('marks the active item', async () => {
    const page = await openCluster('desktop');
    const active = page.getByTestId('side-nav').locator('[aria-current="page"]');
    expect(await active.count()).toBe(1);
    expect(await active.getAttribute('href')).toBe(clusterHash);
  });

  it('on a phone the side bar is hidden and a swipe opens it', async () => {
    const page = await openCluster('mobile');
    const nav = page.getByTestId('side-nav');
    const hidden = await nav.boundingBox();
    expect((hidden?.x ?? 0) + (hidden?.width ?? 0)).toBeLessThanOrEqual(0);
    expect(await navState(page)).toBe('collapsed');
    // Below the 100 px threshold of xs: nothing happens.
    await swipe(page, 40, 110, 500);
    await page.waitForTimeout(400);
    expect(await navState(page)).toBe('collapsed');
    await swipe(page, 40, 240, 500);
    await expect.poll(() => navState(page)).toBe('expanded');
    await expect.poll(async () => (await nav.boundingBox())?.x).toBe(0);
    await swipe(page, 300, 100, 500);
    await expect.poll(() => navState(page)).toBe('collapsed');
  });

  it('the login and cluster home pages have no axe violations', async () => {
    context = await desktopContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/#/login/`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    const login = await new AxeBuilder({ page }).analyze();
    expect(login.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await storeSession(page, server.url, await tokensFor(server.url, 'demo'));
    await page.goto(`${server.url}/${clusterHash}`);
    await page.getByText('Dispositivos por tipo').waitFor();
    const cluster = await new AxeBuilder({ page }).analyze();
    expect(cluster.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
