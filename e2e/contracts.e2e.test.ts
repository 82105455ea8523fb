import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { contractStatusBounds, MESSAGES } from '@vigia/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { tokensFor } from './support/api.js';
import {
  desktopContext,
  desktopPageShot,
  launchChromium,
  storeSession,
} from './support/browser.js';
import { startVigiaServer, type VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const SHOTS = screenshotDir();

/**
 * The demo contracts (apps/server/src/seed/demoContracts.ts): system 200 has
 * CT-2025/021 (a vencer), CT-2025/014 (vigente) and CT-2024/007 (vencido); the
 * arena's venue 1 (system 220) AG-0087 and AG-0102 (futuro); cliente's system
 * 230 PD-001.
 */
const SYSTEM = 200;
const SEEDED = 3;
const NUMBER = 'E2E-2026/001';

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DD' `days` from today in São Paulo, as a date field takes it. */
const day = (days: number) => contractStatusBounds(new Date(Date.now() + days * DAY_MS)).today;

describe.runIf(hasChromium)('contratos in Chromium against the real server', () => {
  let server: VigiaServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startVigiaServer(), launchChromium()]);
    context = await desktopContext(browser);
    page = await context.newPage();
    await storeSession(page, server.url, await tokensFor(server.url, 'admin'));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const rows = (p: Page = page) => p.getByRole('table', { name: 'Contratos' }).locator('tbody tr');
  const row = (numero: string) => rows().filter({ hasText: numero });
  const search = () => page.getByRole('search', { name: 'Buscar contratos' });
  const form = (name: string | RegExp) => page.getByRole('form', { name });
  const dialog = () => page.getByRole('dialog', { name: MESSAGES.confirmHeader });
  const axeViolations = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`,
    );
  /** Waits for a toast, then closes it, so the next one is a new toast. */
  const toast = async (text: string) => {
    const notification = page.locator('.mantine-Notification-root').filter({ hasText: text });
    await notification.waitFor();
    await notification
      .getByRole('button', { name: 'Fechar aviso' })
      .click({ timeout: 2000 })
      .catch(() => {});
    await notification.waitFor({ state: 'hidden' });
  };

  it('lists the system’s contracts with their status, and filters them', async () => {
    await page.goto(`${server.url}/#/${SYSTEM}/contratos`);
    await page.getByRole('heading', { level: 1, name: 'Contratos' }).waitFor();
    await expect.poll(() => rows().count()).toBe(SEEDED);
    expect(await rows().locator('td:nth-child(7)').allTextContents()).toEqual([
      'A vencer',
      'Vigente',
      'Vencido',
    ]);
    await page.getByText(`${SEEDED} contratos`).waitFor();
    expect(await axeViolations()).toEqual([]);
    await desktopPageShot(page, join(SHOTS, 'contratos-lista.png'));

    await search().getByLabel('Situação').selectOption({ label: 'Vencido' });
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('CT-2024/007');
    await search().getByLabel('Situação').selectOption({ label: 'Todas' });
    await search().getByLabel('Buscar').fill('DIESEL');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('CT-2025/021');
    await search().getByLabel('Buscar').fill('nada assim');
    await page.getByText('Nenhum contrato encontrado.').waitFor();
    await search().getByRole('button', { name: 'Limpar filtros' }).click();
    await expect.poll(() => rows().count()).toBe(SEEDED);
  });

  it('adds a contract: the form’s messages, then it is listed with its status', async () => {
    await page.getByRole('link', { name: 'Adiciona Contrato' }).click();
    await page.getByRole('heading', { level: 1, name: 'Adiciona Contrato' }).waitFor();
    const add = form('Novo contrato');
    await add.getByRole('button', { name: 'Cadastrar' }).click();
    await add.getByRole('alert').getByText(MESSAGES.contractNumberRequired).waitFor();

    await add.getByLabel('Número').fill(NUMBER);
    await add.getByLabel('Cliente').fill('Vale do Sol Energia S.A.');
    await add.getByLabel('Data Inicial').fill(day(10));
    await add.getByLabel('Data Final').fill(day(-5));
    await add.getByRole('button', { name: 'Cadastrar' }).click();
    await add.getByRole('alert').getByText('Data Final menor que Data Inicial.').waitFor();
    await add.getByLabel('Data Inicial').fill(day(-5));
    await add.getByLabel('Data Final').fill(day(300));
    await add.getByRole('button', { name: 'Cadastrar' }).click();
    await add.getByRole('alert').getByText(MESSAGES.contractDevicesRequired).waitFor();

    // Keyboard: the filter, then Tab to a device and Space to mark it.
    await add.getByLabel('Filtrar dispositivos').fill('GMG');
    const devices = add.getByRole('checkbox');
    await expect.poll(() => devices.count()).toBeGreaterThan(1);
    await devices.first().focus();
    await page.keyboard.press('Space');
    await devices.nth(1).check();
    await add.getByText('2 selecionados').waitFor();
    await add.getByLabel('Observações').fill('Contrato criado pelo teste de ponta a ponta.');
    expect(await axeViolations()).toEqual([]);
    await desktopPageShot(page, join(SHOTS, 'contratos-novo.png'));

    await add.getByRole('button', { name: 'Cadastrar' }).click();
    await toast(MESSAGES.contractSaved);
    await page.getByRole('heading', { level: 1, name: 'Contratos' }).waitFor();
    await expect.poll(() => rows().count()).toBe(SEEDED + 1);
    expect(await row(NUMBER).locator('td').allTextContents()).toEqual([
      `${NUMBER}Contrato criado pelo teste de ponta a ponta.`,
      'Vale do Sol Energia S.A.',
      'Cluster',
      expect.stringMatching(/GMG/),
      day(-5).split('-').reverse().join('/'),
      day(300).split('-').reverse().join('/'),
      'Vigente',
      'EditarRemover',
    ]);
  });

  it('a number already used in the system: the server’s reason, nothing added', async () => {
    await page.getByRole('link', { name: 'Adiciona Contrato' }).click();
    const add = form('Novo contrato');
    await add.getByLabel('Número').fill('CT-2025/014');
    await add.getByLabel('Cliente').fill('Outro cliente');
    await add.getByLabel('Data Inicial').fill(day(0));
    await add.getByLabel('Data Final').fill(day(30));
    await add.getByRole('checkbox').first().check();
    await add.getByRole('button', { name: 'Cadastrar' }).click();
    const reason = 'Já existe um contrato com o número CT-2025/014 neste sistema.';
    await add.getByRole('alert').getByText(reason).waitFor();
    await toast(`${MESSAGES.contractSaveFailed} ${reason}`);
    await add.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contratos' }).waitFor();
    await expect.poll(() => rows().count()).toBe(SEEDED + 1);
  });

  it('edits the contract: a bad period is refused, a near end makes it “A vencer”', async () => {
    await page.getByRole('button', { name: `Editar contrato ${NUMBER}` }).click();
    const edit = form(`Editar contrato ${NUMBER}`);
    await edit.waitFor();
    expect(await edit.getByRole('checkbox', { checked: true }).count()).toBe(2);
    await edit.getByLabel('Data Final').fill(day(-10));
    await edit.getByRole('button', { name: 'Salvar alteração' }).click();
    await edit.getByRole('alert').getByText(MESSAGES.endBeforeStart).waitFor();
    await edit.getByLabel('Data Final').fill(day(12));
    await edit.getByRole('button', { name: 'Salvar alteração' }).click();
    await toast(MESSAGES.contractSaved);
    await expect.poll(() => form(`Editar contrato ${NUMBER}`).count()).toBe(0);
    await expect.poll(() => row(NUMBER).locator('td').nth(6).textContent()).toBe('A vencer');
  });

  it('removes the contract after the confirmation', async () => {
    await page.getByRole('button', { name: `Remover contrato ${NUMBER}` }).click();
    await dialog().getByText(`Deseja remover o contrato ${NUMBER}`).waitFor();
    await dialog().getByRole('button', { name: MESSAGES.no }).click();
    expect(await rows().count()).toBe(SEEDED + 1);
    await page.getByRole('button', { name: `Remover contrato ${NUMBER}` }).click();
    await dialog().getByRole('button', { name: MESSAGES.yes }).click();
    await toast(MESSAGES.contractRemoved);
    await expect.poll(() => rows().count()).toBe(SEEDED);
    expect(await row(NUMBER).count()).toBe(0);
  });

  it('a venue’s screen lists the venue’s contracts', async () => {
    await page.goto(`${server.url}/#/220/venue/1/contratos`);
    await page.getByRole('heading', { level: 1, name: 'Contratos' }).waitFor();
    await expect.poll(() => rows().count()).toBe(2);
    expect(await row('AG-0102').locator('td').nth(6).textContent()).toBe('Futuro');
    expect(await row('AG-0087').locator('td').nth(2).textContent()).toBe('Arena Guanabara');
  });

  it('cliente reads its own system’s contracts only, and cannot change them', async () => {
    const other = await desktopContext(browser);
    const cliente = await other.newPage();
    await storeSession(cliente, server.url, await tokensFor(server.url, 'cliente'));
    await cliente.goto(`${server.url}/#/230/contratos`);
    await cliente.getByRole('heading', { level: 1, name: 'Contratos' }).waitFor();
    await expect.poll(() => rows(cliente).count()).toBe(1);
    expect(await rows(cliente).first().textContent()).toContain('PD-001');
    expect(await cliente.getByRole('link', { name: 'Adiciona Contrato' }).count()).toBe(0);
    expect(await cliente.getByRole('button', { name: /^(Editar|Remover) contrato/ }).count()).toBe(
      0,
    );
    await desktopPageShot(cliente, join(SHOTS, 'contratos-cliente.png'));

    await cliente.goto(`${server.url}/#/${SYSTEM}/contratos`);
    // The list call answers 404: the error state, no row of the other system.
    await cliente.getByText('Não foi possível carregar os contratos.').waitFor();
    expect(await cliente.getByText('CT-2025/014').count()).toBe(0);
    expect(await rows(cliente).count()).toBe(0);
    await desktopPageShot(cliente, join(SHOTS, 'contratos-cliente-outro-sistema.png'));
    await other.close();
  });
});
