import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type {
  DeviceRow,
  DeviceRowPage,
  GraphicalConfig,
  OverviewConfig,
  TableConfig,
  TokenResponse,
} from '@vigia/contract';
import {
  formatNumber,
  NEVER_COMMUNICATED,
  OFFLINE_LABEL,
  STALE_LABEL,
  siteTitle,
} from '@vigia/domain';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, mosquittoAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { tokensFor } from './support/api.js';
import {
  DESKTOP,
  desktopContext,
  desktopPageShot,
  launchChromium,
  storeSession,
} from './support/browser.js';
import { startVigiaServer, type VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const hasMqtt = hasChromium && (await needService('Mosquitto', mosquittoAvailable));
const SHOTS = screenshotDir('panels');
/** A console built elsewhere (a local run beside other builds); default apps/web/dist. */
const WEB_DIST = process.env.VIGIA_E2E_WEB_DIST;

/**
 * Every panel type and the demo device it is shown on (names from
 * apps/server/src/seed/fleet.ts). Panels the seed configures are opened as
 * configured; the others (spec panels no demo device uses) are opened on a
 * fitting device with its overview configuration answered as that panel.
 */
const PANEL_CASES: readonly [panel: string, device: string][] = [
  ['gerador', 'GMG1 Hospital Santa Clara Curitiba'],
  ['gerador-energ', 'GMG1 UTE Campo Grande'],
  ['gerador-gl', 'GMG ERB Belo Horizonte Savassi'],
  ['gerador-qta', 'GMG ERB Belo Horizonte Savassi'],
  ['gerador-custom', 'GMG1 UTE Campo Grande'],
  ['motor-260', 'GMG1 UTE Campo Grande'],
  ['motor-757', 'GMG1 UTE Campo Grande'],
  ['servelec', 'GMG1 Arena Guanabara'],
  ['arcos', 'GMG ERB Belo Horizonte Savassi'],
  ['qta', 'QTA ERB Belo Horizonte Savassi'],
  ['tfr', 'TFR UTE Campo Grande'],
  ['unifilar-tfr', 'TFR UTE Campo Grande'],
  ['unifilar-gerador', 'GMG1 Arena Guanabara'],
  ['unifilar-gerador-qta', 'GMG1 Hospital Santa Clara Curitiba'],
  ['unifilar-gerador-tfr', 'GMG1 UTE Campo Grande'],
  ['unifilar', 'GMG1 Hospital Santa Clara Curitiba'],
  ['transformer', 'Transformador TR-01'],
  ['ups', 'UPS Centro Cirúrgico PE'],
  ['medidor', 'Medidor de Exportação UTE Campo Grande'],
  ['infos-medidor', 'Medidor de Exportação UTE Campo Grande'],
  ['io', 'I/O Casa de Bombas'],
  ['adam', 'I/O Casa de Bombas'],
  ['geladeira', 'Câmara de Vacinas PE'],
  ['plc', 'PLC Compressor 1'],
  ['base-de-compressao', 'PLC Compressor 1'],
  ['plc-teste', 'PLC Compressor 2'],
  ['plc-teste2', 'PLC Compressor 2'],
  ['plc-teste-embraer', 'PLC Compressor 2'],
  ['tecnogres', 'PLC Compressor 2'],
  ['posto', 'Posto GNV Boa Viagem'],
  ['carreta-consumo', 'Carreta GNC 01 - Consumo'],
  ['carreta-estocagem', 'Carreta GNC 02 - Estocagem'],
  ['usina', 'UTE Campo Grande'],
  ['scd', 'SCD Campo Grande'],
  ['subestacao', 'SCD Campo Grande'],
  ['sinotico-qgbt', 'QGBT Principal'],
  ['industria', 'QGBT Principal'],
  ['industria-qgbt', 'QGBT Principal'],
  ['industria-gerador', 'GMG2 Arena Guanabara'],
  ['tanque', 'Tanque de Armazenamento SCD Campo Grande'],
  ['batmon', 'Monitor de Baterias Sala de Controle'],
];

describe.runIf(hasChromium)(
  'site page and overview panels in Chromium against the real server',
  () => {
    let server: VigiaServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let tokens: TokenResponse;
    let devices: DeviceRow[];

    async function api<T>(path: string): Promise<T> {
      const response = await fetch(`${server.url}${path}`, {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return (await response.json()) as T;
    }

    const deviceNamed = (nome: string): DeviceRow => {
      const device = devices.find((d) => d.nome === nome);
      if (!device) throw new Error(`dispositivo ausente na demonstração: ${nome}`);
      return device;
    };

    const siteHash = (d: DeviceRow, overviewId?: number | null) =>
      `#/${d.sisId}/site/${d.scdId ?? 0}/${d.usinaId ?? 0}/${d.id}` +
      (overviewId ? `/visao-geral/${overviewId}` : '');

    /**
     * Opens a site page and waits for its own panel (or the error panel): the
     * previous site's panel stays on screen until the next one is ready.
     * `fresh` loads the console anew, so no configuration read earlier is reused.
     */
    async function openSite(hash: string, fresh = false): Promise<void> {
      await page.mouse.move(DESKTOP.width - 40, DESKTOP.height - 40);
      if (fresh) await page.goto('about:blank');
      await page.goto(`${server.url}/${hash}`);
      const siteId = /\/site\/\d+\/\d+\/(\d+)/.exec(hash)?.[1];
      await page
        .locator(
          `[data-testid="overview-panel"][data-target="dispositivo:${siteId}"], ` +
            '[data-testid="panel-error"]',
        )
        .first()
        .waitFor({ timeout: 20_000 });
    }

    const panelValue = (name: string) => page.locator(`[data-reading="${name}"] dd`).first();

    beforeAll(async () => {
      [server, browser] = await Promise.all([
        startVigiaServer(WEB_DIST ? { VIGIA_WEB_DIST: WEB_DIST } : {}, { broker: hasMqtt }),
        launchChromium(),
      ]);
      tokens = await tokensFor(server.url, 'demo');
      devices = (
        await api<DeviceRowPage>('/api/dispositivos/infosFiltro?limit=500&nomes=statusGMG')
      ).itens;
      context = await desktopContext(browser);
      page = await context.newPage();
      await storeSession(page, server.url, tokens);
    });

    afterAll(async () => {
      await context?.close();
      await browser?.close();
      await server?.stop();
    });

    it('the site page of each device type of the demo fleet renders its panel', async () => {
      const tipos = [...new Set(devices.map((d) => d.tipo))].sort();
      expect(tipos.length).toBeGreaterThanOrEqual(15);
      for (const tipo of tipos) {
        const device =
          devices.find((d) => d.tipo === tipo && d.resumoComunicacao === 'online') ??
          devices.find((d) => d.tipo === tipo);
        if (!device) continue;
        const overviews = await api<OverviewConfig[]>(
          `/api/ConfigurationOverview/${device.id}/overview`,
        );
        // No child screen: the first overview (spec 000 §2), or the type's own panel.
        await openSite(siteHash(device));
        const expected = overviews[0]?.render_html ?? tipo;
        const panel = page.getByTestId('overview-panel');
        expect(await panel.getAttribute('data-panel'), `${tipo} (${device.nome})`).toBe(expected);
        if (overviews[0]) {
          await expect
            .poll(() => new URL(page.url()).hash)
            .toBe(siteHash(device, overviews[0].idOverview));
        }
        expect(await page.getByTestId('panel-error').count()).toBe(0);
        expect(await page.getByTestId('site-title').textContent()).toBe(
          siteTitle(device.patrimonio, device.localNome, device.usinaId !== null),
        );
        // Readings on screen: a value that is a number, or a drawing of them.
        const shown = await panel
          .locator('[data-reading] dd, [data-testid="single-line-diagram"]')
          .allTextContents();
        expect(
          shown.some((text) => /\d/.test(text)),
          `${tipo}: nenhum valor no painel`,
        ).toBe(true);
      }
    }, 180_000);

    it.each(PANEL_CASES)(
      "screenshot of the '%s' panel at desktop width",
      async (panel, deviceName) => {
        const device = deviceNamed(deviceName);
        const overviews = await api<OverviewConfig[]>(
          `/api/ConfigurationOverview/${device.id}/overview`,
        );
        const configured = overviews.find((o) => o.render_html === panel);
        await page.unroute('**/api/ConfigurationOverview/**');
        let hash = siteHash(device, configured?.idOverview);
        if (!configured && overviews[0]) {
          const answer = [{ ...overviews[0], render_html: panel }];
          await page.route('**/api/ConfigurationOverview/**', (route) =>
            route.fulfill({ json: answer }),
          );
          hash = siteHash(device, overviews[0].idOverview);
        }
        await openSite(hash, true);
        await page.unroute('**/api/ConfigurationOverview/**');
        const shown = page.getByTestId('overview-panel');
        expect(await shown.getAttribute('data-panel')).toBe(panel);
        expect(await page.getByTestId('panel-error').count()).toBe(0);
        await screenshot(`${panel}.png`);
      },
      60_000,
    );

    /** The whole page at 1366 px wide, with the side navigation folded to its rail. */
    async function screenshot(file: string): Promise<void> {
      await desktopPageShot(page, join(SHOTS, file));
    }

    it('an unknown render_html shows the error panel, not a blank page', async () => {
      const device = deviceNamed('GMG1 UTE Campo Grande');
      const [first] = await api<OverviewConfig[]>(
        `/api/ConfigurationOverview/${device.id}/overview`,
      );
      if (!first) throw new Error('GMG1 sem visão geral');
      await page.route('**/api/ConfigurationOverview/**', (route) =>
        route.fulfill({ json: [{ ...first, render_html: 'painel-de-outra-versao' }] }),
      );
      await openSite(siteHash(device, first.idOverview), true);
      await page.unroute('**/api/ConfigurationOverview/**');
      const error = page.getByTestId('panel-error');
      expect(await error.textContent()).toContain('Painel desconhecido');
      expect(await error.textContent()).toContain('painel-de-outra-versao');
      expect(await page.getByTestId('site-title').textContent()).toBe('GMG1 - UTE Campo Grande');
      await screenshot('erro-painel-desconhecido.png');
    });

    it("a device silent for days shows 'DESATUALIZADO' values and 'SEM COMUNICAÇÃO'; one that never reported 'NUNCA COMUNICOU'", async () => {
      const offline = deviceNamed('GMG ERB Manaus Adrianópolis');
      await openSite(siteHash(offline));
      expect(await page.getByTestId('freshness-label').textContent()).toBe(STALE_LABEL);
      expect(await page.getByTestId('site-communication').textContent()).toBe(OFFLINE_LABEL);

      const never = deviceNamed('Posto GNV João Pessoa');
      await openSite(siteHash(never));
      expect(await page.getByTestId('freshness-label').textContent()).toBe(NEVER_COMMUNICATED);
      expect(await page.getByTestId('site-communication').textContent()).toBe(NEVER_COMMUNICATED);
      expect(await panelValue('pt01').textContent()).toBe('---');
    });

    it.runIf(hasMqtt)(
      'live values change when a reading is published over MQTT',
      async () => {
        const generator = deviceNamed('GMG ERB São Paulo Paulista');
        await openSite(siteHash(generator));
        await panelValue('kW').waitFor();
        const client: MqttClient = await mqtt.connectAsync(server.mqttUrl ?? '', {
          clientId: `vigia-e2e-site-${process.pid}`,
          clean: true,
        });
        try {
          for (const [kW, modoWeb, mode] of [
            [42.5, 2, 'Manual'],
            [57.25, 16, 'Teste'],
          ] as const) {
            const leituras = { kW, modoWeb, statusGMG: 64, chaveGrupo: 16384 };
            // Publish again until the panel shows it. The 60 s poll is not waited
            // for: the server's readings.updated event refreshes the panel.
            await expect
              .poll(
                async () => {
                  await client.publishAsync(
                    `vigia/dispositivos/${generator.id}/leituras`,
                    JSON.stringify({ ts: Math.floor(Date.now() / 1000), leituras }),
                    { qos: 1 },
                  );
                  await page.waitForTimeout(1500);
                  return panelValue('kW').textContent();
                },
                { timeout: 25_000, interval: 0 },
              )
              .toBe(`${formatNumber(kW, 2)} kW`);
            const states = page.locator('[data-state="modoWeb"] dd').first();
            expect(await states.textContent()).toBe(mode);
            expect(await page.locator('[data-state="statusGMG"] dd').first().textContent()).toBe(
              'GMG ON',
            );
            expect(await page.locator('[data-state="chaveGrupo"] dd').first().textContent()).toBe(
              'Fechada',
            );
          }
        } finally {
          await client.endAsync();
        }
      },
      60_000,
    );

    it('a panel page has no axe violations', async () => {
      await openSite(siteHash(deviceNamed('GMG ERB Belo Horizonte Savassi')));
      await page.getByTestId('single-line-diagram').waitFor();
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
      ).toEqual([]);
    });

    it('the site page and its side navigation link every chart and report preset of the device, a plant’s and an SCD’s menus theirs', async () => {
      const gmg = deviceNamed('GMG ERB Belo Horizonte Savassi');
      const charts = (
        await api<GraphicalConfig[]>(`/api/ConfigurationGraphical/${gmg.id}/graphical`)
      )
        .filter((c) => c.idGraphical !== null)
        .map((c) => c.nome);
      const reports = (await api<TableConfig[]>(`/api/ConfigurationTable/${gmg.id}/table`)).map(
        (c) => c.table?.nome ?? c.nome,
      );
      expect(reports).toEqual(
        expect.arrayContaining(['Relatório GMG', 'Relatório Motor', 'Manutenção']),
      );
      await openSite(siteHash(gmg));
      const onPage = page.getByRole('navigation', { name: 'Gráficos e relatórios do dispositivo' });
      await expect
        .poll(async () => (await onPage.getByRole('link').allTextContents()).sort(), {
          timeout: 15_000,
        })
        .toEqual([...charts, ...reports].sort());
      const nav = page.getByTestId('side-nav');
      const navCharts = nav.getByRole('navigation', { name: 'Gráficos' }).getByRole('link');
      await expect.poll(() => navCharts.count(), { timeout: 15_000 }).toBe(charts.length);
      const navReports = nav.getByRole('navigation', { name: 'Relatórios' }).getByRole('link');
      const reportNames = async () =>
        (
          await navReports.evaluateAll((links) =>
            links.map((l) => l.getAttribute('aria-label') ?? l.textContent ?? ''),
          )
        ).sort();
      // Horímetro and Informações Operacionais keep their own entries of the menu.
      await expect
        .poll(reportNames, { timeout: 15_000 })
        .toEqual(
          reports.filter((r) => r !== 'Horímetro' && r !== 'Informações Operacionais').sort(),
        );
      await desktopPageShot(page, join(SHOTS, 'site-presets.png'));
      await onPage.getByRole('link', { name: 'Relatório Motor' }).click();
      await page.waitForURL((url) => /\/relatorio\/\d+$/.test(url.hash));
      await page.getByRole('heading', { level: 1 }).waitFor();

      // A tank, whose page shows its type's panel without an overview, links its presets too.
      const tank = devices.find((d) => d.tipo === 'tanque');
      if (!tank) throw new Error('demonstração sem tanque');
      const tankCharts = (
        await api<GraphicalConfig[]>(`/api/ConfigurationGraphical/${tank.id}/graphical`)
      )
        .filter((c) => c.idGraphical !== null)
        .map((c) => c.nome);
      expect(tankCharts.length).toBeGreaterThan(0);
      await page.goto(`${server.url}/${siteHash(tank)}`);
      const tankLinks = page
        .getByRole('navigation', { name: 'Gráficos e relatórios do dispositivo' })
        .getByRole('link');
      await expect
        .poll(() => tankLinks.allTextContents(), { timeout: 15_000 })
        .toEqual(expect.arrayContaining(tankCharts));

      // A plant's and an SCD's menus list the presets of the place and of its measuring
      // device, exactly those the API answers (none answered, none offered).
      const placeMenu = async (kind: 'usina' | 'scd', placeId: number, sisId: number) => {
        const [device] = (
          await api<DeviceRowPage>(
            `/api/dispositivos/infosFiltro?tipo=${kind}&${kind === 'usina' ? 'usinaId' : 'scdId'}=${placeId}&limit=1`,
          )
        ).itens;
        if (!device) throw new Error(`${kind} ${placeId} sem medição`);
        const placeCharts = (
          await api<GraphicalConfig[]>(
            `/api/ConfigurationGraphical/${placeId}/graphical?tipoLocal=${kind}`,
          )
        )
          .filter((c) => c.idGraphical !== null)
          .map((c) => c.nome);
        const placeReports = (
          await api<TableConfig[]>(`/api/ConfigurationTable/${device.id}/table`)
        ).map((c) => c.table?.nome ?? c.nome);
        await page.goto(`${server.url}/#/${sisId}/${kind}/${placeId}/home`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        const names = (title: string) =>
          nav
            .getByRole('navigation', { name: title, exact: true })
            .getByRole('link')
            .evaluateAll((links) =>
              links.map((l) => l.getAttribute('aria-label') ?? l.textContent ?? ''),
            );
        await expect.poll(() => names('Relatórios'), { timeout: 15_000 }).toEqual(placeReports);
        expect(await names('Gráficos')).toEqual(placeCharts);
        return placeCharts;
      };
      const plant = devices.find((d) => d.usinaId !== null && d.tipo === 'usina');
      if (!plant?.usinaId) throw new Error('demonstração sem usina');
      expect((await placeMenu('usina', plant.usinaId, plant.sisId)).length).toBeGreaterThan(0);
      const scd = devices.find((d) => d.scdId !== null && d.tipo === 'scd');
      if (!scd?.scdId) throw new Error('demonstração sem SCD');
      await placeMenu('scd', scd.scdId, scd.sisId);
    });
  },
);
