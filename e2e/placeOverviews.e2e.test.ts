import { join } from 'node:path';
import type { OverviewConfig } from '@vigia/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { DESKTOP, desktopPageShot } from './support/browser.js';
import { type ConsoleSession, openConsoleSession } from './support/consoleSession.js';
import type { VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const SHOTS = screenshotDir('places');

/** Demo fleet ids (apps/server/src/seed/fleet.ts). */
const PLANT_PETROLINA = 1;
const SCD_CUIABA = 3;
const SYSTEM_USINAS = 200;
const SYSTEM_ARENA = 220;
const VENUE_ARENA = 1;
const ENERGY_CENTER_ARENA = 1;

describe.runIf(hasChromium)(
  'plant and SCD overviews, venues list and energy center in Chromium against the real server',
  () => {
    let session: ConsoleSession;
    let server: VigiaServer;
    let page: Page;

    const api = <T>(path: string, token?: string) => session.api<T>(path, token);

    /** Loads the console afresh at a route (a hash change alone may keep the previous screen). */
    async function open(hash: string) {
      await page.goto('about:blank');
      await page.goto(`${server.url}/#/${hash}`);
    }

    const hash = () => page.evaluate(() => location.hash);
    const crumbs = () =>
      page
        .getByRole('navigation', { name: 'Trilha de navegação' })
        .locator('a, p')
        .allTextContents();

    async function shoot(name: string) {
      await page.mouse.move(DESKTOP.width - 10, DESKTOP.height - 10);
      await desktopPageShot(page, join(SHOTS, `${name}.png`));
    }

    beforeAll(async () => {
      session = await openConsoleSession();
      ({ server, page } = session);
    });

    afterAll(() => session?.close());

    it('a plant with no child screen lands on its first overview: name, tabs, panel, occurrences', async () => {
      const overviews = await api<OverviewConfig[]>(
        `/api/ConfigurationOverview/${PLANT_PETROLINA}/overview?tipoLocal=usina`,
      );
      const first = overviews[0];
      expect(first?.render_html).toBe('usina');

      await open(`${SYSTEM_USINAS}/usina/${PLANT_PETROLINA}`);
      await expect
        .poll(hash)
        .toBe(`#/${SYSTEM_USINAS}/usina/${PLANT_PETROLINA}/visao-geral/${first?.idOverview}`);
      const panel = page.getByTestId('overview-panel');
      await panel.waitFor({ timeout: 20_000 });
      expect(await panel.getAttribute('data-panel')).toBe('usina');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
        .toBe('UTE Petrolina');
      await expect.poll(crumbs).toEqual(['Home Sistemas', 'Home', 'Usina', 'UTE Petrolina']);
      expect(await page.title()).toContain('UTE Petrolina');
      const tabs = page.getByRole('navigation', { name: 'Visões gerais' });
      expect(await tabs.getByRole('link').allTextContents()).toEqual(overviews.map((o) => o.nome));
      // The plant's generators, read from all its devices.
      await page.getByText('Geradores da usina').waitFor();
      await page
        .locator('[data-testid="site-occurrences"] table tr[data-row-id]')
        .first()
        .waitFor({ timeout: 15_000 });
      await shoot('usina-visao-geral');

      // The second overview is a tab away.
      const second = overviews[1];
      if (second) {
        await tabs.getByRole('link', { name: second.nome }).click();
        await expect
          .poll(hash)
          .toBe(`#/${SYSTEM_USINAS}/usina/${PLANT_PETROLINA}/visao-geral/${second.idOverview}`);
        await expect
          .poll(() => page.getByTestId('overview-panel').getAttribute('data-panel'))
          .toBe(second.render_html);
        await shoot('usina-visao-geral-unifilar');
      }
    });

    it('an overview id that is not the plant’s shows the error panel, never a blank page', async () => {
      await open(`${SYSTEM_USINAS}/usina/${PLANT_PETROLINA}/visao-geral/999999`);
      const error = page.getByTestId('panel-error');
      await error.waitFor({ timeout: 15_000 });
      expect(await error.textContent()).toContain('Visão geral não encontrada');
      await shoot('usina-visao-geral-erro');
    });

    it('an SCD with no child screen lands on its first overview', async () => {
      const [first] = await api<OverviewConfig[]>(
        `/api/ConfigurationOverview/${SCD_CUIABA}/overview?tipoLocal=scd`,
      );
      await open(`${SYSTEM_USINAS}/scd/${SCD_CUIABA}`);
      await expect
        .poll(hash)
        .toBe(`#/${SYSTEM_USINAS}/scd/${SCD_CUIABA}/visao-geral/${first?.idOverview}`);
      const panel = page.getByTestId('overview-panel');
      await panel.waitFor({ timeout: 20_000 });
      expect(await panel.getAttribute('data-panel')).toBe('scd');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
        .toBe('SCD Cuiabá');
      await expect.poll(crumbs).toEqual(['Home Sistemas', 'Home', 'SCD', 'SCD Cuiabá']);
      await page.getByTestId('site-occurrences').waitFor();
      await shoot('scd-visao-geral');
    });

    it("the venues list ('Lista Venues') opens the venue on a click", async () => {
      await open(`${SYSTEM_ARENA}/venues`);
      const rows = page.locator('table[id="sites-4"] tr[data-row-id]');
      await rows.first().waitFor({ timeout: 15_000 });
      expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe(
        'Lista Venues',
      );
      expect(await page.getByRole('link', { name: 'Lista Venues' }).count()).toBeGreaterThan(0);
      const arena = rows.filter({ hasText: 'Arena Guanabara' }).first();
      await arena.waitFor();
      await shoot('lista-venues');
      await arena.click();
      await expect.poll(hash).toBe(`#/${SYSTEM_ARENA}/venue/${VENUE_ARENA}`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
        .toBe('Arena Guanabara');
    });

    it('the energy-center page is titled with the energy center’s name', async () => {
      await open(`${SYSTEM_ARENA}/sites/dispositivos/${ENERGY_CENTER_ARENA}`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
        .toBe('Energy Center Arena Guanabara');
      await expect.poll(crumbs).toEqual(['Home Sistemas', 'Home', 'Energy Center Arena Guanabara']);
      await page.getByText('Dispositivos - Energy Center · Arena Guanabara').waitFor();
      await page
        .locator('table[id="energy-center"] tr[data-row-id], [data-card-state]')
        .first()
        .waitFor({ timeout: 15_000 });
      await shoot('energy-center');
    });
  },
);
