import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { publishDemoReadings, tokensFor } from './support/api.js';
import {
  desktopContext,
  desktopPageShot,
  launchChromium,
  storeSession,
} from './support/browser.js';
import { startVigiaServer, type VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const SHOTS = screenshotDir();

/** Demo fleet ids (apps/server/src/seed/fleet.ts): a tank of system 121. */
const TANK_SAO_PAULO = 1003;
const TANK_NAME = 'Tanque ERB São Paulo Paulista';

describe.runIf(hasChromium)('tank chart in Chromium against the real server', () => {
  let server: VigiaServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startVigiaServer(), launchChromium()]);
    // A known newest reading: the chart's summary must show it.
    await publishDemoReadings(server, TANK_SAO_PAULO, {
      nivel: 12.5,
      litros: 62,
      temperatura: 27.3,
    });
    context = await desktopContext(browser);
    page = await context.newPage();
    await storeSession(page, server.url, await tokensFor(server.url, 'demo'));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const summaryRow = (name: string) =>
    page
      .getByRole('table', { name: 'Resumo do período' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name }) });

  it('the tank list links to the chart: the tank’s name, three drawn lines and their values', async () => {
    await page.goto(`${server.url}/#/121/tanque`);
    const link = page.getByRole('link', { name: `Gráfico do tanque ${TANK_NAME}` });
    await link.click();
    await expect
      .poll(() => new URL(page.url()).hash)
      .toBe(`#/121/tanque/grafico/${TANK_SAO_PAULO}`);
    await page.getByRole('heading', { level: 1, name: TANK_NAME }).waitFor();

    const charts = page.getByRole('img', { name: /^Gráfico de / });
    await expect.poll(() => charts.count(), { timeout: 15_000 }).toBe(3);
    expect(await charts.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(
      [
        expect.stringMatching(/^Gráfico de Volume \(L\) de \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} a /),
        expect.stringMatching(/^Gráfico de Temperatura \(°C\) de /),
        expect.stringMatching(/^Gráfico de Nível \(%\) de /),
      ],
    );
    // uPlot drew on its canvases.
    const drawn = await page.locator('canvas').evaluateAll((canvases) =>
      canvases.map((c) => {
        const canvas = c as HTMLCanvasElement;
        const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height);
        return pixels ? pixels.data.some((value) => value !== 0) : false;
      }),
    );
    expect(drawn).toEqual([true, true, true]);

    await expect.poll(() => summaryRow('Nível').textContent()).toContain('12,50 %');
    expect(await summaryRow('Volume').textContent()).toContain('62 L');
    expect(await summaryRow('Temperatura').textContent()).toContain('27,3 °C');
    expect(await summaryRow('Nível').textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await page.getByText(/atualiza a cada minuto/).waitFor();

    await desktopPageShot(page, join(SHOTS, 'grafico-tanque.png'));
  });

  it('reads the values at a time with the keyboard', async () => {
    const chart = page.getByRole('img', { name: /^Gráfico de Nível/ });
    await chart.focus();
    await page.keyboard.press('End');
    const readout = page.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}: Nível 12,50 %$/);
    await readout.waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => readout.count()).toBe(0);
  });

  it('30 days come in hourly averages with their min–max band', async () => {
    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Últimos 30 dias' }).click();
    await page.getByText('cada ponto é a média de 1 h', { exact: false }).waitFor();
    await expect.poll(() => page.getByRole('img', { name: /^Gráfico de / }).count()).toBe(3);
    // The summary keeps the newest reading, not the last hour's average.
    expect(await summaryRow('Volume').textContent()).toContain('62 L');
    await desktopPageShot(page, join(SHOTS, 'grafico-tanque-30-dias.png'));
  });

  it('end before start gives the spec message and no chart', async () => {
    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Período' }).click();
    await page.getByLabel('Data Final').fill('2020-01-01T10:00');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Data Final menor que Data Inicial.' })
      .waitFor();
    expect(await page.getByRole('img', { name: /^Gráfico de / }).count()).toBe(0);
  });

  it('has no axe violations', async () => {
    await page.goto('about:blank');
    await page.goto(`${server.url}/#/121/tanque/grafico/${TANK_SAO_PAULO}`);
    // A cold start of the console: about 1.8 s to the charts here, past expect.poll's 1 s.
    await expect
      .poll(() => page.getByRole('img', { name: /^Gráfico de / }).count(), { timeout: 10_000 })
      .toBe(3);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });
});
