import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { DispositivoAdmin } from '@vigia/contract';
import { formatNumber } from '@vigia/domain';
import mqtt from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumAvailable,
  freePort,
  mosquittoAvailable,
  needService,
} from '../test-support/services.js';
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
/** `expect.poll` with room for a loaded CI machine (its own default is one second). */
const eventually = <T>(probe: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(probe, { timeout: 15_000, ...options });
const hasMosquitto = await needService('Mosquitto', mosquittoAvailable);
const SHOTS = screenshotDir();
/** A console built elsewhere than apps/web/dist (a helper's own build), as in routeSweep. */
const WEB_DIST = process.env.VIGIA_E2E_WEB_DIST;

/**
 * A newcomer's path on a database without the demo (issue 28): the first run
 * creates the platform administrator, who creates a company, a system, a
 * plant, a system administrator and a device on screen; the device's issued
 * key sends readings over HTTP and over MQTT on the server's own broker, they
 * reach the console, and a rotated key is refused at once.
 */
describe.runIf(hasChromium && hasMosquitto)('administration from an empty database', () => {
  let server: VigiaServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let brokerPort: number;

  beforeAll(async () => {
    brokerPort = await freePort();
    [server, browser] = await Promise.all([
      startVigiaServer({
        VIGIA_DEMO: '0',
        VIGIA_BROKER: '1',
        VIGIA_BROKER_PORT: String(brokerPort),
        ...(WEB_DIST ? { VIGIA_WEB_DIST: WEB_DIST } : {}),
      }),
      launchChromium(),
    ]);
    context = await desktopContext(browser);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const field = (label: string) => page.getByLabel(label, { exact: true });
  const combo = (label: string) => page.getByRole('combobox', { name: label, exact: true });
  const choose = async (label: string, option: string) => {
    await combo(label).click();
    await page.getByRole('option', { name: option }).click();
  };
  const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
  const axeViolations = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`,
    );
  const post = (key: string, body: unknown) =>
    fetch(`${server.url}/api/ingest`, {
      method: 'POST',
      headers: { 'x-device-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signIn = async (login: string, password: string) => {
    await field('Usuário').fill(login);
    await field('Senha').fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
  };
  const openAdministration = async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Administração' }).click();
    await eventually(() => page.getByRole('heading', { name: 'Administração' }).isVisible()).toBe(
      true,
    );
  };
  const readSecret = async () => (await page.getByTestId('segredo').innerText()).trim();

  // 58 s alone, 143 s inside the full suite here: a slower CI machine needs the room.
  it('goes from the first run to a device reporting with its own key', {
    timeout: 360_000,
  }, async () => {
    // The one-time code, as the server's owner reads it from the data folder.
    const code = readFileSync(
      join(server.dataDir, 'codigo-configuracao-inicial.txt'),
      'utf8',
    ).trim();
    expect(server.output()).toContain(code);

    await page.goto(`${server.url}/#/login`);
    await page.getByRole('button', { name: 'Configuração inicial' }).click();
    const setup = page.getByRole('form', { name: 'Configuração inicial' });
    await setup.getByLabel('Código de configuração').fill('ERRA-DOXX-XXXX-XXXX');
    await setup.getByLabel('Nome', { exact: true }).fill('Raiz Vigia');
    await setup.getByLabel('Login', { exact: true }).fill('raiz');
    await setup.getByLabel('Senha', { exact: true }).fill('raiz-senha-1');
    await setup.getByLabel('Confirmação da senha').fill('raiz-senha-1');
    await setup.getByRole('button', { name: 'Criar administrador' }).click();
    await eventually(() => setup.getByRole('alert').innerText()).toContain(
      'Código de configuração inválido.',
    );
    expect(await axeViolations()).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'configuracao-inicial-1440.png') });
    await setup.getByLabel('Código de configuração').fill(code);
    await setup.getByRole('button', { name: 'Criar administrador' }).click();
    await eventually(() => page.getByRole('status').first().innerText()).toContain(
      'Administrador criado.',
    );
    // Closed once done (the page asks the server again after the success).
    await eventually(() => page.getByRole('button', { name: 'Configuração inicial' }).count()).toBe(
      0,
    );

    await signIn('raiz', 'raiz-senha-1');
    await openAdministration();

    // Company, system, plant.
    await page.getByRole('tab', { name: 'Empresas' }).click();
    await page.getByRole('button', { name: 'Nova empresa' }).click();
    await dialog('Nova empresa').getByLabel('Nome').fill('Energia Norte');
    await dialog('Nova empresa').getByRole('button', { name: 'Salvar' }).click();
    await eventually(() => page.getByRole('table', { name: 'Empresas' }).innerText()).toContain(
      'Energia Norte',
    );

    await page.getByRole('tab', { name: 'Sistemas' }).click();
    await page.getByRole('button', { name: 'Novo sistema' }).click();
    await dialog('Novo sistema').getByLabel('Nome').fill('Norte Geração');
    await choose('Empresa', 'Energia Norte');
    await dialog('Novo sistema').getByRole('button', { name: 'Salvar' }).click();
    await eventually(() => page.getByRole('table', { name: 'Sistemas' }).innerText()).toContain(
      'Norte Geração',
    );
    await eventually(() => combo('Sistema').inputValue()).toBe('Norte Geração · Energia Norte');

    await page.getByRole('tab', { name: 'Locais' }).click();
    await page.getByRole('button', { name: 'Novo local' }).click();
    const place = dialog('Novo local');
    await place.getByLabel('Nome', { exact: true }).fill('UTE Belém');
    await place.getByLabel('Endereço').fill('Rod. Arthur Bernardes, 1000');
    await place.getByLabel('UF').fill('PA');
    await place.getByLabel('Latitude').fill('-1,38');
    await place.getByLabel('Longitude').fill('-48,45');
    await place.getByRole('button', { name: 'Salvar' }).click();
    await eventually(() => page.getByRole('table', { name: 'Locais' }).innerText()).toContain(
      'UTE Belém',
    );

    // A system administrator, with a temporary password shown once.
    await page.getByRole('tab', { name: 'Usuários' }).click();
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    const person = dialog('Novo usuário');
    await person.getByLabel('Nome', { exact: true }).fill('Joana Norte');
    await person.getByLabel('Login').fill('joana.norte');
    await person.getByLabel('E-mail').fill('joana@norte.example');
    await person.getByLabel('Administrador dos sistemas que tem').check();
    await person.getByRole('button', { name: 'Salvar' }).click();
    const temporary = await (async () => {
      await eventually(() => page.getByTestId('segredo').count()).toBe(1);
      return readSecret();
    })();
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    await dialog(/Senha temporária de joana.norte/)
      .getByRole('button', { name: 'Fechar', exact: true })
      .last()
      .click();
    await eventually(() => page.getByRole('table', { name: 'Usuários' }).innerText()).toMatch(
      /senha temporária/i,
    );

    // A device in the plant, then its key.
    await page.getByRole('tab', { name: 'Dispositivos' }).click();
    await page.getByRole('button', { name: 'Novo dispositivo' }).click();
    const device = dialog('Novo dispositivo');
    await device.getByLabel('Nome', { exact: true }).fill('GMG Belém 1');
    await device.getByLabel('Patrimônio').fill('BEL-0001');
    await combo('Modelo').click();
    await page
      .getByRole('option', { name: /Gerador/ })
      .first()
      .click();
    await choose('Usina', 'UTE Belém');
    await device.getByRole('button', { name: 'Salvar' }).click();
    const devices = page.getByRole('table', { name: 'Dispositivos' });
    await eventually(() => devices.innerText()).toContain('GMG Belém 1');
    expect(await devices.innerText()).toMatch(/sem chave/i);
    await devices.getByRole('button', { name: 'Emitir chave' }).click();
    await eventually(() => page.getByTestId('segredo').count()).toBe(1);
    const key = await readSecret();
    expect(key).toMatch(/^vk_/);
    const usage = await dialog(/Chave de GMG Belém 1/).innerText();
    expect(usage).toContain(`x-device-key: ${key}`);
    expect(usage).toContain(`-p ${brokerPort}`);
    expect(await axeViolations()).toEqual([]);
    await desktopPageShot(page, join(SHOTS, 'administracao-chave-1440.png'));
    const deviceId = Number(/dispositivo-(\d+)/.exec(usage)?.[1]);
    expect(deviceId).toBeGreaterThan(0);
    await dialog(/Chave de GMG Belém 1/)
      .getByRole('button', { name: 'Fechar', exact: true })
      .last()
      .click();

    // Readings over HTTP with the key …
    const now = Math.floor(Date.now() / 1000);
    const http = await post(key, { ts: now - 60, leituras: { kW: 321.5, Hz: 60 } });
    expect(http.status).toBe(202);
    // … shown, as current, on the device's own site page (plant, no SCD: scdId 0).
    const adminGet = <T>(path: string) =>
      page.evaluate(async (url) => {
        const token = localStorage.getItem('vigia.access_token');
        const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        return (await answer.json()) as unknown;
      }, path) as Promise<T>;
    const placed = await adminGet<DispositivoAdmin>(`/api/admin/dispositivos/${deviceId}`);
    expect(placed.usinaId).toBeGreaterThan(0);
    const siteHash = `#/${placed.sisId}/site/${placed.scdId ?? 0}/${placed.usinaId ?? 0}/${deviceId}`;
    await page.goto(`${server.url}/${siteHash}`);
    const sitePanel = page.locator(
      `[data-testid="overview-panel"][data-target="dispositivo:${deviceId}"]`,
    );
    await sitePanel.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('panel-error').count()).toBe(0);
    const kW = sitePanel.locator('[data-reading="kW"] dd').first();
    const shownAsCurrent = async (value: number) => {
      await eventually(() => kW.textContent(), { timeout: 20_000 }).toBe(
        `${formatNumber(value, 2)} kW`,
      );
      expect(await page.getByTestId('freshness-label').count()).toBe(0);
      expect(
        await page.locator('main [data-quality="stale"], main [data-quality="offline"]').count(),
      ).toBe(0);
      expect(await page.locator('main [data-quality="not-current"]').count()).toBe(0);
    };
    await shownAsCurrent(321.5);
    // … and over MQTT on the own broker, as the device's own account.
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${brokerPort}`, {
      username: `dispositivo-${deviceId}`,
      password: key,
      reconnectPeriod: 0,
    });
    await client.publishAsync(
      `vigia/dispositivos/${deviceId}/leituras`,
      JSON.stringify({ ts: now, leituras: { kW: 345.6, Hz: 60.1 } }),
      { qos: 1 },
    );
    await client.endAsync();
    // The site page takes it without a reload (the server's readings.updated event).
    await shownAsCurrent(345.6);
    await desktopPageShot(page, join(SHOTS, 'administracao-site-1440.png'));

    // The administration list and the system's generators show it too.
    await openAdministration();
    await page.getByRole('tab', { name: 'Dispositivos' }).click();
    await eventually(() => page.getByRole('table', { name: 'Dispositivos' }).innerText(), {
      timeout: 15_000,
    }).toMatch(/Última leitura[\s\S]*\d{2}\/\d{2}\/\d{4}/);
    await page.goto(`${server.url}/#/${placed.sisId}/geradores`);
    await eventually(() => page.getByText('GMG Belém 1').first().isVisible(), {
      timeout: 20_000,
    }).toBe(true);
    await eventually(() => page.locator('main').innerText(), { timeout: 20_000 }).toContain(
      '345,6',
    );

    // Rotated on screen: the old key is refused at once, over HTTP and MQTT; the new one works.
    await openAdministration();
    await page.getByRole('tab', { name: 'Dispositivos' }).click();
    await page.getByRole('button', { name: 'Trocar chave' }).click();
    await page.getByRole('button', { name: 'Trocar chave' }).last().click();
    await eventually(() => page.getByTestId('segredo').count()).toBe(1);
    const rotated = await readSecret();
    expect(rotated).not.toBe(key);
    expect((await post(key, { ts: now + 1, leituras: { kW: 1 } })).status).toBe(401);
    expect((await post(rotated, { ts: now + 2, leituras: { kW: 2 } })).status).toBe(202);
    await expect(
      mqtt.connectAsync(`mqtt://127.0.0.1:${brokerPort}`, {
        username: `dispositivo-${deviceId}`,
        password: key,
        reconnectPeriod: 0,
        connectTimeout: 5000,
      }),
    ).rejects.toThrow();
    const again = await mqtt.connectAsync(`mqtt://127.0.0.1:${brokerPort}`, {
      username: `dispositivo-${deviceId}`,
      password: rotated,
      reconnectPeriod: 0,
    });
    await again.endAsync();
    await page.getByRole('button', { name: 'Fechar', exact: true }).last().click();

    // An alarm limit changed on screen raises an alarm on the next reading.
    await page.getByRole('button', { name: 'Regras de alarme' }).click();
    const rules = dialog(/Regras de alarme · GMG Belém 1/);
    const oil = rules.getByRole('group', { name: 'Alta temperatura do óleo' });
    await eventually(() => oil.count()).toBe(1);
    expect(await oil.getByLabel('Limite', { exact: true }).getAttribute('placeholder')).toBe('105');
    await oil.getByLabel('Limite', { exact: true }).fill('50');
    await oil.getByLabel('Mensagem', { exact: true }).fill('Óleo acima de 50 °C');
    expect(await axeViolations()).toEqual([]);
    await desktopPageShot(page, join(SHOTS, 'administracao-regras-1440.png'));
    await rules.getByRole('button', { name: 'Salvar' }).click();
    await eventually(() => rules.count()).toBe(0);
    expect((await post(rotated, { ts: now + 3, leituras: { OilTemp: 60 } })).status).toBe(202);
    const activeAlarms = () =>
      page.evaluate(async (id) => {
        const token = localStorage.getItem('vigia.access_token');
        const answer = await fetch(
          `/api/ocorrencias?disp_id=${id}&alarmeativo=1&offSet=0&limit=10`,
          { headers: { authorization: `Bearer ${token}` } },
        );
        return answer.text();
      }, deviceId);
    await eventually(activeAlarms, { timeout: 15_000 }).toContain('Óleo acima de 50 °C');

    // A spreadsheet of devices: previewed row by row, imported only when every row is right.
    await page.getByRole('button', { name: 'Importar planilha' }).click();
    const importer = dialog('Importar dispositivos');
    const csv = (rows: string[]) => ({
      name: 'dispositivos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['Nome;Patrimônio;Modelo;Usina', ...rows].join('\n')),
    });
    await importer
      .getByLabel('Arquivo CSV ou XLSX')
      .setInputFiles(csv(['GMG Belém 2;BEL-0002;1;UTE Belém', 'GMG Belém 3;BEL-0001;1;UTE Belém']));
    const preview = importer.getByRole('table', { name: 'Prévia da importação' });
    await eventually(() => preview.innerText()).toContain(
      'O patrimônio BEL-0001 já está cadastrado neste sistema.',
    );
    expect(await importer.getByRole('button', { name: 'Importar' }).isDisabled()).toBe(true);
    expect(await axeViolations()).toEqual([]);
    await desktopPageShot(page, join(SHOTS, 'administracao-importar-1440.png'));
    await importer
      .getByLabel('Arquivo CSV ou XLSX')
      .setInputFiles(csv(['GMG Belém 2;BEL-0002;1;UTE Belém', 'GMG Belém 3;BEL-0003;1;UTE Belém']));
    await importer.getByRole('button', { name: 'Importar 2 dispositivo(s)' }).click();
    await eventually(() => importer.count()).toBe(0);
    await eventually(() => page.getByRole('table', { name: 'Dispositivos' }).innerText()).toContain(
      'GMG Belém 3',
    );

    // The audit screen lists all of it, and its Excel file says the same.
    await page.getByRole('tab', { name: 'Auditoria' }).click();
    const audit = page.getByRole('table', { name: 'Auditoria' });
    await eventually(() => audit.innerText()).toContain('Chave de dispositivo emitida');
    const listed = await audit.innerText();
    for (const action of [
      'Dispositivo cadastrado',
      'Usuário criado',
      'Local criado',
      'Regra de alarme do dispositivo alterada',
      'Dispositivo importado',
    ]) {
      expect(listed).toContain(action);
    }
    expect(await axeViolations()).toEqual([]);
    await desktopPageShot(page, join(SHOTS, 'administracao-auditoria-1440.png'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('auditoria.xlsx');
    const path = join(tmpdir(), `vigia-e2e-${Date.now()}-auditoria.xlsx`);
    await download.saveAs(path);
    const [header, ...sheet] = await readSheet(path);
    rmSync(path);
    expect(header).toEqual([
      'Data e hora',
      'Usuário',
      'Ação',
      'Dispositivo',
      'Sistema',
      'Detalhes',
    ]);
    const actions = sheet.map((row) => row[2]);
    expect(actions.filter((a) => a === 'Chave de dispositivo emitida')).toHaveLength(2);
    expect(actions).toContain('Usuário criado');
    expect(sheet.every((row) => row[4] === 'Norte Geração')).toBe(true);
  });

  it('reads on a phone: the lists scroll inside their card, nothing wider than the screen', async () => {
    const phone = await mobileContext(browser);
    const small = await phone.newPage();
    try {
      await storeSession(small, server.url, await tokensFor(server.url, 'raiz', 'raiz-senha-1'));
      await small.goto(`${server.url}/#/0/administracao`);
      await eventually(() =>
        small.getByRole('heading', { name: 'Administração' }).isVisible(),
      ).toBe(true);
      await small.getByRole('tab', { name: 'Dispositivos' }).click();
      await eventually(() => small.getByRole('table', { name: 'Dispositivos' }).isVisible()).toBe(
        true,
      );
      const overflow = await small.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await small.screenshot({ path: join(SHOTS, 'administracao-390.png'), fullPage: true });
      // The models' rules, read only but for a platform administrator: fields one under another.
      await small.getByRole('tab', { name: 'Modelos' }).click();
      await small
        .getByRole('row', { name: /Gerador/ })
        .first()
        .getByRole('button', { name: 'Regras de alarme' })
        .click();
      const rules = small.getByRole('dialog', { name: /Regras de alarme/ });
      await eventually(() => rules.getByRole('group').count()).toBeGreaterThan(2);
      const widths = await rules
        .getByRole('textbox')
        .evaluateAll((inputs) => inputs.map((i) => i.getBoundingClientRect().right));
      expect(Math.max(...widths)).toBeLessThanOrEqual(390);
      await small.screenshot({ path: join(SHOTS, 'administracao-regras-390.png') });
    } finally {
      await phone.close();
    }
    const wide = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'pt-BR',
    });
    const large = await wide.newPage();
    try {
      await storeSession(large, server.url, await tokensFor(server.url, 'raiz', 'raiz-senha-1'));
      await large.goto(`${server.url}/#/0/administracao`);
      await large.getByRole('tab', { name: 'Dispositivos' }).click();
      await eventually(() => large.getByRole('table', { name: 'Dispositivos' }).isVisible()).toBe(
        true,
      );
      await desktopPageShot(large, join(SHOTS, 'administracao-1440.png'));
    } finally {
      await wide.close();
    }
  });
});
