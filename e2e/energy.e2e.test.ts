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
  {
    name: 'energy-systems',
    path: '/0/energiaSistemas',
    table: 'Energia por usina',
    also: 'Energia por gerador',
  },
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
  {
    name: 'energy-cluster-management',
    path: '/200/gestao?aba=dispositivos',
    table: 'Gestão de Dispositivos',
  },
] as const;

/** A console built elsewhere (a local run beside other builds); default apps/web/dist. */
const WEB_DIST = process.env.VIGIA_E2E_WEB_DIST;

describe.runIf(hasChromium)('energy screens in Chromium against the real server', () => {
  let server: VigiaServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const energyCalls: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startVigiaServer(WEB_DIST ? { VIGIA_WEB_DIST: WEB_DIST } : {}),
      launchChromium(),
    ]);
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
  });

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
      // The first screens meet a server still catching up its rollups on a busy machine.
      await expect
        .poll(() => bodyRows(screen.table).count(), { timeout: 45_000 })
        .toBeGreaterThan(0);
      // The rows may come before their energy (kept rows of the screen before, or
      // rollups still catching up): wait for a value in kWh, as the rows are waited for.
      await expect
        .poll(async () => (await cellTexts(screen.table)).flat().some((c) => /\d kWh$/.test(c)), {
          timeout: 45_000,
          message: screen.path,
        })
        .toBe(true);
      if ('also' in screen) {
        await expect
          .poll(() => bodyRows(screen.also).count(), { timeout: 20_000 })
          .toBeGreaterThan(0);
      }
      expect(await axeViolations()).toEqual([]);
      await desktopPageShot(page, join(SHOTS, `${screen.name}-desktop.png`));
    }, 90_000);
  }

  it('the Excel file of the cluster table equals the table (numbers as numbers)', async () => {
    await page.goto(`${server.url}/#/200/energia/${RANGE}`);
    await expect
      .poll(() => bodyRows('Energia por usina').count(), { timeout: 45_000 })
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
    await expect.poll(names, { timeout: 20_000 }).not.toEqual([]);
    const highest = await names();
    await sortSelect.selectOption('menorenergia');
    await expect.poll(names, { timeout: 20_000 }).toEqual([...highest].reverse());
    await page.reload();
    expect(await page.getByLabel('Ordenar por').inputValue()).toBe('menorenergia');
    await page.getByLabel('Ordenar por').selectOption('maiorenergia');
  });

  it('energy cards are 200 wide and draw their chart 600 ms after they show', async () => {
    await page.goto(`${server.url}/#/200/home-cluster`);
    const card = page.getByRole('article', { name: 'Total das usinas' });
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(0);
    // When the total's card shows and when its chart is drawn, seen from inside the page
    // (a card put in anew starts over).
    await page.evaluate(() => {
      const times: { shown?: number; drawn?: number } = {};
      (globalThis as unknown as { cardTimes: typeof times }).cardTimes = times;
      let current: Element | null = null;
      new MutationObserver(() => {
        const shown = document.querySelector('article[aria-label="Total das usinas"]');
        if (shown !== current) {
          current = shown;
          times.shown = shown ? performance.now() : undefined;
          times.drawn = undefined;
        }
        if (shown?.querySelector('svg[role="img"]') && times.drawn === undefined)
          times.drawn = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.evaluate((hash) => {
      document.location.hash = hash;
    }, `/200/energia/${RANGE}`);
    await card.getByRole('img').waitFor({ timeout: 20_000 });
    const times = await page.evaluate(
      () => (globalThis as unknown as { cardTimes: { shown: number; drawn: number } }).cardTimes,
    );
    // 'shown' is taken when the task that put the card in ends, a little after its timer
    // starts (the exact 600 ms is EnergyCardTile.test.tsx's); a busy machine only adds.
    expect(times.drawn - times.shown).toBeGreaterThanOrEqual(400);
    expect((await card.boundingBox())?.width).toBe(200);
    expect((await card.getByRole('img').boundingBox())?.width).toBeLessThan(200);
  });

  it('the cluster’s Alarmes Gestão opens on the alarms; its devices tab is the plant management screen', async () => {
    await page.goto(`${server.url}/#/200/gestao`);
    const alarms = page.getByRole('tab', { name: 'Alarmes' });
    await expect.poll(() => alarms.getAttribute('aria-selected'), { timeout: 20_000 }).toBe('true');
    await page.getByRole('heading', { name: 'Alarmes Gestão', level: 1 }).waitFor();
    await page.getByRole('table').first().waitFor({ timeout: 20_000 });
    await desktopPageShot(page, join(SHOTS, 'cluster-gestao-alarmes-desktop.png'));
    energyCalls.length = 0;
    await page.getByRole('tab', { name: 'Gestão de Dispositivos' }).click();
    expect(page.url()).toContain('aba=dispositivos');
    await expect
      .poll(() => bodyRows('Gestão de Dispositivos').count(), { timeout: 20_000 })
      .toBe(16);
    // The api2 calls of the plant, SCD and venue screens, scoped by the system.
    for (const call of ['nomes', 'estados', 'minichart', 'table']) {
      const url = energyCalls.find((u) => u.includes(`/api2/energia/scds/${call}?`));
      expect(url, call).toBeDefined();
      expect(new URL(url ?? '').searchParams.get('sisid'), call).toBe('200');
    }
    const minichart = energyCalls.find((u) => u.includes('/minichart?')) ?? '';
    expect(new URL(minichart).searchParams.get('limit')).toBe('6');
    const charts = page.getByRole('region', { name: 'Gráficos' }).getByRole('article');
    await expect.poll(() => charts.count(), { timeout: 20_000 }).toBe(6);

    // Sorting changes the table's order: 'Menor energia' puts the lowest totals first, rising.
    const sortSelect = page.getByLabel('Ordenar por');
    await sortSelect.selectOption('maiorenergia');
    const totals = async () => (await cellTexts('Gestão de Dispositivos')).map((r) => r[3] ?? '');
    await expect.poll(totals, { timeout: 20_000 }).toHaveLength(16);
    const highest = await totals();
    const resorted = page.waitForResponse(
      (r) => /\/scds\/table\?.*sortby=menorenergia/.test(r.url()) && r.status() === 200,
      { timeout: 60_000 },
    );
    await sortSelect.selectOption('menorenergia');
    await resorted;
    await expect.poll(totals, { timeout: 20_000 }).not.toEqual(highest);
    const kwh = (text: string) =>
      text === '---' ? null : Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
    const lowest = (await totals()).map(kwh).filter((v) => v !== null);
    expect(lowest.length).toBeGreaterThan(1);
    expect(lowest).toEqual([...lowest].sort((a, b) => a - b));
    await sortSelect.selectOption('maiorenergia');
    await expect.poll(totals, { timeout: 20_000 }).toEqual(highest);

    // The Excel file holds the whole table (every page), numbers as numbers; its first
    // rows are the page on screen.
    const shown = await cellTexts('Gestão de Dispositivos');
    const { header, rows } = await excelAsShown('Gestão de Dispositivos');
    expect(header).toEqual(
      await tableOf('Gestão de Dispositivos').locator('thead th').allTextContents(),
    );
    const counted = await page.getByText(/^1–16 de \d+$/).textContent();
    expect(rows).toHaveLength(Number(counted?.split(' de ')[1]));
    const asShown = rows.slice(0, shown.length).map((row) =>
      row.map((cell, col) => {
        if (typeof cell !== 'number') return String(cell);
        if (col === 6) return `${cell > 0 ? '+' : ''}${formatNumber(cell, 2)} %`;
        return `${formatNumber(cell, 2, { grouping: true })} kWh`;
      }),
    );
    expect(asShown).toEqual(shown);
    expect(rows.some((r) => typeof r[3] === 'number')).toBe(true);

    // A reload keeps the tab.
    await page.reload();
    await expect
      .poll(
        () =>
          page.getByRole('tab', { name: 'Gestão de Dispositivos' }).getAttribute('aria-selected'),
        { timeout: 20_000 },
      )
      .toBe('true');
    await expect
      .poll(() => bodyRows('Gestão de Dispositivos').count(), { timeout: 30_000 })
      .toBe(16);

    // A bad period: the message, no table, none of the api2 period calls.
    energyCalls.length = 0;
    await page.getByLabel('Data Inicial').fill(isoDate(addDays(today(new Date()), -3)));
    await page.getByLabel('Data Final').fill(isoDate(addDays(today(new Date()), -10)));
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.endBeforeStart }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(energyCalls.filter((u) => /\/scds\/(estados|minichart|table)\?/.test(u))).toEqual([]);
  }, 180_000);

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
