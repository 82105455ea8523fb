import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { DeviceRowPage, TokenResponse } from '@vigia/contract';
import { formatNumber } from '@vigia/domain';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { publishDemoReadings, tokensFor } from './support/api.js';
import {
  DESKTOP,
  desktopContext,
  launchChromium,
  mobileContext,
  storeSession,
} from './support/browser.js';
import { startVigiaServer, type VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const SHOTS = screenshotDir();

/** Demo fleet ids (apps/server/src/seed/fleet.ts). */
const TANK_SAO_PAULO = 1003;

describe.runIf(hasChromium)('device list screens in Chromium against the real server', () => {
  let server: VigiaServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let tokens: TokenResponse;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startVigiaServer(), launchChromium()]);
    tokens = await tokensFor(server.url, 'demo');
    // A tank nearly empty: critico (100 − nível) 88, the red band.
    await publishDemoReadings(server, TANK_SAO_PAULO, { nivel: 12, litros: 60 });
    context = await desktopContext(browser);
    page = await context.newPage();
    await storeSession(page, server.url, tokens);
    // Pin the side navigation open so screenshots never catch it folding.
    await page.goto(`${server.url}/#/200/home-cluster`);
    await page.getByTestId('nav-pin').click();
    await page.mouse.move(DESKTOP.width - 10, DESKTOP.height - 10);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  /** Opens a console route and waits for the table `tableId` to have rows. */
  async function openTable(hash: string, tableId: string): Promise<Locator> {
    await open(hash);
    const rows = page.locator(`table[id="${tableId}"] tr[data-row-id]`);
    await rows.first().waitFor({ timeout: 15_000 });
    return rows;
  }

  /**
   * Loads the console afresh at a route: a hash change alone keeps the previous
   * screen (maybe a table with the same id) until the next one is ready.
   */
  async function open(hash: string, target: Page = page) {
    await target.goto('about:blank');
    await target.goto(`${server.url}/#/${hash}`);
  }

  /** Rows loaded in a table (the table is virtualised: the DOM holds only those in view). */
  async function rowCount(tableId: string): Promise<number> {
    const count = await page.locator(`table[id="${tableId}"]`).getAttribute('aria-rowcount');
    return Number(count) - 1;
  }

  /** Picks an option of a segmented control (its radio inputs are visually hidden). */
  async function choose(label: string) {
    await page.locator('label', { hasText: new RegExp(`^${label}$`) }).click();
  }

  function row(rows: Locator, text: string): Locator {
    return rows.filter({ hasText: text }).first();
  }

  async function shoot(name: string, target: Page = page) {
    await target.waitForTimeout(300);
    await target.screenshot({ path: join(SHOTS, `lista-${name}.png`) });
  }

  it('generators: Auto mode, GMG ON for a running prime generator, offline ones stale', async () => {
    // Whether the demo's prime set is in maintenance at this hour depends on when the
    // demo was seeded: it reports running, in Auto, as its controller would.
    const generators = await fetch(
      `${server.url}/api/dispositivos/infosFiltro?limit=500&tipo=gerador`,
      { headers: { Authorization: `Bearer ${tokens.access_token}` } },
    );
    const prime = ((await generators.json()) as DeviceRowPage).itens.find(
      (d) => d.nome === 'GMG1 UTE Petrolina',
    );
    if (!prime) throw new Error('a demonstração mudou: falta o GMG1 UTE Petrolina');
    await publishDemoReadings(server, prime.id, { statusGMG: 64, modoWeb: 8, kW: 410 });
    const rows = await openTable('200/geradores', 'geradores');
    expect(await rowCount('geradores')).toBe(12);
    const running = row(rows, 'GMG1 UTE Petrolina');
    await expect.poll(() => running.textContent()).toContain('Auto');
    expect(await running.textContent()).toContain('GMG ON');
    // GMG3 of Uberlândia is silent for 2 days: no GMG ON, 'SEM COMUNICAÇÃO'.
    const silent = row(rows, 'GMG3 UTE Uberlândia');
    expect(await silent.textContent()).toContain('SEM COMUNICAÇÃO');
    expect(await silent.textContent()).not.toContain('GMG ON');
    await shoot('geradores');
  });

  it('generators of a system configured for it open on the energy variant with its QTA', async () => {
    const rows = await openTable('121/geradores', 'geradores-energia');
    expect(await rowCount('geradores-energia')).toBe(8);
    const sp = row(rows, 'ERB São Paulo Paulista');
    expect(await sp.textContent()).toMatch(/Normal/);
    expect(await sp.textContent()).toContain('FECHADA');
    await shoot('geradores-energia');
    await choose('Padrão');
    await page.locator('table[id="geradores"] tr[data-row-id]').first().waitFor();
    expect(await rowCount('geradores')).toBe(8);
  });

  it('running generators and prime generators', async () => {
    const on = await openTable('200/geradoreson', 'geradoreson');
    const texts = await on.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain('GMG ON');
    await shoot('geradoreson');
    await openTable('200/primeclusters', 'primeclusters');
    expect(await rowCount('primeclusters')).toBe(12);
    await shoot('primeclusters');
  });

  it('tanks: a tank at critico 88 is red, levels with 2 decimals, a chart column', async () => {
    const rows = await openTable('121/tanque', 'analise-tanques');
    const empty = row(rows, 'Tanque ERB São Paulo Paulista');
    expect(await empty.textContent()).toContain('12,00%');
    const background = await empty.evaluate((e) => getComputedStyle(e).backgroundColor);
    const surface = (cssVar: string) =>
      page.evaluate((v) => {
        const probe = document.createElement('div');
        probe.style.backgroundColor = `var(${v})`;
        document.body.append(probe);
        const color = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return color;
      }, cssVar);
    expect(background).toBe(await surface('--mantine-color-red-0'));
    const fuller = row(rows, 'Tanque ERB Brasília Asa Sul');
    expect(await fuller.evaluate((e) => getComputedStyle(e).backgroundColor)).not.toBe(background);
    expect(await page.getByRole('listitem').filter({ hasText: 'Crítico: 1' }).count()).toBe(1);
    // A level reads with 2 decimals everywhere.
    for (const text of await rows.allTextContents()) expect(text).toMatch(/\d+,\d{2}%|---/);
    // Every tank links to its chart (e2e/tankChart.e2e.test.ts follows one).
    await page.getByRole('columnheader', { name: 'Gráfico' }).waitFor();
    expect(await page.getByRole('link', { name: /^Gráfico do tanque / }).count()).toBe(
      await rows.count(),
    );
    await shoot('tanque');
    await openTable('0/tanqueSistemas', 'analise-tanques');
    expect(await rowCount('analise-tanques')).toBe(14);
    await shoot('tanque-geral');
    await openTable('200/scd/1/tanques', 'analise-tanques');
    expect(await rowCount('analise-tanques')).toBe(1);
    await shoot('tanque-scd');
  });

  it('analysis lists: batteries, load speed and power, per system and for all systems', async () => {
    for (const [hash, id, name] of [
      ['200/baterias', 'analise-baterias', 'baterias'],
      ['0/bateriasSistemas', 'analise-baterias', 'baterias-geral'],
      ['200/loadspeed', 'analise-loadspeeds', 'loadspeed'],
      ['0/loadspeedSistemas', 'analise-loadspeeds', 'loadspeed-geral'],
      ['200/potencias', 'analise-potencias', 'potencias'],
      ['0/geradorSistemas', 'analise-potencias', 'potencias-geral'],
    ] as const) {
      const rows = await openTable(hash, id);
      expect(await rows.count(), hash).toBeGreaterThan(0);
      await shoot(name);
    }
    const power = await openTable('200/potencias', 'analise-potencias');
    expect((await power.allTextContents()).join(' ')).toMatch(/Crítico|Atenção|Normal/);
  });

  it('typed lists decode their readings', async () => {
    const qtas = await openTable('121/qtas', 'qtas');
    expect(await row(qtas, 'QTA ERB São Paulo Paulista').textContent()).toContain('Normal');
    await shoot('qtas');

    await openTable('200/tfrs', 'tfrs');
    expect(await rowCount('tfrs')).toBe(4);
    await shoot('tfrs');

    const ups = await openTable('179/ups', 'ups');
    expect(await row(ups, 'UPS Centro Cirúrgico').textContent()).toContain('UPS em modo online');
    await shoot('ups');

    const meters = await openTable('200/medidores', 'medidores');
    expect(await rowCount('medidores')).toBe(4);
    // Meter power and energy are shown divided by 1000.
    const api = await fetch(
      `${server.url}/api/dispositivos/infosFiltro?sisid=200&tipo=medidor&nomes=KW&filtroTexto=Petrolina`,
      { headers: { Authorization: `Bearer ${tokens.access_token}` } },
    );
    const [meter] = ((await api.json()) as DeviceRowPage).itens;
    const kw = meter?.infos.find((i) => i.nome === 'KW')?.valorAtual?.valor ?? null;
    expect(kw).not.toBeNull();
    expect(await row(meters, 'UTE Petrolina').textContent()).toContain(
      formatNumber((kw ?? 0) / 1000, 2, { grouping: true }),
    );
    await shoot('medidores');

    await openTable('220/batmon', 'batmon');
    expect(await rowCount('batmon')).toBe(2);
    await shoot('batmon');

    await openTable('220/io', 'io');
    expect(await rowCount('io')).toBe(2);
    await shoot('io');

    const fridges = await openTable('179/geladeira', 'geladeira');
    expect(await row(fridges, 'Câmara de Vacinas').textContent()).toContain('On');
    await shoot('geladeira');

    const postos = await openTable('210/postos', 'postos');
    expect(await row(postos, 'Posto GNV João Pessoa').textContent()).toContain('NUNCA COMUNICOU');
    await shoot('postos');
  });

  it('site tables: text filter, sorting, and a click that opens the plant', async () => {
    await openTable('200/dispositivos', 'sites-1');
    expect(await rowCount('sites-1')).toBe(30);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Cuiabá');
    await expect.poll(() => rowCount('sites-1')).toBe(8);
    await shoot('dispositivos');
    await choose('Mapa');
    await page.locator('.vigia-pin').first().waitFor();
    expect(await page.locator('.vigia-pin').count()).toBe(8);
    await shoot('dispositivos-mapa');
    await choose('Tabela');

    const plants = await openTable('200/usinas', 'sites-2');
    expect(await rowCount('sites-2')).toBe(4);
    // Sorted by name on the server: the first click A to Z, the second Z to A.
    const byName = page.getByRole('button', { name: 'Usina', exact: true });
    await byName.click();
    await expect
      .poll(async () => (await plants.first().textContent()) ?? '')
      .toContain('UTE Campo Grande');
    await byName.click();
    await expect
      .poll(async () => (await plants.first().textContent()) ?? '')
      .toContain('UTE Uberlândia');
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toBe('Usina');
    await shoot('usinas');
    // A plant opens main.usina, which goes on to its first overview (spec 000 §2).
    await row(plants, 'UTE Petrolina').click();
    await expect
      .poll(() => page.evaluate(() => location.hash))
      .toMatch(/^#\/200\/usina\/1\/visao-geral\/\d+$/);

    const scds = await openTable('200/scds', 'sites-3');
    expect(await rowCount('sites-3')).toBe(3);
    await shoot('scds');
    await row(scds, 'SCD Cuiabá').click();
    await expect
      .poll(() => page.evaluate(() => location.hash))
      .toMatch(/^#\/200\/scd\/3\/visao-geral\/\d+$/);
  });

  it('plant and SCD homes: totals and device tiles with the card rule', async () => {
    await open('200/usina/1/home');
    await page.getByRole('heading', { name: 'UTE Petrolina' }).waitFor();
    const cards = page.getByTestId('device-cards').locator('[data-card-state]');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(8);
    const states = await cards.evaluateAll((e) => e.map((c) => c.getAttribute('data-card-state')));
    expect(states).toContain('Success');
    await shoot('usina-home');
    await choose('Tabela');
    await page.locator('table[id="usina-dispositivos"] tr[data-row-id]').first().waitFor();
    await shoot('usina-home-tabela');

    await open('200/scd/1/home');
    await page.getByRole('heading', { name: 'SCD Petrolina' }).waitFor();
    await page
      .locator('table[id="scd-dispositivos"] tr[data-row-id], [data-card-state]')
      .first()
      .waitFor();
    await shoot('scd-home');
  });

  it('venue: its name, the device-group side bar and the energy center', async () => {
    await open('220/venue/1');
    await page.getByRole('heading', { name: 'Arena Guanabara' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Grupos de dispositivos' });
    await nav.getByRole('button', { name: 'Refrigeração' }).click();
    const cards = page.getByTestId('device-cards').locator('[data-card-state]');
    await expect.poll(() => cards.count()).toBe(2);
    await shoot('venue');
    await openTable('220/venue/1/lista', 'venue-tabela');
    await expect.poll(() => rowCount('venue-tabela')).toBe(16);
    await shoot('venue-lista');
    await openTable('220/sites/dispositivos/1', 'energy-center');
    await expect.poll(() => rowCount('energy-center')).toBe(8);
    await shoot('energy-center');
  });

  /** A 1440×900 screenshot with the side navigation folded (its counters on the rail). */
  async function foldedShot(target: Page, path: string) {
    const nav = target.getByTestId('side-nav');
    await target
      .locator('[data-testid="side-nav"][data-state="expanded"]')
      .waitFor({ timeout: 2000 })
      .catch(() => {});
    if ((await nav.getAttribute('data-state')) === 'expanded') {
      await target.getByTestId('nav-toggle').dispatchEvent('click');
    }
    await expect.poll(() => nav.getAttribute('data-state'), { timeout: 8000 }).toBe('collapsed');
    await target.waitForTimeout(400);
    await target.screenshot({ path });
  }

  it('data quality at a glance (issue 27): an offline QTA is marked, muted and never green; 1440×900 and 390×844', async () => {
    const wide = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'pt-BR',
    });
    const shot = await wide.newPage();
    await storeSession(shot, server.url, await tokensFor(server.url, 'demo'));
    await open('121/qtas', shot);
    const rows = shot.locator('table[id="qtas"] tr[data-row-id]');
    await rows.first().waitFor({ timeout: 15_000 });
    // The communication marker follows the identity columns.
    const headers = await shot.locator('table[id="qtas"] thead th').allTextContents();
    expect(headers.slice(0, 3)).toEqual(['Patrimônio', 'Nome', 'Comunicação']);
    // QTA ERB Manaus Adrianópolis has been silent for 3 days (demo fleet).
    const manaus = rows.filter({ hasText: 'QTA ERB Manaus Adrianópolis' }).first();
    const marker = manaus.locator('td').nth(2);
    expect(await marker.textContent()).toBe('SEM COMUNICAÇÃO');
    expect(await marker.getAttribute('title')).toMatch(/^SEM COMUNICAÇÃO · última leitura /);
    const muted = manaus.locator('[data-quality="offline"]');
    expect(await muted.count()).toBeGreaterThan(4);
    expect(await muted.first().getAttribute('title')).toMatch(
      /^SEM COMUNICAÇÃO · última leitura \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );
    const colours = (e: Element) =>
      [e, ...Array.from(e.querySelectorAll('*'))].flatMap((x) => [
        getComputedStyle(x).color,
        getComputedStyle(x).backgroundColor,
      ]);
    const green = await shot.evaluate(() => {
      const probe = document.createElement('div');
      document.body.append(probe);
      const out = [
        '--mantine-color-teal-9',
        '--mantine-color-teal-0',
        '--mantine-color-teal-3',
      ].map((v) => {
        probe.style.color = `var(${v})`;
        return getComputedStyle(probe).color;
      });
      probe.remove();
      return out;
    });
    for (const colour of await manaus.evaluate(colours)) expect(green).not.toContain(colour);
    // An online QTA still shows its green 'Normal': the check above can fail.
    const online = rows.filter({ hasText: 'QTA ERB São Paulo Paulista' }).first();
    expect((await online.evaluate(colours)).some((c) => green.includes(c))).toBe(true);
    await foldedShot(shot, join(SHOTS, 'qualidade-dados-qtas.png'));
    // The folded navigation writes the alarm count whole.
    const badge = shot.getByTestId('counter-alarms-badge');
    const fits = await badge.evaluate((b) => {
      const label = b.querySelector('.mantine-Badge-label') ?? b;
      return label.scrollWidth <= label.clientWidth && b.scrollWidth <= b.clientWidth;
    });
    expect(fits).toBe(true);

    await shot.locator('label', { hasText: /^Cards$/ }).click();
    const card = shot.locator('[data-card-state]').filter({ hasText: 'QTA ERB Manaus' }).first();
    await card.waitFor();
    expect(await card.locator('[data-quality="offline"]').count()).toBeGreaterThan(0);
    expect(await card.getByTestId('card-last-reading').textContent()).toMatch(/^Última leitura /);
    await foldedShot(shot, join(SHOTS, 'qualidade-dados-qtas-cards.png'));
    await shot.evaluate(() => localStorage.removeItem('vigia.lista.qtas.visao'));

    await open('121/geradores', shot);
    await shot.locator('table[id="geradores-energia"] tr[data-row-id]').first().waitFor();
    await foldedShot(shot, join(SHOTS, 'qualidade-dados-geradores-energia.png'));
    await open('0/tanqueSistemas', shot);
    await shot.locator('table[id="analise-tanques"] tr[data-row-id]').first().waitFor();
    await foldedShot(shot, join(SHOTS, 'qualidade-dados-tanques.png'));
    await wide.close();

    const phone = await mobileContext(browser);
    const mobile = await phone.newPage();
    await storeSession(mobile, server.url, await tokensFor(server.url, 'demo'));
    await open('121/qtas', mobile);
    await mobile.locator('table[id="qtas"] tr[data-row-id]').first().waitFor();
    // No communication column on a phone (spec 001 §2): the asset number carries the marker.
    const phoneRow = mobile
      .locator('table[id="qtas"] tr[data-row-id]')
      .filter({ hasText: 'QTA ERB Man' })
      .first();
    expect(await phoneRow.locator('[data-quality-marker="offline"]').isVisible()).toBe(true);
    expect(
      await mobile
        .locator('table[id="qtas"] [data-quality-marker]')
        .evaluateAll((e) => e.filter((m) => m.getBoundingClientRect().width > 0).length),
    ).toBe(1);
    await mobile.waitForTimeout(300);
    await mobile.screenshot({ path: join(SHOTS, 'qualidade-dados-qtas-mobile.png') });
    await phone.close();
  });

  it('a list page has no axe violations', async () => {
    await openTable('200/geradores', 'geradores');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });

  it('on a phone a list shows its first columns only; the tiles fit one per row', async () => {
    const phone = await mobileContext(browser);
    const mobile = await phone.newPage();
    await storeSession(mobile, server.url, await tokensFor(server.url, 'demo'));
    await open('200/geradores', mobile);
    await mobile.locator('table[id="geradores"] tr[data-row-id]').first().waitFor();
    const headers = await mobile.locator('table[id="geradores"] thead th').allTextContents();
    expect(headers.length).toBeLessThanOrEqual(7);
    expect(headers.join(' ')).not.toContain('UF');
    await shoot('geradores-mobile', mobile);
    await open('200/usina/2/home', mobile);
    await mobile.locator('[data-card-state]').first().waitFor();
    await shoot('usina-home-mobile', mobile);
    await phone.close();
    expect(DESKTOP.width).toBeGreaterThan(1000);
  });
});
