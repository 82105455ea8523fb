import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import {
  addDays,
  energyDefaultWindow,
  formatIsoDate,
  formatNumber,
  isoDate,
  MESSAGES,
  today,
} from '@vigia/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { tokensFor } from './support/api.js';
import { DESKTOP, desktopPageShot, launchChromium, storeSession } from './support/browser.js';
import { startVigiaServer, type VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const SHOTS = screenshotDir();

const window = energyDefaultWindow(new Date());
const RANGE = `${formatIsoDate(window.inicio)}/${formatIsoDate(window.fim)}`;
const YESTERDAY = isoDate(addDays(today(new Date()), -1));

/** Every energy screen of the route table, with a table each shows once loaded. */
const SCREENS = [
  { name: 'energy-cluster', path: `/200/energia/${RANGE}`, table: 'Energia por usina' },
  { name: 'energy-systems', path: '/0/energiaSistemas', table: 'Energia por usina' },
  { name: 'energy-plant', path: `/200/usina/1/energiausina/${RANGE}`, table: 'Energia por dia' },
  {
    name: 'energy-plant-daily',
    path: `/200/usina/1/energiadiaria/${YESTERDAY}`,
    table: 'Energia do dia por dispositivo',
  },
  { name: 'energy-scd', path: `/200/scd/1/energiascd/${RANGE}`, table: 'Energia por dispositivo' },
  {
    name: 'energy-scd-daily',
    path: `/200/scd/1/energiadiaria/${YESTERDAY}`,
    table: 'Energia do dia por dispositivo',
  },
  { name: 'energy-plant-management', path: '/200/usina/1/gestao', table: 'Gestão de Dispositivos' },
  { name: 'energy-scd-management', path: '/200/scd/1/gestao', table: 'Gestão de Dispositivos' },
  { name: 'energy-venue-management', path: '/220/venue/1/gestao', table: 'Gestão de Dispositivos' },
] as const;

describe.runIf(hasChromium)('energy screens in Chromium against the real server', () => {
  let server: VigiaServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const energyCalls: string[] = [];

  beforeAll(async () => {
    // The demo's 30 days of history take a while to seed on a busy machine.
    [server, browser] = await Promise.all([startVigiaServer({}, 280_000), launchChromium()]);
    context = await browser.newContext({
      viewport: DESKTOP,
      locale: 'pt-BR',
      acceptDownloads: true,
    });
    page = await context.newPage();
    page.on('request', (r) => {
      if (/\/api2?\/(v3\/)?energia\//.test(r.url())) energyCalls.push(r.url());
    });
    await storeSession(page, server.url, await tokensFor(server.url, 'demo'));
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const axeViolations = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`,
    );
  const region = (caption: string) => page.getByRole('region', { name: caption, exact: true });
  const tableOf = (caption: string) => region(caption).getByRole('table');
  const bodyRows = (caption: string) => tableOf(caption).locator('tbody tr');
  const cellTexts = async (caption: string) =>
    bodyRows(caption).evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')),
    );

  /** The Excel file of a table read back: header, then rows; each cell as the screen shows it. */
  async function excelAsShown(caption: string) {
    const container = region(caption);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      container.getByRole('button', { name: 'Exportar Excel' }).first().click(),
    ]);
    const path = join(tmpdir(), `vigia-e2e-${Date.now()}-${download.suggestedFilename()}`);
    await download.saveAs(path);
    const sheet = await readSheet(path);
    rmSync(path);
    const [header, ...rows] = sheet;
    return { header, rows, path };
  }

  for (const screen of SCREENS) {
    it(`${screen.path} opens with data (axe 0 violations)`, async () => {
      await page.goto(`${server.url}/#${screen.path}`);
      await expect
        .poll(() => bodyRows(screen.table).count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      const cells = (await cellTexts(screen.table)).flat();
      expect(
        cells.some((c) => /\d kWh$/.test(c)),
        screen.path,
      ).toBe(true);
      expect(await axeViolations()).toEqual([]);
      await desktopPageShot(page, join(SHOTS, `${screen.name}-desktop.png`));
    });
  }

  it('the Excel file of the cluster table equals the table (numbers as numbers)', async () => {
    await page.goto(`${server.url}/#/200/energia/${RANGE}`);
    await expect
      .poll(() => bodyRows('Energia por usina').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const shown = await cellTexts('Energia por usina');
    const { header, rows } = await excelAsShown('Energia por usina');
    const headers = await tableOf('Energia por usina').locator('thead th').allTextContents();
    expect(header).toEqual(headers);
    expect(rows).toHaveLength(shown.length);
    rows.forEach((row, i) => {
      const asShown = row.map((cell, col) => {
        if (typeof cell !== 'number') return String(cell);
        if (col === 5) return `${cell > 0 ? '+' : ''}${formatNumber(cell, 2)} %`;
        return `${formatNumber(cell, 2, { grouping: true })} kWh`;
      });
      expect(asShown).toEqual(shown[i]);
    });
    expect(rows.some((r) => typeof r[2] === 'number')).toBe(true);
  });

  it('the Excel file of the plant’s days equals the table', async () => {
    await page.goto(`${server.url}/#/200/usina/1/energiausina/${RANGE}`);
    await expect.poll(() => bodyRows('Energia por dia').count(), { timeout: 20_000 }).toBe(8);
    const shown = await cellTexts('Energia por dia');
    const { rows } = await excelAsShown('Energia por dia');
    expect(
      rows.map((r) =>
        r.map((cell) =>
          typeof cell === 'number'
            ? `${formatNumber(cell, 2, { grouping: true })} kWh`
            : String(cell),
        ),
      ),
    ).toEqual(shown);
  });

  it('sorting changes the order and is kept in the browser', async () => {
    await page.goto(`${server.url}/#/200/energia/${RANGE}`);
    await expect
      .poll(() => bodyRows('Energia por usina').count(), { timeout: 20_000 })
      .toBeGreaterThan(1);
    const sortSelect = page.getByLabel('Ordenar por');
    await sortSelect.selectOption('maiorenergia');
    const names = async () => (await cellTexts('Energia por usina')).map((r) => r[0]);
    await expect.poll(names).not.toEqual([]);
    const highest = await names();
    await sortSelect.selectOption('menorenergia');
    await expect.poll(names).toEqual([...highest].reverse());
    await page.reload();
    expect(await page.getByLabel('Ordenar por').inputValue()).toBe('menorenergia');
    await page.getByLabel('Ordenar por').selectOption('maiorenergia');
  });

  it('a bad period shows the message and loads nothing', async () => {
    const first = isoDate(addDays(today(new Date()), -3));
    const last = isoDate(addDays(today(new Date()), -10));
    for (const [path, message] of [
      [`/200/energia/${first}/${last}`, MESSAGES.endBeforeStart],
      [
        `/200/usina/1/energiausina/${isoDate(addDays(today(new Date()), -60))}/${first}`,
        MESSAGES.periodTooLong,
      ],
    ] as const) {
      energyCalls.length = 0;
      await page.goto(`${server.url}/#${path}`);
      await page.getByRole('alert').filter({ hasText: message }).waitFor();
      await page.waitForTimeout(500);
      expect(await page.getByRole('table').count()).toBe(0);
      expect(energyCalls.filter((u) => /energiagerada/.test(u))).toEqual([]);
    }
    // The form applies a period through the route: end before start again.
    await page.getByLabel('Data Inicial').fill(first);
    await page.getByLabel('Data Final').fill(last);
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.endBeforeStart }).waitFor();
  });
});
