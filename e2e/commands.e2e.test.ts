import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type {
  CommandHistoryItem,
  CommandType,
  DeviceRow,
  DeviceRowPage,
  TokenResponse,
} from '@vigia/contract';
import { GMG_OFF_BIT, MESSAGES } from '@vigia/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, mosquittoAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { tokensFor, userInfo } from './support/api.js';
import { DESKTOP, desktopContext, launchChromium, storeSession } from './support/browser.js';
import { REPO_ROOT, startVigiaServer, type VigiaServer } from './support/vigiaServer.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const hasMqtt = hasChromium && (await mosquittoAvailable());
const SHOTS = screenshotDir();
/** Waits of the UI on a loaded machine (Vitest polls for 1 s by default). */
const POLL = { timeout: 15_000 };

interface AuditRow {
  action: string;
  userId: number | null;
  deviceId: number;
  endereco: string | null;
  commandId: number | null;
  resultado: string;
  ts: number;
}

/** The command audit of a device, read from the server's database (the built store module). */
async function auditOf(server: VigiaServer, deviceId: number): Promise<AuditRow[]> {
  const dist = (path: string) => pathToFileURL(join(REPO_ROOT, 'apps/server/dist', path)).href;
  const { openStore } = await import(dist('store/database.js'));
  const { commandAuditOf } = await import(dist('store/commands/commandStore.js'));
  const store = await openStore(`sqlite:${join(server.dataDir, 'vigia.db')}`);
  try {
    return await commandAuditOf(store.db, deviceId);
  } finally {
    await store.close();
  }
}

/**
 * Remote commands end to end (issue 12) on the real server with the simulator
 * answering as devices do, over the broker when there is one.
 */
declare global {
  interface Window {
    /** Per command id, each status its history row showed and whether 'Enviar comando' was disabled then. */
    __commandStates?: Record<string, { status: string; sendDisabled: boolean }[]>;
  }
}

/** Runs in the page: records every status a command row shows, with the send button's state at that moment. */
function recordCommandStates(panel: Element): void {
  const states: Record<string, { status: string; sendDisabled: boolean }[]> = {};
  window.__commandStates = states;
  const record = () => {
    const send = panel.querySelector<HTMLButtonElement>('[data-testid="command-send"]');
    for (const row of Array.from(panel.querySelectorAll('[data-command-id]'))) {
      const id = row.getAttribute('data-command-id') ?? '';
      const status = row.getAttribute('data-status') ?? '';
      const seen = states[id] ?? [];
      states[id] = seen;
      if (seen.at(-1)?.status !== status)
        seen.push({ status, sendDisabled: send?.disabled ?? false });
    }
  };
  record();
  new MutationObserver(record).observe(panel, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-status', 'data-command-id', 'disabled'],
  });
}

