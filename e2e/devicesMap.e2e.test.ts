import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { GpsDevice, TokenResponse } from '@vigia/contract';
import { mapPinColor } from '@vigia/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { tokensFor } from './support/api.js';
import {
  DESKTOP,
  desktopContext,
  launchChromium,
  mobileContext,
  storeSession,
} from './support/browser.js';
import { startVigiaServer, type VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const SHOTS = screenshotDir();

describe.runIf(hasChromium)('GPS map in Chromium against the real server, offline', () => {
  let server: VigiaServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let tokens: TokenResponse;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startVigiaServer(), launchChromium()]);
    tokens = await tokensFor(server.url, 'demo');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function gpsDevices(sisId: number): Promise<GpsDevice[]> {
    const response = await fetch(`${server.url}/api/gps/gpsDevices?sisid=${sisId}`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as GpsDevice[];
  }

  /** Opens a map with every request leaving the server's origin refused and recorded. */
  async function openMap(hash: string, kind: 'desktop' | 'mobile' = 'desktop') {
    context = kind === 'desktop' ? await desktopContext(browser) : await mobileContext(browser);
    const foreign: string[] = [];
    const origin = new URL(server.url).origin;
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) {
        return route.continue();
      }
      foreign.push(url);
      return route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    await storeSession(page, server.url, await tokensFor(server.url, 'demo'));
    await page.goto(`${server.url}/${hash}`);
    await page.getByTestId('device-map').waitFor();
    return { page, foreign };
  }

  /** Screenshots once the unpinned side navigation has folded to its rail. */
  async function shoot(page: Page, name: string) {
    if (page.viewportSize()?.width === DESKTOP.width) {
      await page.mouse.move(DESKTOP.width - 10, DESKTOP.height - 10);
      await expect
        .poll(() => page.getByTestId('side-nav').getAttribute('data-state'), { timeout: 6000 })
        .toBe('collapsed');
    }
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SHOTS, name) });
  }

  async function pinColors(page: Page): Promise<Map<number, string>> {
    const pins = await page
      .locator('.vigia-pin')
      .evaluateAll((elements) =>
        elements.map((e) => [
          Number(e.getAttribute('data-device-id')),
          e.getAttribute('data-pin-color'),
        ]),
      );
    return new Map(pins as [number, string][]);
  }

  it('the cluster map draws every located device with the pin colour rule and no tile request', async () => {
    const expected = await gpsDevices(121);
    expect(expected.length).toBeGreaterThan(10);
    const { page, foreign } = await openMap('#/121/home-cluster-map');
    await expect.poll(async () => (await pinColors(page)).size).toBe(expected.length);
    const colors = await pinColors(page);
    for (const device of expected) {
      expect(colors.get(device.id), device.nome).toBe(mapPinColor(device.resumoComunicacao));
    }
    // The demo fleet has online devices and an ERB silent for 3 days ('>1 dia offline').
    expect([...colors.values()]).toContain('green');
    expect([...colors.values()]).toContain('gray');
    // The basemap is drawn as vectors (Brazil and its neighbours), no tile images.
    expect(await page.locator('.leaflet-overlay-pane path').count()).toBeGreaterThan(5);
    expect(await page.locator('.leaflet-tile').count()).toBe(0);
    expect(foreign).toEqual([]);
    await shoot(page, 'mapa-cluster-121.png');
  });

  it('the client map shows every system, red pins for devices that never communicated', async () => {
    const expected = await gpsDevices(0);
    const { page, foreign } = await openMap('#/0/home-clientes-map');
    await expect.poll(async () => (await pinColors(page)).size).toBe(expected.length);
    const colors = await pinColors(page);
    const never = expected.find((d) => d.resumoComunicacao === 'nunca comunicou');
    expect(never).toBeDefined();
    expect(colors.get(never?.id ?? -1)).toBe('red');
    expect(new Set(colors.values())).toEqual(new Set(['green', 'gray', 'red']));
    await shoot(page, 'mapa-clientes.png');
    // The list beside the map groups the devices by place; a place centres the map.
    await page.getByRole('button', { name: /Centralizar o mapa em ERB Manaus/ }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('home-clientes-map');
    expect(foreign).toEqual([]);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  }, 150_000);

  it('on a phone the map comes first and the places list below it', async () => {
    const { page, foreign } = await openMap('#/200/home-cluster-map', 'mobile');
    await expect.poll(async () => (await pinColors(page)).size).toBeGreaterThan(5);
    const map = await page.getByTestId('device-map').boundingBox();
    const list = await page
      .getByRole('complementary', { name: 'Dispositivos por local' })
      .boundingBox();
    expect((list?.y ?? 0) > (map?.y ?? 0)).toBe(true);
    expect(foreign).toEqual([]);
    await shoot(page, 'mapa-cluster-200-mobile.png');
  });
});
