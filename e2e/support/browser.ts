/// <reference lib="dom" />
import type { TokenResponse } from '@vigia/contract';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test-support/services.js';
import { E2E_ENV } from './vigiaServer.js';

export const DESKTOP = { width: 1366, height: 768 };
export const MOBILE = { width: 390, height: 844 };

/**
 * The run's Chromium, started once by the e2e global setup (`close()` then only
 * disconnects), or a Chromium of the caller's own when there is none (a bench).
 */
export function launchChromium(): Promise<Browser> {
  const endpoint = process.env[E2E_ENV.chromiumEndpoint];
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export function mobileContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: MOBILE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
  });
}

export function desktopContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: DESKTOP, locale: 'pt-BR' });
}

/**
 * Puts a session in the page's storage. Give every browser context its own
 * sign-in: the console rotates the refresh token shortly after it starts, and
 * a token used by another context counts as reuse (the session is revoked).
 */
export async function storeSession(
  page: Page,
  baseUrl: string,
  tokens: TokenResponse,
): Promise<void> {
  // Any same-origin page that is not the console, so no app code runs meanwhile.
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((t) => {
    localStorage.setItem('vigia.access_token', t.access_token);
    localStorage.setItem('vigia.refresh_token', t.refresh_token);
    localStorage.setItem('vigia.expires_at', String(Date.now() + t.expires_in * 1000));
  }, tokens);
}

export function storedTokens(page: Page) {
  return page.evaluate(() => ({
    access: localStorage.getItem('vigia.access_token'),
    refresh: localStorage.getItem('vigia.refresh_token'),
    expiresAt: Number(localStorage.getItem('vigia.expires_at')),
    keys: Object.keys(localStorage).filter((key) => key.startsWith('vigia.')),
  }));
}

/** A one-finger horizontal swipe through the DevTools protocol (real touch events). */
export async function swipe(page: Page, fromX: number, toX: number, y: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const steps = 8;
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [{ x: fromX, y }],
  });
  for (let i = 1; i <= steps; i++) {
    const x = fromX + ((toX - fromX) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

export function hashOf(page: Page): string {
  return new URL(page.url()).hash;
}

/** The whole page at desktop width, with the side navigation folded to its rail. */
export async function desktopPageShot(page: Page, path: string): Promise<void> {
  const nav = page.getByTestId('side-nav');
  // A fresh console opens the navigation once it knows the screen width and folds
  // it 2500 ms later: fold it at once with its own button (dispatched: an open
  // dialog's overlay would take a pointer's click).
  await page
    .locator('[data-testid="side-nav"][data-state="expanded"]')
    .waitFor({ timeout: 2000 })
    .catch(() => {});
  if ((await nav.getAttribute('data-state')) === 'expanded') {
    await page.getByTestId('nav-toggle').dispatchEvent('click');
  }
  await expect.poll(() => nav.getAttribute('data-state'), { timeout: 8000 }).toBe('collapsed');
  await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBeLessThan(80);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: DESKTOP.width, height: Math.max(DESKTOP.height, height) });
  await page.waitForTimeout(300);
  await page.screenshot({ path });
  await page.setViewportSize(DESKTOP);
}
