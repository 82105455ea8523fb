import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type {
  DeviceRow,
  DeviceRowPage,
  DownloadUrl,
  ReportFileList,
  TableColumn,
  TableConfig,
} from '@vigia/contract';
import { formatDateTime, formatNumber, isDateColumn } from '@vigia/domain';
import type { Page } from 'playwright-core';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { desktopPageShot } from './support/browser.js';
import { type ConsoleSession, openConsoleSession } from './support/consoleSession.js';
import type { VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const SHOTS = screenshotDir();

describe.runIf(hasChromium)('reports in Chromium against the real server', () => {
  let session: ConsoleSession;
  let server: VigiaServer;
  let page: Page;
  let generator: DeviceRow;
  let tables: TableConfig[];
  let plantMeter: DeviceRow;
  let scdMeter: DeviceRow;
  const plantHash = (child: string) => `#/${plantMeter.sisId}/usina/${plantMeter.usinaId}/${child}`;
  const scdHash = (child: string) => `#/${scdMeter.sisId}/scd/${scdMeter.scdId}/scd/${child}`;

  const api = <T>(path: string, token?: string) => session.api<T>(path, token);
  const siteHash = (d: DeviceRow, child: string) =>
    `#/${d.sisId}/site/${d.scdId ?? 0}/${d.usinaId ?? 0}/${d.id}/${child}`;
  const table = () => page.getByRole('table').first();
  const bodyRows = () => table().locator('tbody tr');

  async function open(child: string) {
    await openHash(siteHash(generator, child));
  }
  async function openHash(hash: string) {
    await page.goto('about:blank');
    await page.goto(`${server.url}/${hash}`);
    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Últimos 7 dias' }).click();
    await expect.poll(() => bodyRows().count(), { timeout: 15_000 }).toBeGreaterThan(0);
  }

  beforeAll(async () => {
    session = await openConsoleSession();
    ({ server, page } = session);
    const devices = (await api<DeviceRowPage>('/api/dispositivos/infosFiltro?limit=500')).itens;
    generator = devices.find((d) => d.tipo === 'gerador') as DeviceRow;
    plantMeter = devices.find((d) => d.tipo === 'usina') as DeviceRow;
    scdMeter = devices.find((d) => d.tipo === 'scd') as DeviceRow;
    tables = await api<TableConfig[]>(`/api/ConfigurationTable/${generator.id}/table`);
  });

  afterAll(() => session?.close());

  it('every report kind of a generator shows rows', async () => {
    // The first load of the console right after the server started (its first rollup pass
    // runs then) can take well over the 30 s of a click on a loaded machine.
    await page.goto(`${server.url}/${siteHash(generator, `relatorio/${tables[0]?.idTabela}`)}`);
    await page.getByRole('combobox', { name: 'Período' }).waitFor({ timeout: 120_000 });
    for (const config of tables) {
      await open(`relatorio/${config.idTabela}`);
      await page.getByRole('heading', { level: 1, name: config.table?.nome }).waitFor();
    }
    await open('horimetro');
    await page.getByRole('heading', { level: 1, name: 'Horímetro' }).waitFor();
    await open('infosOperacionais');
    await page.getByRole('heading', { level: 1, name: 'Informações Operacionais' }).waitFor();
    await page.getByText(/linhas · página 1 de \d+/).waitFor();
  }, 300_000);

  it('a plant’s and an SCD’s reports (their measuring device’s presets) show rows', async () => {
    for (const [meter, hash, shot] of [
      [plantMeter, plantHash, 'relatorio-usina.png'],
      [scdMeter, scdHash, 'relatorio-scd.png'],
    ] as const) {
      const presets = await api<TableConfig[]>(`/api/ConfigurationTable/${meter.id}/table`);
      expect(presets.length).toBeGreaterThan(0);
      for (const config of presets) {
        await openHash(hash(`relatorio/${config.idTabela}`));
        await page.getByRole('heading', { level: 1, name: config.table?.nome }).waitFor();
        await page.getByText(meter.nome, { exact: false }).first().waitFor();
      }
      await desktopPageShot(page, join(SHOTS, shot));
      await expectExportMatchesScreen(meter.nome);
    }
  }, 120_000);

  it('the maintenance report: counters with their differences, the period’s totals, the export', async () => {
    const preset = tables.find((t) => t.table?.tipo === 'manutencao') as TableConfig;
    await open(`relatorio/${preset.idTabela}`);
    await page.getByRole('heading', { level: 1, name: 'Manutenção' }).waitFor();
    const headers = await table().locator('thead th').allTextContents();
    expect(headers).toEqual([
      'Data',
      'Energia Gerada (kWh)',
      'Diferença Energia Gerada (kWh)',
      'Horímetro (h)',
      'Diferença Horímetro (h)',
      'Combustível Total (L)',
      'Diferença Combustível Total (L)',
    ]);
    const totals = page.getByRole('table', { name: 'Totais do período' });
    await totals.getByRole('rowheader', { name: 'Horímetro (h)' }).waitFor();
    expect(await totals.locator('tbody tr').count()).toBe(3);
    // Seven days of a running generator: its hour meter advanced (a number with a comma).
    await expect
      .poll(() => totals.locator('tbody tr').nth(1).locator('td').first().textContent())
      .toMatch(/^\d+,\d$/);
    await desktopPageShot(page, join(SHOTS, 'relatorio-manutencao.png'));
    await expectExportMatchesScreen(generator.nome);
  });

  /** Exports the table on screen and reads the .xlsx back: the same rows, values and formats. */
  async function expectExportMatchesScreen(siteName: string) {
    const screen = await table()
      .locator('tr')
      .evaluateAll((rows) =>
        rows.map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent ?? '')),
      );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar Excel' }).click();
    const file = join(mkdtempSync(join(tmpdir(), 'vigia-xlsx-')), 'relatorio.xlsx');
    const done = await download;
    expect(done.suggestedFilename()).toMatch(
      new RegExp(
        `^${siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d{2}-\\d{2}-\\d{4} a \\d{2}-\\d{2}-\\d{4}\\.xlsx$`,
      ),
    );
    await done.saveAs(file);
    const [sheet] = await readXlsxFile(file);
    const rows = sheet?.data ?? [];
    expect(rows.length).toBe(screen.length);
    expect(rows[0]).toEqual(screen[0]);
    rows.slice(1).forEach((row, r) => {
      row.forEach((cell, c) => {
        const shown = screen[r + 1]?.[c];
        if (c === 0) {
          const date = cell as unknown as Date;
          expect(formatDateTime(Math.round(date.getTime() / 1000) + 3 * 3600)).toBe(shown);
        } else if (typeof cell === 'number') {
          // The shown text's decimals are the column's: the number read back shows the same.
          const decimals = shown?.split(',')[1]?.length ?? 0;
          expect(formatNumber(cell, decimals)).toBe(shown);
        } else expect(cell).toBe(shown);
      });
    });
  }

  it('the exported .xlsx holds the rows and values of the screen', async () => {
    const gmg = tables.find((t) => t.table?.nome === 'Relatório GMG') as TableConfig;
    await open(`relatorio/${gmg.idTabela}`);
    await desktopPageShot(page, join(SHOTS, 'relatorio-gmg.png'));
    const screen = await table()
      .locator('tr')
      .evaluateAll((rows) =>
        rows.map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent ?? '')),
      );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar Excel' }).click();
    const file = join(mkdtempSync(join(tmpdir(), 'vigia-xlsx-')), 'relatorio.xlsx');
    const done = await download;
    expect(done.suggestedFilename()).toMatch(
      new RegExp(
        `^${generator.nome.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d{2}-\\d{2}-\\d{4} a \\d{2}-\\d{2}-\\d{4}\\.xlsx$`,
      ),
    );
    await done.saveAs(file);
    const [sheet] = await readXlsxFile(file);
    const rows = sheet?.data ?? [];
    expect(rows.length).toBe(screen.length);
    expect(rows[0]).toEqual(screen[0]);
    const columns = await api<TableColumn[]>(
      `/api/ConfigurationTable/${gmg.idTabela}/table/column`,
    );
    const decimals = [
      0,
      ...columns
        .filter((c) => !isDateColumn(c.tipo) && c.keyColuna !== 'ts')
        .map((c) => c.casaDecimal),
    ];
    rows.slice(1).forEach((row, r) => {
      row.forEach((cell, c) => {
        const shown = screen[r + 1]?.[c];
        if (c === 0) {
          // A São Paulo wall-clock date: its UTC fields are what the screen shows.
          const date = cell as unknown as Date;
          // (rounded: a spreadsheet date is a fraction of a day, read back within a millisecond)
          expect(formatDateTime(Math.round(date.getTime() / 1000) + 3 * 3600)).toBe(shown);
        } else if (typeof cell === 'number') {
          expect(formatNumber(cell, decimals[c] ?? 2)).toBe(shown);
        } else expect(cell).toBe(shown);
      });
    });
  });

  it('has no axe violations', async () => {
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });

  it('a generated daily occurrence report is listed and downloads', async () => {
    let list: ReportFileList = { arquivos: [] };
    await expect
      .poll(
        async () => {
          list = await api<ReportFileList>(`/api/relatorios/arquivos?sisId=${generator.sisId}`);
          return list.arquivos.length;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    const [newest] = list.arquivos;
    const { downloadUrl } = await api<DownloadUrl>(
      `/api/relatorios/downloadUrl?bucket=${newest?.bucket}&key=${encodeURIComponent(newest?.key ?? '')}`,
    );
    const response = await fetch(`${server.url}${downloadUrl}`);
    expect(response.status).toBe(200);
    const [sheet] = await readXlsxFile(Buffer.from(await response.arrayBuffer()));
    expect(sheet?.data[0]?.[0]).toBe('Ativação');

    // The /relatorios screen lists it, downloads it, and says so for a day without one.
    await page.goto(`${server.url}/#/${generator.sisId}/relatorios`);
    const link = page.getByRole('button', { name: `Baixar ${newest?.nome}` });
    await link.waitFor();
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    await desktopPageShot(page, join(SHOTS, 'relatorios.png'));
    await page.getByLabel('Data').fill('2001-01-01');
    await page.getByText('Nenhum relatório para data filtrada.').waitFor();
  });
});