describe.runIf(hasChromium)('remote commands in Chromium against the real server', () => {
  let server: VigiaServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let demo: TokenResponse;
  let generator: DeviceRow;
  let silent: DeviceRow;
  let clienteGenerator: DeviceRow;

  async function api<T>(
    token: string,
    path: string,
    init: { method?: string; body?: unknown } = {},
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${token}`,
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  const typesOf = async (deviceId: number) =>
    (await api<CommandType[]>(demo.access_token, `/api/dispositivos/${deviceId}/comandos/tipos`))
      .body;
  const historyOf = async (deviceId: number) =>
    (await api<CommandHistoryItem[]>(demo.access_token, `/api/dispositivos/${deviceId}/comandos`))
      .body;
  const siteHash = (d: DeviceRow) => `#/${d.sisId}/site/${d.scdId ?? 0}/${d.usinaId ?? 0}/${d.id}`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startVigiaServer({ VIGIA_SIMULATOR: '1' }, { broker: hasMqtt }),
      launchChromium(),
    ]);
    demo = await tokensFor(server.url, 'demo');
    const cliente = await tokensFor(server.url, 'cliente');
    const clienteSystems = (await userInfo(server.url, cliente.access_token)).sistemas.map(
      (s) => s.id,
    );
    const now = Date.now() / 1000;
    const generators = (
      await api<DeviceRowPage>(
        demo.access_token,
        '/api/dispositivos/infosFiltro?limit=500&tipo=gerador&nomes=statusGMG',
      )
    ).body.itens;
    const statusOf = (d: DeviceRow) =>
      d.infos.find((i) => i.nome === 'statusGMG')?.valorAtual?.valor ?? 0;
    const recent = (d: DeviceRow) => d.ultimaLeitura !== null && now - d.ultimaLeitura < 1800;
    const outside = generators.filter((d) => !clienteSystems.includes(d.sisId));
    const off = outside.find((d) => recent(d) && (statusOf(d) & GMG_OFF_BIT) === GMG_OFF_BIT);
    const quiet = outside.find((d) => d.ultimaLeitura === null || now - d.ultimaLeitura > 86_400);
    const own = (
      await api<DeviceRowPage>(cliente.access_token, '/api/dispositivos/infosFiltro?tipo=gerador')
    ).body.itens[0];
    if (!off || !quiet || !own) throw new Error('a demonstração mudou: faltam geradores');
    generator = off;
    silent = quiet;
    clienteGenerator = own;
    context = await desktopContext(browser);
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('refuses a command without a fresh password confirmation, and cliente’s commands', async () => {
    const [type] = await typesOf(generator.id);
    const fresh = await tokensFor(server.url, 'demo');
    const unconfirmed = await api<{ error: string }>(
      fresh.access_token,
      `/api/dispositivos/${generator.id}/comandar`,
      { method: 'POST', body: { comando: type?.id } },
    );
    expect(unconfirmed).toEqual({ status: 403, body: { error: MESSAGES.commandLoginRequired } });

    const cliente = await tokensFor(server.url, 'cliente');
    const confirm = await api(cliente.access_token, '/api/User/confirmarSenha', {
      method: 'POST',
      body: { senha: 'cliente' },
    });
    expect(confirm.status).toBe(403);
    const foreign = await api(cliente.access_token, `/api/dispositivos/${generator.id}/comandar`, {
      method: 'POST',
      body: { comando: type?.id },
    });
    expect(foreign.status).toBe(404);
    const [ownType] = (
      await api<CommandType[]>(
        cliente.access_token,
        `/api/dispositivos/${clienteGenerator.id}/comandos/tipos`,
      )
    ).body;
    const own = await api(
      cliente.access_token,
      `/api/dispositivos/${clienteGenerator.id}/comandar`,
      {
        method: 'POST',
        body: { comando: ownType?.id },
      },
    );
    expect(own).toEqual({ status: 403, body: { error: MESSAGES.noCommandRight } });
  });

  it('cliente sees no command panel on its generator', async () => {
    const clientePage = await (await desktopContext(browser)).newPage();
    try {
      await storeSession(clientePage, server.url, await tokensFor(server.url, 'cliente'));
      await clientePage.goto(`${server.url}/${siteHash(clienteGenerator)}`);
      await clientePage.getByTestId('overview-panel').waitFor({ timeout: 30_000 });
      await clientePage.getByTestId('site-occurrences').waitFor();
      expect(await clientePage.getByTestId('command-panel').count()).toBe(0);
    } finally {
      await clientePage.context().close();
    }
  }, 60_000);

  it('demo starts a generator from its panel: safety warning, confirmation, password; the history shows 1 then 2 and the readings say GMG ON', async () => {
    await storeSession(page, server.url, demo);
    await page.mouse.move(DESKTOP.width - 40, DESKTOP.height - 40);
    await page.goto(`${server.url}/${siteHash(generator)}`);
    const panel = page.getByTestId('command-panel');
    await panel.waitFor({ timeout: 30_000 });
    // The navigation folds to its rail after 2500 ms: the screenshots show the page.
    await expect
      .poll(() => page.getByTestId('side-nav').getAttribute('data-state'), { timeout: 8000 })
      .toBe('collapsed');
    await expect
      .poll(() => page.getByTestId('overview-panel').textContent(), POLL)
      .toContain('GMG OFF');
    await panel.getByRole('row').nth(1).waitFor();

    await panel.getByRole('button', { name: 'Enviar comando' }).click();
    await expect
      .poll(() => panel.getByTestId('command-problem').textContent(), POLL)
      .toBe(MESSAGES.noCommandSelected);

    // Keyboard: focus the command list and pick 'Partir GMG'.
    const select = panel.getByLabel('Comando');
    await select.focus();
    await select.selectOption({ label: 'Partir GMG' });
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: join(SHOTS, 'command-panel-desktop.png') });
    const panelAxe = await new AxeBuilder({ page })
      .include('[data-testid="command-panel"]')
      .analyze();
    expect(
      panelAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
    ).toEqual([]);

    await panel.getByRole('button', { name: 'Enviar comando' }).press('Enter');
    const safety = page.getByRole('dialog');
    await safety.getByText(MESSAGES.commandSafetyWarning).waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SHOTS, 'command-safety-dialog-desktop.png') });
    const dialogAxe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(
      dialogAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
    ).toEqual([]);
    await safety.getByRole('button', { name: MESSAGES.commandSafetySend }).click();

    await page.getByRole('dialog').getByText(MESSAGES.commandConfirm).waitFor();
    // After the opening transition: axe reads colours mid-fade as low contrast.
    await page.waitForTimeout(400);
    const confirmAxe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(
      confirmAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
    ).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: MESSAGES.yes }).click();

    // Recorded in the page as it happens: under load a poll from here can miss
    // the two seconds the simulated device takes to finish.
    await panel.evaluate(recordCommandStates);

    const password = page.getByTestId('command-password-form');
    await password.waitFor();
    await password.getByLabel('Senha').fill('demo');
    await password.getByRole('button', { name: 'Confirmar' }).click();

    await page.getByText(MESSAGES.commandSent).waitFor({ timeout: 10_000 });
    const sent = (await historyOf(generator.id))[0];
    expect(sent).toMatchObject({ nome: 'Partir GMG' });
    const row = panel.locator(`[data-command-id="${sent?.id}"]`);
    await expect
      .poll(() => row.getAttribute('data-status'), { timeout: 30_000, interval: 100 })
      .toBe('2');
    await expect.poll(() => panel.getByTestId('command-send').isDisabled(), POLL).toBe(false);
    const states = await page.evaluate((id) => window.__commandStates?.[String(id)], sent?.id);
    // Acknowledged (1) with the send button disabled, then finished (2) with it enabled again.
    const acknowledged = states?.find((state) => state.status === '1');
    const finished = states?.find((state) => state.status === '2');
    expect(acknowledged).toEqual({ status: '1', sendDisabled: true });
    expect(finished).toEqual({ status: '2', sendDisabled: false });
    expect(states?.indexOf(acknowledged as never)).toBeLessThan(
      states?.indexOf(finished as never) ?? -1,
    );
    await expect
      .poll(() => page.getByTestId('overview-panel').textContent(), { timeout: 30_000 })
      .toContain('GMG ON');
  }, 120_000);

  it('the panel is on TFR sites and plant overviews too, with their own commands', async () => {
    const tfrs = (
      await api<DeviceRowPage>(demo.access_token, '/api/dispositivos/infosFiltro?tipo=tfr&limit=1')
    ).body.itens;
    const plants = (
      await api<DeviceRowPage>(
        demo.access_token,
        '/api/dispositivos/infosFiltro?tipo=usina&limit=1',
      )
    ).body.itens;
    const [tfr] = tfrs;
    const [plant] = plants;
    if (!tfr || !plant?.usinaId) throw new Error('a demonstração mudou: sem TFR ou usina');
    const optionsOf = async () => {
      const panel = page.getByTestId('command-panel');
      await panel.waitFor({ timeout: 30_000 });
      await expect
        .poll(() => panel.getByLabel('Comando').locator('option').count(), POLL)
        .toBeGreaterThan(1);
      return panel.getByLabel('Comando').locator('option').allTextContents();
    };
    await page.goto('about:blank');
    await page.goto(`${server.url}/${siteHash(tfr)}`);
    expect(await optionsOf()).toContain('Abrir disjuntor da rede');
    await page.goto('about:blank');
    await page.goto(`${server.url}/#/${plant.sisId}/usina/${plant.usinaId}`);
    expect(await optionsOf()).toContain('Partir todos os GMGs');
  }, 90_000);

  it('a command to a device that never answers ends expired, and the audit holds every command and refusal', async () => {
    const session = await tokensFor(server.url, 'demo');
    await api(session.access_token, '/api/User/confirmarSenha', {
      method: 'POST',
      body: { senha: 'demo' },
    });
    const [type] = await typesOf(silent.id);
    const sent = await api<{ id: number }>(
      session.access_token,
      `/api/dispositivos/${silent.id}/comandar`,
      { method: 'POST', body: { comando: type?.id } },
    );
    expect(sent.status).toBe(200);
    await expect
      .poll(async () => (await historyOf(silent.id)).find((c) => c.id === sent.body.id), {
        timeout: 60_000,
        interval: 1000,
      })
      .toMatchObject({ statusWebId: 4, status: 'Expirado: sem resposta do dispositivo' });

    const audit = await auditOf(server, generator.id);
    const outcomes = audit.map((a) => `${a.action}:${a.resultado}`);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        'comando.recusado:sem confirmação de senha',
        'comando.recusado:dispositivo fora do usuário',
        'comando.enviado:enviado',
        'comando.estado:status 1',
        'comando.estado:status 2',
      ]),
    );
    expect(audit.find((a) => a.resultado === 'enviado')).toMatchObject({
      userId: expect.any(Number),
      endereco: '127.0.0.1',
    });
    expect(
      (await auditOf(server, clienteGenerator.id)).map((a) => `${a.action}:${a.resultado}`),
    ).toContain('comando.recusado:sem direito');
    expect((await auditOf(server, silent.id)).map((a) => a.resultado)).toEqual(
      expect.arrayContaining(['enviado', 'expirado']),
    );
  }, 90_000);
});
