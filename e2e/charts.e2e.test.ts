import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { DeviceRow, DeviceRowPage, GraphicalConfig } from '@vigia/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { desktopPageShot } from './support/browser.js';
import { type ConsoleSession, openConsoleSession } from './support/consoleSession.js';
import type { VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const SHOTS = screenshotDir();

describe.runIf(hasChromium)('site charts in Chromium against the real server', () => {
  let session: ConsoleSession;
  let server: VigiaServer;
  let page: Page;
  let devices: DeviceRow[];

  const api = <T>(path: string, token?: string) => session.api<T>(path, token);
  const chartHash = (d: DeviceRow, chartId: number) =>
    `#/${d.sisId}/site/${d.scdId ?? 0}/${d.usinaId ?? 0}/${d.id}/grafico/${chartId}`;
  const charts = () => page.getByRole('img', { name: /^Gráfico de / });

  beforeAll(async () => {
    session = await openConsoleSession();
    ({ server, page } = session);
    devices = (await api<DeviceRowPage>('/api/dispositivos/infosFiltro?limit=500')).itens;
  });

  afterAll(() => session?.close());

  it('each device type of the demo fleet draws its chart presets with data', async () => {
    const byType = new Map<string, DeviceRow>();
    for (const d of devices) if (!byType.has(d.tipo)) byType.set(d.tipo, d);
    const drawn: string[] = [];
    const withoutPresets: string[] = [];
    const undrawn: string[] = [];
    for (const [tipo, device] of byType) {
      const presets = await api<GraphicalConfig[]>(
        `/api/ConfigurationGraphical/${device.id}/graphical`,
      );
      const ids = presets.flatMap((p) => (p.idGraphical === null ? [] : [p.idGraphical]));
      if (ids.length === 0) {
        withoutPresets.push(tipo);
        continue;
      }
      for (const id of ids) {
        await page.goto('about:blank');
        await page.goto(`${server.url}/${chartHash(device, id)}`);
        const outcome = charts()
          .or(page.getByText('Sem dados no período.'))
          .or(page.getByRole('alert'));
        await outcome.first().waitFor({ timeout: 15_000 });
        if ((await charts().count()) === 0) {
          undrawn.push(`${tipo}:${id} (${(await outcome.first().textContent()) ?? ''})`);
          continue;
        }
        const painted = await page
          .locator('canvas')
          .first()
          .evaluate((c) => {
            const canvas = c as HTMLCanvasElement;
            const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height);
            return data ? data.data.some((v) => v !== 0) : false;
          });
        if (painted) drawn.push(`${tipo}:${id}`);
        else undrawn.push(`${tipo}:${id} (tela vazia)`);
      }
    }
    console.log(
      `gráficos desenhados: ${drawn.join(', ')}; sem desenho: ${undrawn.join(', ')}; tipos sem preset: ${withoutPresets.join(', ')}`,
    );
    expect(undrawn).toEqual([]);
  }, 240_000);

  it('a generator chart: lines, summary table, screenshot, no axe violations', async () => {
    const generator = devices.find((d) => d.tipo === 'gerador') as DeviceRow;
    const [first] = await api<GraphicalConfig[]>(
      `/api/ConfigurationGraphical/${generator.id}/graphical`,
    );
    await page.goto('about:blank');
    await page.goto(`${server.url}/${chartHash(generator, first?.idGraphical as number)}`);
    await expect.poll(() => charts().count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('table', { name: 'Resumo do período' }).waitFor();
    await page.getByText(/atualiza a cada minuto/).waitFor();
    // Readable without hovering: each line's name and unit in the legend.
    const legend = page.getByRole('list', { name: 'Legenda' });
    expect(await legend.getByRole('listitem').allTextContents()).toEqual([
      'Potência Ativa (kW)',
      'Potência Aparente (kVA)',
      'Carga (%)',
    ]);
    await desktopPageShot(page, join(SHOTS, 'grafico-gerador.png'));
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await legend.waitFor();
    // Nothing wider than a phone: the summary table scrolls inside its own box.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, 'grafico-gerador-390.png'), fullPage: true });
    if (desktop) await page.setViewportSize(desktop);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });

  it('a custom period over 31 days shows the message and sends no request', async () => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/penas/infosLista')) requests++;
    });
    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Período' }).click();
    const before = requests;
    await page.getByLabel('Data Inicial').fill('2026-01-01T00:00');
    await page.getByLabel('Data Final').fill('2026-03-01T00:00');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Por favor, selecione um periodo menor que 31 dias.' })
      .waitFor();
    await page.waitForTimeout(500);
    expect(requests).toBe(before);
    expect(await charts().count()).toBe(0);
  });
});
