import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { addDays, emptyTableMessage, isoDate, MESSAGES, today } from '@vigia/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { tokensFor } from './support/api.js';
import {
  desktopContext,
  desktopPageShot,
  launchChromium,
  mobileContext,
  storeSession,
} from './support/browser.js';
import { startVigiaServer, type VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const SHOTS = screenshotDir();

/** A console built elsewhere (a helper's own dist), else the repository's. */
const WEB_DIST = process.env.VIGIA_E2E_WEB_DIST;

const day = (offset: number) => isoDate(addDays(today(new Date()), offset));

describe.runIf(hasChromium)(
  'fuel assets, refuels, the cluster unifilar and the navigation by feature in Chromium',
  // Generous: the machine running them may be loaded.
  { timeout: 180_000 },
  () => {
    let server: VigiaServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let accessToken: string;

    beforeAll(async () => {
      [server, browser] = await Promise.all([
        startVigiaServer(WEB_DIST ? { VIGIA_WEB_DIST: WEB_DIST } : {}),
        launchChromium(),
      ]);
      context = await desktopContext(browser);
      page = await context.newPage();
      const tokens = await tokensFor(server.url, 'demo');
      accessToken = tokens.access_token;
      await storeSession(page, server.url, tokens);
    });

    afterAll(async () => {
      await context?.close();
      await browser?.close();
      await server?.stop();
    });

    const api = async (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          ...init.headers,
        },
      });
    const axeViolations = async () =>
      (await new AxeBuilder({ page }).analyze()).violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target} ${n.html}`).join(', ')})`,
      );
    const nav = () => page.getByRole('navigation', { name: 'Menu do sistema' });
    /** The entries' names (the folded rail names its links by aria-label). */
    const navNames = () =>
      nav()
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((l) => l.getAttribute('aria-label') ?? l.textContent?.trim() ?? ''),
        );

    it('Patrimonios: each fuel asset with its volume and consumption, searchable, exported to Excel', async () => {
      const assets = (await (await api('/api/combustivel/patrimonios?sisid=121')).json()) as {
        nome: string;
        patrimonio: string;
        tipo: string;
      }[];
      expect(assets.length).toBeGreaterThan(0);
      await page.goto(`${server.url}/#/121/combustivel/patrimonios`);
      await page.getByRole('heading', { level: 1, name: 'Combustível - Patrimonios' }).waitFor();
      const table = page.getByRole('table', { name: 'Patrimônios com combustível' });
      await table.waitFor();
      await page.getByText(`${assets.length} ${assets.length === 1 ? 'item' : 'itens'}`).waitFor();
      expect(await table.getByRole('row').count()).toBe(Math.min(10, assets.length) + 1);
      expect(await axeViolations()).toEqual([]);
      await desktopPageShot(page, join(SHOTS, 'combustivel-patrimonios.png'));

      const tank = assets.find((a) => a.tipo === 'tanque') ?? assets[0];
      await page.getByRole('textbox', { name: 'Pesquisar' }).fill(tank?.nome ?? '');
      await expect.poll(() => table.getByRole('row').count(), { timeout: 30_000 }).toBe(2);
      expect(await table.getByRole('row').nth(1).textContent()).toContain(tank?.patrimonio);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exportar Excel' }).click();
      expect((await download).suggestedFilename()).toBe('combustivel-patrimonios.xlsx');

      await page.getByRole('textbox', { name: 'Pesquisar' }).fill('nada com esse nome');
      await page.getByText(emptyTableMessage('patrimônio')).waitFor();
    });

    it('Abastecimento: the refuels of the period; the spec’s period messages', async () => {
      const refuels = (await (
        await api('/api/combustivel/abastecimentos?sisid=121')
      ).json()) as unknown[];
      await page.goto(`${server.url}/#/121/combustivel/abastecimento`);
      await page.getByRole('heading', { level: 1, name: 'Combustível - Abastecimento' }).waitFor();
      expect(await page.getByLabel('Data Inicial').inputValue()).toBe(day(-29));
      expect(await page.getByLabel('Data Final').inputValue()).toBe(day(0));
      if (refuels.length > 0) {
        await page.getByRole('table', { name: 'Abastecimentos' }).waitFor();
        await page
          .getByText(`${refuels.length} ${refuels.length === 1 ? 'item' : 'itens'}`)
          .waitFor();
      } else {
        await page.getByText(emptyTableMessage('abastecimento')).waitFor();
      }
      expect(await axeViolations()).toEqual([]);
      await desktopPageShot(page, join(SHOTS, 'combustivel-abastecimento.png'));

      await page.getByLabel('Data Final').fill(day(-31));
      await page.getByRole('alert').getByText(MESSAGES.endBeforeStart).waitFor();
      await page.getByLabel('Data Inicial').fill(day(-40));
      await page.getByLabel('Data Final').fill(day(0));
      await page.getByRole('alert').getByText(MESSAGES.periodTooLong).waitFor();
      await page.getByLabel('Data Inicial').fill(day(-2));
      await page
        .getByRole('table', { name: 'Abastecimentos' })
        .or(page.getByText(emptyTableMessage('abastecimento')))
        .first()
        .waitFor();
    });

    it('the venue variants list the venue’s assets only', async () => {
      await page.goto(`${server.url}/#/220/venue/1/combustivel/patrimonios`);
      await page.getByRole('heading', { level: 1, name: 'Combustível - Patrimonios' }).waitFor();
      const table = page.getByRole('table', { name: 'Patrimônios com combustível' });
      await table.getByRole('row').nth(1).waitFor();
      expect(await table.textContent()).toContain('GMG1 Arena Guanabara');
      await page.goto(`${server.url}/#/220/venue/1/combustivel/abastecimento`);
      await page.getByRole('heading', { level: 1, name: 'Combustível - Abastecimento' }).waitFor();
      await page.getByLabel('Data Inicial').waitFor();
      expect(await axeViolations()).toEqual([]);
    });

    it('an entry saved in another console shows here without a reload (fuel add event)', async () => {
      await page.goto(`${server.url}/#/121/entrada/combustivel`);
      const inputs = page.getByRole('textbox', { name: /^Consumo de .+ em litros$/ });
      await expect.poll(() => inputs.count(), { timeout: 60_000 }).toBeGreaterThan(0);
      const label = (await inputs.first().getAttribute('aria-label')) ?? '';
      const site = label.replace(/^Consumo de /, '').replace(/ em litros$/, '');
      const rows = (await (
        await api(`/api/combustivel/consumoDiario?sis_id=121&dataRef=${day(0)}`)
      ).json()) as { siteId: number; nomeSite: string; consumoLitros: number | null }[];
      const row = rows.find((r) => r.nomeSite === site && r.consumoLitros === null);
      expect(row).toBeDefined();
      const saved = await api('/api/combustivel/atualizaConsumoDiario', {
        method: 'POST',
        body: JSON.stringify({
          consumos: [{ siteId: row?.siteId, dataRef: day(0), consumoLitros: 77.25 }],
        }),
      });
      expect(saved.status).toBe(201);
      // Sooner than the 60 s poll after the load: only the live event can have brought it.
      await expect
        .poll(() => page.getByRole('textbox', { name: label }).count(), { timeout: 30_000 })
        .toBe(0);
      await page.locator('tr').filter({ hasText: site }).getByText('77,25').waitFor();
    });

    it('the cluster unifilar draws every generator of a place (three), each with its own communication', async () => {
      await page.goto(`${server.url}/#/200/unifilar`);
      await page.getByRole('heading', { level: 1, name: 'Unifilar' }).waitFor();
      const drawing = page.locator('svg[role="img"]');
      await drawing.waitFor();
      // System 200's plants have three generators and a paralleling panel (TFR).
      const generators = () =>
        drawing
          .locator('[data-source]')
          .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-source')));
      expect(await generators()).toEqual(['GMG1', 'GMG2', 'GMG3']);
      const place = page.getByLabel('Local');
      const options = await place.locator('option').allTextContents();
      expect(options.length).toBeGreaterThan(1);
      expect(options.every((o) => o.endsWith('(3 geradores)'))).toBe(true);
      expect(await axeViolations()).toEqual([]);
      await desktopPageShot(page, join(SHOTS, 'unifilar-cluster.png'));
      // The smallest text of the drawing as drawn at this width: 11 px or more.
      const smallest = await drawing.evaluate((svg) => {
        const scale =
          svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
        return Math.min(
          ...Array.from(svg.querySelectorAll('text')).map(
            (t) => Number.parseFloat(getComputedStyle(t).fontSize) * scale,
          ),
        );
      });
      expect(smallest).toBeGreaterThanOrEqual(11);

      // UTE Uberlândia's GMG3 has been silent for two days: its box is not drawn as current.
      await place.selectOption({ label: 'UTE Uberlândia (3 geradores)' });
      const gmg3 = drawing.locator('[data-source="GMG3"]');
      await expect
        .poll(() => gmg3.locator('[data-quality]').getAttribute('data-quality'), {
          timeout: 30_000,
        })
        .toBe('not-current');
      expect(await gmg3.textContent()).toContain('SEM COMUNICAÇÃO');
      expect(
        await drawing.locator('[data-source="GMG1"] [data-quality]').getAttribute('data-quality'),
      ).toBe('online');
      expect(await gmg3.locator('title').textContent()).toMatch(
        /^SEM COMUNICAÇÃO · última leitura \d\d\/\d\d\/\d{4}/,
      );
      await desktopPageShot(page, join(SHOTS, 'unifilar-cluster-offline.png'));

      // On a phone the drawing would shrink its text to about 5 px: its table takes its place.
      const phone = await mobileContext(browser);
      try {
        const small = await phone.newPage();
        await storeSession(small, server.url, await tokensFor(server.url, 'demo'));
        await small.goto(`${server.url}/#/200/unifilar`);
        const table = small.getByTestId('single-line-table');
        await table.waitFor();
        expect(await small.locator('svg[data-testid="single-line-diagram"]').count()).toBe(0);
        expect(
          await table
            .locator('table[data-source]')
            .evaluateAll((ts) => ts.map((t) => t.getAttribute('data-source'))),
        ).toEqual(['GMG1', 'GMG2', 'GMG3', 'TFR1 · paralelismo']);
        const fontPx = await table.evaluate((el) =>
          Math.min(
            ...Array.from(el.querySelectorAll('th, td, caption')).map((c) =>
              Number.parseFloat(getComputedStyle(c).fontSize),
            ),
          ),
        );
        expect(fontPx).toBeGreaterThanOrEqual(11);
        expect(
          await small.evaluate(() => document.documentElement.scrollWidth),
        ).toBeLessThanOrEqual(390);
        await small.screenshot({ path: join(SHOTS, 'unifilar-cluster-390.png'), fullPage: true });
      } finally {
        await phone.close();
      }

      // System 230 is not demo's: its single-line diagram is refused, never another's drawn.
      await page.goto(`${server.url}/#/230/unifilar`);
      await page.getByText('Não foi possível carregar o unifilar.').waitFor();
      expect(await page.locator('svg[role="img"] [data-source]').count()).toBe(0);
    });

    it('the side navigation offers a screen only where the system has it', async () => {
      /** Opens a system's home and waits until its navigation lists `present` and none of `absent`. */
      const expectNav = async (sisId: number, present: string[], absent: string[]) => {
        await page.goto(`${server.url}/#/${sisId}/home-cluster`);
        await nav().getByRole('link').first().waitFor();
        // The previous system's entries may show for a moment: wait for this system's.
        await expect
          .poll(
            async () => {
              const names = await navNames();
              return (
                present.every((name) => names.includes(name)) &&
                absent.every((name) => !names.includes(name))
              );
            },
            { timeout: 30_000 },
          )
          .toBe(true);
      };
      await expectNav(179, ['Status Ocorrências', 'Entrada de Combustível'], []);
      await expectNav(
        121,
        ['Lista Geradores', 'Combustível - Patrimonios'],
        ['Status Ocorrências', 'Lista Postos'],
      );
      await expectNav(
        210,
        ['Lista Postos'],
        [
          'Status Ocorrências',
          'Entrada de Combustível',
          'Combustível - Abastecimento',
          'Lista UPS',
        ],
      );
    });
  },
);
