import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { MESSAGES } from '@vigia/domain';
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

/** The demo escalas are in system 179 (apps/server/src/seed/demoFleet.ts): 16 of them. */
const SYSTEM = 179;
const SEEDED = 16;
const ADMIN = 'Administrador Vigia (admin)';

describe.runIf(hasChromium)('escalas in Chromium against the real server', () => {
  let server: VigiaServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startVigiaServer(), launchChromium()]);
    context = await desktopContext(browser);
    page = await context.newPage();
    await storeSession(page, server.url, await tokensFor(server.url, 'admin'));
    adminToken = (await tokensFor(server.url, 'admin')).access_token;
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const createForm = () => page.getByRole('form', { name: 'Nova escala' });
  const editForm = () => page.getByRole('form', { name: /^Editar escala de / });
  const search = () => page.getByRole('search', { name: 'Buscar escalas' });
  const rows = () => page.getByRole('table', { name: 'Escalas' }).locator('tbody tr');
  const dialog = () => page.getByRole('dialog', { name: MESSAGES.confirmHeader });
  const axeViolations = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`,
    );
  /** Waits for a toast, then closes it, so the next one is a new toast. */
  const toast = async (text: string) => {
    const notification = page.locator('.mantine-Notification-root').filter({ hasText: text });
    await notification.waitFor();
    // It may close by itself (4 s) before the click lands.
    await notification
      .getByRole('button', { name: 'Fechar aviso' })
      .click({ timeout: 2000 })
      .catch(() => {});
    await notification.waitFor({ state: 'hidden' });
  };
  const removeByApi = (id: number) =>
    fetch(`${server.url}/api/escalas/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${adminToken}` },
    });

  it('lists the system’s escalas, 50 a page, with the total', async () => {
    await page.goto(`${server.url}/#/${SYSTEM}/escalas`);
    await page.getByRole('heading', { level: 1, name: 'Escalas' }).waitFor();
    await expect.poll(() => rows().count()).toBe(SEEDED);
    await page.getByText(`${SEEDED} escalas`).waitFor();
    expect(await axeViolations()).toEqual([]);
  });

  it('creates escalas with the spec’s validation: fields required, exit after entry', async () => {
    await page.getByRole('button', { name: 'Nova escala' }).click();
    const form = createForm();
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await form.getByRole('alert').getByText(MESSAGES.scheduleFieldsRequired).waitFor();

    await form.getByLabel('Usuário').selectOption({ label: ADMIN });
    await form.getByLabel('Entrada').fill('18:00');
    await form.getByLabel('Saída').fill('09:00');
    // Saturday alone does not count (spec 001 §5: only Monday to Friday are checked).
    await form.getByRole('checkbox', { name: 'Sábado' }).check();
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await form.getByRole('alert').getByText(MESSAGES.scheduleFieldsRequired).waitFor();
    await form.getByRole('checkbox', { name: 'Sábado' }).uncheck();
    await form.getByRole('checkbox', { name: 'Segunda-feira' }).check();
    await form.getByRole('checkbox', { name: 'Quarta-feira' }).check();
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await form.getByRole('alert').getByText(MESSAGES.scheduleTimesIncompatible).waitFor();
    expect(await rows().count()).toBe(SEEDED);
    expect(await axeViolations()).toEqual([]);
    await desktopPageShot(page, join(SHOTS, 'escalas-nova.png'));

    await form.getByLabel('Saída').fill('23:00');
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await toast(MESSAGES.scheduleSaved);
    await expect.poll(() => rows().count()).toBe(SEEDED + 2);
    expect(await form.getByLabel('Entrada').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Fechar formulário' }).click();
    await expect.poll(() => createForm().count()).toBe(0);
  });

  it('searches by user, weekday, entry, exit and interval', async () => {
    const bar = search();
    await bar.getByLabel('Usuário').selectOption({ label: ADMIN });
    await expect.poll(() => rows().count()).toBe(2);
    await bar.getByLabel('Dia da semana').selectOption({ label: 'Quarta-feira' });
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('Quarta-feira');
    await bar.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect.poll(() => rows().count()).toBe(SEEDED + 2);

    await bar.getByLabel('Entrada').fill('07:00');
    await expect.poll(() => rows().count()).toBe(5);
    expect(await rows().allTextContents()).toEqual(
      Array(5).fill(expect.stringContaining('Marina Costa')),
    );
    await bar.getByLabel('Entrada').fill('');
    await bar.getByLabel('Saída').fill('12:00');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('Sábado');
    await bar.getByLabel('Saída').fill('');

    // On duty at some time between 22:30 and 23:30: only the new 18:00–23:00 escalas.
    await bar.getByLabel('Em serviço de').fill('22:30');
    await bar.getByLabel('até').fill('23:30');
    await expect.poll(() => rows().count()).toBe(2);
    expect(await rows().allTextContents()).toEqual(
      Array(2).fill(expect.stringContaining('Administrador Vigia')),
    );
    await desktopPageShot(page, join(SHOTS, 'escalas-busca.png'));
    await bar.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect.poll(() => rows().count()).toBe(SEEDED + 2);
  });

  it('edits an escala: the form opens for it, the same validation, the saved values', async () => {
    await search().getByLabel('Usuário').selectOption({ label: ADMIN });
    await expect.poll(() => rows().count()).toBe(2);
    await page
      .getByRole('button', { name: 'Editar escala de Administrador Vigia, Segunda-feira' })
      .click();
    const form = editForm();
    await form.waitFor();
    await form.getByLabel('Saída').fill('');
    await form.getByRole('button', { name: 'Salvar alteração' }).click();
    await form.getByRole('alert').getByText(MESSAGES.scheduleFieldsRequired).waitFor();
    await form.getByLabel('Entrada').fill('20:00');
    await form.getByLabel('Saída').fill('19:00');
    await form.getByRole('button', { name: 'Salvar alteração' }).click();
    await form.getByRole('alert').getByText(MESSAGES.scheduleTimesIncompatible).waitFor();
    expect(await axeViolations()).toEqual([]);

    await form.getByLabel('Dia da semana').selectOption({ label: 'Sexta-feira' });
    await form.getByLabel('Saída').fill('23:30');
    await form.getByRole('button', { name: 'Salvar alteração' }).click();
    await toast(MESSAGES.scheduleSaved);
    await expect.poll(() => editForm().count()).toBe(0);
    const friday = rows().filter({ hasText: 'Sexta-feira' });
    await expect.poll(() => friday.count()).toBe(1);
    expect(await friday.textContent()).toMatch(/Sexta-feira.*20:00.*23:30/);
  });

  it('removes an escala after the confirmation', async () => {
    await page
      .getByRole('button', { name: 'Remover escala de Administrador Vigia, Sexta-feira' })
      .click();
    await dialog().getByText('Deseja remover a escala de Administrador Vigia').waitFor();
    await dialog().getByRole('button', { name: MESSAGES.no }).click();
    expect(await rows().count()).toBe(2);
    await page
      .getByRole('button', { name: 'Remover escala de Administrador Vigia, Sexta-feira' })
      .click();
    await dialog().getByRole('button', { name: MESSAGES.yes }).click();
    await toast(MESSAGES.scheduleRemoved);
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('Quarta-feira');
  });

  it('an escala removed meanwhile by another administrator: the spec’s failure messages', async () => {
    const id = Number(await rows().first().getAttribute('data-escala'));
    await page
      .getByRole('button', { name: 'Editar escala de Administrador Vigia, Quarta-feira' })
      .click();
    await editForm().waitFor();
    expect((await removeByApi(id)).status).toBe(200);
    await editForm().getByRole('button', { name: 'Salvar alteração' }).click();
    await toast(MESSAGES.scheduleSaveFailed);
    // The list reloads without it.
    await expect.poll(() => rows().count()).toBe(0);

    await search().getByRole('button', { name: 'Limpar filtros' }).click();
    await expect.poll(() => rows().count()).toBe(SEEDED);
    const marina = rows().filter({ hasText: 'Marina Costa' }).first();
    const marinaId = Number(await marina.getAttribute('data-escala'));
    const day = (await marina.locator('td').nth(2).textContent()) ?? '';
    expect((await removeByApi(marinaId)).status).toBe(200);
    await page
      .getByRole('button', { name: `Remover escala de Marina Costa, ${day}` })
      .first()
      .click();
    await dialog().getByRole('button', { name: MESSAGES.yes }).click();
    await toast(MESSAGES.scheduleRemoveFailed);
    await expect.poll(() => rows().count()).toBe(SEEDED - 1);
  });

  it('a user who is not an administrator reads the escalas and cannot change them', async () => {
    const other = await desktopContext(browser);
    const demo = await other.newPage();
    await storeSession(demo, server.url, await tokensFor(server.url, 'demo'));
    await demo.goto(`${server.url}/#/${SYSTEM}/escalas`);
    await demo.getByRole('heading', { level: 1, name: 'Escalas' }).waitFor();
    await expect
      .poll(() => demo.getByRole('table', { name: 'Escalas' }).locator('tbody tr').count())
      .toBe(SEEDED - 1);
    expect(await demo.getByRole('button', { name: 'Nova escala' }).count()).toBe(0);
    expect(await demo.getByRole('button', { name: /^(Editar|Remover) escala/ }).count()).toBe(0);
    await other.close();
  });
});
