import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { GraphicalConfig } from '@vigia/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { tokensFor } from './support/api.js';
import { desktopPageShot, storeSession } from './support/browser.js';
import { type ConsoleSession, openConsoleSession } from './support/consoleSession.js';
import type { VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const SHOTS = screenshotDir('charts');

/** Demo fleet ids (apps/server/src/seed/fleet.ts): plant Petrolina and its SCD, system 200. */
const PLANT = 1;
const SCD = 1;
const SYSTEM_USINAS = 200;
const SYSTEM_CLIENTE = 230;

describe.runIf(hasChromium)('plant, SCD and consumption charts in Chromium', () => {
  let session: ConsoleSession;
  let server: VigiaServer;
  let context: BrowserContext;
  let page: Page;

  const api = <T>(path: string, token?: string) => session.api<T>(path, token);
  const charts = () => page.getByRole('img', { name: /^Gráfico de / });
  const open = async (hash: string) => {
    await page.goto('about:blank');
    await page.goto(`${server.url}/#/${SYSTEM_USINAS}/${hash}`);
  };
  const painted = (index = 0) =>
    page
      .locator('canvas')
      .nth(index)
      .evaluate((c) => {
        const canvas = c as HTMLCanvasElement;
        const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height);
        return data ? data.data.some((v) => v !== 0) : false;
      });

  beforeAll(async () => {
    session = await openConsoleSession();
    ({ server, context, page } = session);
  }, 320_000);

  afterAll(() => session?.close());

  it("draws each of the plant's chart presets; the graph order is kept in the browser", async () => {
    const presets = await api<GraphicalConfig[]>(
      `/api/ConfigurationGraphical/${PLANT}/graphical?tipoLocal=usina`,
    );
    expect(presets.map((p) => p.nome)).toEqual([
      'Potência dos Equipamentos',
      'Energia por Dia',
      'Usina',
    ]);
    for (const preset of presets) {
      await open(`usina/${PLANT}/grafico/${preset.idGraphical}`);
      await expect.poll(() => charts().count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await painted()).toBe(true);
      await page.getByRole('table', { name: 'Resumo do período' }).waitFor();
      await desktopPageShot(page, join(SHOTS, `usina-grafico-${preset.idGraphical}.png`));
    }

    // Equipment power: one graph per device; hiding one is remembered after a reload.
    await open(`usina/${PLANT}/grafico/${presets[0]?.idGraphical}`);
    await expect.poll(() => charts().count(), { timeout: 20_000 }).toBeGreaterThan(1);
    const before = await charts().count();
    await page.getByRole('button', { name: 'Ordenar gráficos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ordenar gráficos' });
    await dialog.getByRole('checkbox').first().uncheck();
    await dialog
      .getByRole('button', { name: /^Descer / })
      .first()
      .click();
    await desktopPageShot(page, join(SHOTS, 'usina-ordenar-graficos.png'));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => charts().count()).toBe(before - 1);
    await page.reload();
    await expect.poll(() => charts().count(), { timeout: 20_000 }).toBe(before - 1);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  }, 180_000);

  it("draws the SCD's chart preset from its measuring device", async () => {
    const presets = await api<GraphicalConfig[]>(
      `/api/ConfigurationGraphical/${SCD}/graphical?tipoLocal=scd`,
    );
    expect(presets.length).toBeGreaterThan(0);
    for (const preset of presets) {
      await open(`scd/${SCD}/scd/grafico/${preset.idGraphical}`);
      await expect.poll(() => charts().count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await painted()).toBe(true);
    }
    await page.getByText(/atualiza a cada minuto/).waitFor();
    await desktopPageShot(page, join(SHOTS, 'scd-grafico.png'));
  }, 120_000);

  it('specific consumption: fuel bars, energy line, the 7-day forecast and the days in a table', async () => {
    await open(`scd/${SCD}/consumo`);
    await expect.poll(() => charts().count(), { timeout: 20_000 }).toBe(3);
    for (const i of [0, 1, 2]) expect(await painted(i)).toBe(true);
    const table = page.getByRole('table', { name: 'Consumo por dia' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThan(5);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Período' }).inputValue())
      .toBe('Últimos 7 dias');
    await desktopPageShot(page, join(SHOTS, 'scd-consumo.png'));
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  }, 120_000);

  it("the chart manager: 'Editar gráficos' hides a chart, 'Editar penas' a line beside the device's mode and commands, kept after a reload", async () => {
    const rows = await api<{
      itens: { id: number; tipo: string; scdId: number | null; usinaId: number | null }[];
    }>('/api/dispositivos/infosFiltro?tipo=gerador&sisid=200&offSet=0&limit=1');
    const generator = rows.itens[0];
    if (!generator) throw new Error('sem gerador');
    await open(
      `site/${generator.scdId ?? 0}/${generator.usinaId ?? 0}/${generator.id}/gerenciador`,
    );
    await expect.poll(() => charts().count(), { timeout: 20_000 }).toBe(3);
    await page.getByRole('button', { name: 'Editar gráficos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar gráficos' });
    await dialog.getByRole('checkbox', { name: 'Pressões e Temperaturas' }).uncheck();
    await desktopPageShot(page, join(SHOTS, 'gerenciador-editar-graficos.png'));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => charts().count()).toBe(2);

    await page.getByRole('button', { name: 'Editar penas' }).click();
    const pens = page.getByRole('dialog', { name: /^Editar penas/ });
    await pens.getByRole('checkbox', { name: /^Potência Aparente/ }).uncheck();
    // Spec 001 §2: beside the pens, the device's mode, its commands and their history.
    const device = pens.getByRole('region', { name: 'Dispositivo' });
    await expect
      .poll(() => device.getByTestId('device-mode').textContent(), { timeout: 20_000 })
      .toMatch(/^(Parado|Manual|Semi|Auto|Teste|-----)$/);
    const commands = device.getByTestId('command-select');
    await expect
      .poll(() => commands.locator('option').count(), { timeout: 20_000 })
      .toBeGreaterThan(1);
    await device
      .getByText(/Histórico de comandos|Nenhum comando encontrado\./)
      .first()
      .waitFor();
    await desktopPageShot(page, join(SHOTS, 'gerenciador-editar-penas.png'));
    await pens.getByRole('button', { name: 'Salvar' }).click();
    await page.reload();
    await expect.poll(() => charts().count(), { timeout: 20_000 }).toBe(2);
    const table = page.getByRole('table', { name: 'Resumo do período' });
    await table.waitFor();
    expect(await table.getByRole('rowheader', { name: 'Potência Aparente' }).count()).toBe(0);
    expect(await table.getByRole('rowheader', { name: 'Potência Ativa' }).count()).toBe(1);
    await desktopPageShot(page, join(SHOTS, 'gerenciador.png'));
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  }, 120_000);

  it("'cliente' gets 404 for another system's plant chart and SCD chart", async () => {
    const cliente = await tokensFor(server.url, 'cliente');
    const [preset] = await api<GraphicalConfig[]>(
      `/api/ConfigurationGraphical/${PLANT}/graphical?tipoLocal=usina`,
    );
    const statuses = await Promise.all(
      [
        `/api/ConfigurationGraphical/${PLANT}/graphical?tipoLocal=usina`,
        `/api/ConfigurationGraphical/${SCD}/graphical?tipoLocal=scd`,
        `/api2/energia/usinas/${PLANT}/grafico?tipo=potencia&inicio=1&fim=86400`,
      ].map(async (path) => {
        const r = await fetch(`${server.url}${path}`, {
          headers: { Authorization: `Bearer ${cliente.access_token}` },
        });
        return r.status;
      }),
    );
    expect(statuses).toEqual([404, 404, 404]);

    const other = await context.browser()?.newContext();
    const clientePage = await other?.newPage();
    if (!other || !clientePage) throw new Error('sem contexto');
    await storeSession(clientePage, server.url, cliente);
    await clientePage.goto(
      `${server.url}/#/${SYSTEM_CLIENTE}/usina/${PLANT}/grafico/${preset?.idGraphical}`,
    );
    await clientePage
      .getByRole('alert')
      .filter({ hasText: /não encontrad/i })
      .first()
      .waitFor({ timeout: 20_000 });
    await clientePage.screenshot({ path: join(SHOTS, 'usina-grafico-cliente-404.png') });
    await other.close();
  }, 60_000);
});
