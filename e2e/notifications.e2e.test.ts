import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { NOTIFICATION_MESSAGES } from '@vigia/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { tokensFor } from './support/api.js';
import { launchChromium, mobileContext, storeSession } from './support/browser.js';
import { startVigiaServer, type VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const SHOTS = screenshotDir();
// A console built elsewhere (`VIGIA_E2E_WEB_DIST`) while others build apps/web/dist.
const WEB_DIST = process.env.VIGIA_E2E_WEB_DIST;
const eventually = <T>(probe: () => T | Promise<T>) => expect.poll(probe, { timeout: 15_000 });

/**
 * 'Notificações' (issue 29) from the user menu, and a system's escalation in
 * Administração, in Chromium against the real server: saved, refused in the
 * server's pt-BR words, axe 0, at 1440 and 390 px without page overflow.
 */
describe.runIf(hasChromium)('notifications in Chromium against the real server', () => {
  let server: VigiaServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startVigiaServer(WEB_DIST ? { VIGIA_WEB_DIST: WEB_DIST } : {}),
      launchChromium(),
    ]);
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    page = await context.newPage();
    await storeSession(page, server.url, await tokensFor(server.url, 'admin'));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const axeViolations = async (on: Page = page) =>
    (await new AxeBuilder({ page: on }).analyze()).violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`,
    );
  const form = () => page.getByRole('form', { name: 'Preferências de notificação' });
  /** The page at 1440 px, then the same screen opened afresh on a phone (390 px). */
  const shoot = async (name: string, hash: string, prepare: (p: Page) => Promise<void>) => {
    await page.screenshot({ path: join(SHOTS, `${name}-1440.png`), fullPage: true });
    const mobile = await mobileContext(browser);
    try {
      const phone = await mobile.newPage();
      await storeSession(phone, server.url, await tokensFor(server.url, 'admin'));
      await phone.goto(`${server.url}/#/0/${hash}`);
      await prepare(phone);
      await eventually(() =>
        phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
      ).toBe(false);
      expect(await axeViolations(phone)).toEqual([]);
      await phone.screenshot({ path: join(SHOTS, `${name}-390.png`), fullPage: true });
    } finally {
      await mobile.close();
    }
  };

  it('opens from the user menu, saves the preferences and refuses a bad e-mail or a private webhook', async () => {
    await page.goto(`${server.url}/#/0/home-clientes`);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Notificações' }).click();
    await page.getByRole('heading', { level: 1, name: 'Notificações' }).waitFor();
    await page.getByText('Nenhuma notificação enviada ainda.').waitFor();

    await form().getByLabel('E-mail', { exact: true }).check();
    await form().getByLabel('Endereço de e-mail').fill('admin@');
    await form().getByRole('button', { name: 'Salvar' }).click();
    await form()
      .getByRole('alert')
      .filter({ hasText: NOTIFICATION_MESSAGES.invalidEmail })
      .waitFor();

    await form().getByLabel('Endereço de e-mail').fill('plantao@empresa.com.br');
    await form().getByLabel('Webhook (POST JSON assinado)').check();
    await form().getByLabel('URL do webhook').fill('http://127.0.0.1:9/gancho');
    await form().getByRole('button', { name: 'Salvar' }).click();
    await form().getByRole('alert').filter({ hasText: NOTIFICATION_MESSAGES.privateUrl }).waitFor();

    await form().getByLabel('Webhook (POST JSON assinado)').uncheck();
    await form().getByLabel('URL do webhook').fill('');
    await form()
      .getByLabel(/^Horário de silêncio/)
      .check();
    await form().getByLabel('Sistemas', { exact: true }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    // Device types with the keyboard alone, by their names (never the internal 'gerador', 'qta').
    await page.keyboard.press('Tab');
    const types = form().getByRole('combobox', { name: 'Tipos de dispositivo' });
    await expect.poll(() => types.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Geradores' }).waitFor();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered).toContain('QTA');
    expect(offered.filter((o) => /^[a-z]/.test(o))).toEqual([]);
    await page.keyboard.type('Gerador');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await form().getByText('Geradores', { exact: true }).waitFor();
    await form().getByRole('button', { name: 'Salvar' }).click();
    await page.getByText(NOTIFICATION_MESSAGES.saved).waitFor();
    expect(await axeViolations()).toEqual([]);

    const token = (await tokensFor(server.url, 'admin')).access_token;
    const saved = await (
      await fetch(`${server.url}/api/notificacoes/preferencias`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(saved).toMatchObject({
      email: true,
      enderecoEmail: 'plantao@empresa.com.br',
      webhook: false,
      silencio: { inicio: '22:00', fim: '06:00' },
    });
    expect(saved.sistemas).toHaveLength(1);
    expect(saved.tiposDispositivo).toEqual(['gerador']);
    await shoot('notificacoes', 'notificacoes', async (p) => {
      const phoneForm = p.getByRole('form', { name: 'Preferências de notificação' });
      await phoneForm.waitFor();
      await phoneForm.getByText('Geradores', { exact: true }).waitFor();
    });
  }, 120_000);

  it('sets a system’s escalation under Administração', async () => {
    await page.goto(`${server.url}/#/0/administracao`);
    await page.getByRole('heading', { level: 1, name: 'Administração' }).waitFor();
    await page.getByRole('tab', { name: 'Escalonamento' }).click();
    const escalation = page.getByRole('form', { name: 'Escalonamento de alarmes' });
    await escalation.getByLabel('Escalonar alarmes não reconhecidos').check();
    await escalation.getByLabel('Minutos até os usuários de plantão').fill('0');
    await escalation.getByRole('button', { name: 'Salvar' }).click();
    await escalation
      .getByRole('alert')
      .filter({ hasText: NOTIFICATION_MESSAGES.escalationOutOfRange })
      .waitFor();
    await escalation.getByLabel('Minutos até os usuários de plantão').fill('10');
    await escalation.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText(NOTIFICATION_MESSAGES.escalationSaved).waitFor();
    expect(await axeViolations()).toEqual([]);
    await shoot('escalonamento', 'administracao', async (p) => {
      await p.getByRole('tab', { name: 'Escalonamento' }).click();
      await p.getByRole('form', { name: 'Escalonamento de alarmes' }).waitFor();
    });
  });
});
