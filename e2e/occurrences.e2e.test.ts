import { join } from 'node:path';
import type { OccurrenceRow } from '@vigia/contract';
import { ALARM_ROW_STYLES, MESSAGES } from '@vigia/domain';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, mosquittoAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { launchChromium } from './support/browser.js';
import {
  apiAs,
  type BrokeredServer,
  connectPublisher,
  DEMO_GENERATOR,
  type DevicePublisher,
  NORMAL_OIL_TEMP,
  OIL_TEMP_RULE,
  openConsole,
  startServerWithBroker,
} from './support-occurrences.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const hasBroker = await needService('Mosquitto', mosquittoAvailable);

const SHOTS = screenshotDir();

/** The colour of an alarm state as Chromium reports a background (rgb). */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

const background = (row: Locator) =>
  row.evaluate((element) => getComputedStyle(element).backgroundColor);

describe.runIf(hasChromium && hasBroker)('occurrences in Chromium against the real server', () => {
  let server: BrokeredServer;
  let browser: Browser;
  let publisher: DevicePublisher;
  const contexts: BrowserContext[] = [];
  let lastTs = 0;

  /** Reading times strictly increase: ingest keeps the newest current value only. */
  function nextTs(): number {
    lastTs = Math.max(Math.floor(Date.now() / 1000), lastTs + 1);
    return lastTs;
  }

  /**
   * Publishes until `done` holds. The server subscribes through the shared
   * group `$share/vigia`, so on a broker other Vigia nodes use too a message
   * may be delivered to another node: publishing again reaches ours.
   */
  async function publishUntil(
    leituras: Record<string, number>,
    done: () => Promise<boolean>,
    timeoutMs = 20_000,
  ): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      await publisher.publish(DEMO_GENERATOR.id, leituras, nextTs());
      const deadline = Date.now() + 2000;
      while (Date.now() < deadline) {
        if (await done()) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error(`leitura ${JSON.stringify(leituras)} sem efeito em ${timeoutMs} ms`);
  }

  async function activeOilAlarms(): Promise<OccurrenceRow[]> {
    const demo = await apiAs(server, 'demo');
    const response = await demo(
      `/api/ocorrencia/dispositivo/id/ativas?disp_id=${DEMO_GENERATOR.id}&limit=50`,
    );
    const rows = (await response.json()) as OccurrenceRow[];
    return rows.filter((row) => row.nomeAlarme === OIL_TEMP_RULE.nome);
  }

  async function open(
    login: string,
    hash: string,
    viewport: 'desktop' | 'mobile' = 'desktop',
    init?: () => void,
  ) {
    const { context, page } = await openConsole(browser, server, login, hash, viewport, init);
    contexts.push(context);
    return page;
  }

  const table = (page: Page) => page.locator('table[aria-rowcount]');
  const rowWith = (page: Page, ...texts: string[]) => {
    let row = page.locator('tbody tr[data-row-id]');
    for (const text of texts) row = row.filter({ hasText: text });
    return row;
  };

  /** A normal oil temperature, the last alarm (if any) cleared and acknowledged. */
  async function resetOilAlarm(): Promise<void> {
    await publishUntil({ [OIL_TEMP_RULE.tag]: NORMAL_OIL_TEMP }, async () =>
      (await activeOilAlarms()).every((row) => row.horaDesativacao !== null),
    );
    const pending = await activeOilAlarms();
    if (pending.length > 0) {
      const demo = await apiAs(server, 'demo');
      await demo('/api/ocorrencias/reconhece', {
        method: 'POST',
        body: JSON.stringify({ ids: pending.map((row) => row.id) }),
      });
    }
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServerWithBroker(), launchChromium()]);
    publisher = await connectPublisher(server.mqttUrl);
    await resetOilAlarm();
  });

  afterAll(async () => {
    await publisher?.close();
    await browser?.close();
    await server?.stop();
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  it('a reading over MQTT raises a red alarm on the open list; acknowledged it turns yellow, cleared it leaves as cleared-and-acknowledged', async () => {
    const active = await open('demo', `/${DEMO_GENERATOR.sisId}/ocorrencias`);
    await table(active).waitFor();
    const history = await open('demo', `/${DEMO_GENERATOR.sisId}/gestao`);
    await table(history).waitFor();
    // A page that reloaded would lose this.
    await active.evaluate(() => {
      (window as unknown as { marca: number }).marca = 42;
    });

    // 123.45 °C > 105 °C: 'Alta temperatura do óleo' (critico 20), valorFalha shown '123,45'.
    const value = 123.45;
    const shown = '123,45';
    const row = rowWith(active, OIL_TEMP_RULE.nome, shown);
    const publishedAt = Date.now();
    await publishUntil({ [OIL_TEMP_RULE.tag]: value }, () => row.isVisible());
    const seenAfterMs = Date.now() - publishedAt;
    const red = ALARM_ROW_STYLES['active-unacknowledged'];
    expect(await background(row)).toBe(rgb(red.color));
    await expect.poll(() => row.textContent()).toContain(red.label);
    expect(await active.evaluate(() => (window as unknown as { marca?: number }).marca)).toBe(42);
    // Well inside the 60 s poll: the event stream brought it.
    expect(seenAfterMs).toBeLessThan(15_000);
    const historyRow = rowWith(history, OIL_TEMP_RULE.nome, shown);
    await historyRow.waitFor();
    expect(await background(historyRow)).toBe(rgb(red.color));

    // None selected: acknowledging does nothing.
    // aria-disabled keeps it focusable; a click still goes through to the (empty) handler.
    await active.getByRole('button', { name: 'Reconhecer', exact: true }).click({ force: true });
    await active.waitForTimeout(300);
    expect(await active.getByText(MESSAGES.confirmHeader).count()).toBe(0);

    await row.getByRole('checkbox').check();
    await active.getByRole('button', { name: 'Reconhecer (1)' }).click();
    const dialog = active.getByRole('dialog', { name: MESSAGES.confirmHeader });
    // Spec 001 §8's exact text, naming the alarm, its equipment and its site.
    await dialog.getByText(MESSAGES.ackConfirm, { exact: true }).waitFor();
    const named = dialog.getByRole('list', { name: 'Alarmes a reconhecer' }).getByRole('listitem');
    expect(await named.count()).toBe(1);
    const namedText = (await named.textContent()) ?? '';
    expect(namedText).toContain(OIL_TEMP_RULE.nome);
    expect(namedText).toMatch(/Equipamento: \S.*Site: \S/);
    const viewport = active.viewportSize();
    await active.screenshot({ path: join(SHOTS, 'reconhecer-confirmacao-desktop.png') });
    await active.setViewportSize({ width: 390, height: 844 });
    await active.screenshot({ path: join(SHOTS, 'reconhecer-confirmacao-mobile.png') });
    if (viewport) await active.setViewportSize(viewport);
    await dialog.getByRole('button', { name: MESSAGES.yes }).click();
    await active.getByText(MESSAGES.ackSuccess).waitFor();
    const yellow = ALARM_ROW_STYLES['active-acknowledged'];
    await expect.poll(() => background(row)).toBe(rgb(yellow.color));
    await expect.poll(() => row.textContent()).toContain(yellow.label);
    await expect.poll(() => background(historyRow)).toBe(rgb(yellow.color));
    await expect.poll(() => historyRow.textContent()).toContain('Operador Demonstração');

    // Back to normal: the active list drops it, history shows it cleared and acknowledged.
    await publishUntil(
      { [OIL_TEMP_RULE.tag]: NORMAL_OIL_TEMP },
      async () => (await row.count()) === 0,
    );
    const lavender = ALARM_ROW_STYLES.normal;
    await expect.poll(() => background(historyRow)).toBe(rgb(lavender.color));
    await expect.poll(() => historyRow.textContent()).toContain(lavender.label);
    expect(await active.evaluate(() => (window as unknown as { marca?: number }).marca)).toBe(42);
  }, 120_000);

  it('a new critical alarm raises a browser notification once the user allowed it', async () => {
    await resetOilAlarm();
    // Chromium's notification permission cannot be answered headless: a recording stand-in.
    const page = await open('demo', `/${DEMO_GENERATOR.sisId}/ocorrencias`, 'desktop', () => {
      const record = { asked: 0, shown: [] as { title: string; body?: string; tag?: string }[] };
      (window as unknown as { notificacoes: typeof record }).notificacoes = record;
      class RecordingNotification {
        static permission: NotificationPermission = 'default';
        static async requestPermission() {
          record.asked += 1;
          RecordingNotification.permission = 'granted';
          return 'granted' as NotificationPermission;
        }
        constructor(title: string, options?: NotificationOptions) {
          record.shown.push({ title, body: options?.body, tag: options?.tag });
        }
      }
      (window as unknown as { Notification: unknown }).Notification = RecordingNotification;
    });
    const recorded = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              notificacoes: { asked: number; shown: { title: string; body?: string }[] };
            }
          ).notificacoes,
      );
    await table(page).waitFor();
    expect((await recorded()).asked).toBe(0);
    await page.getByRole('button', { name: 'Ativar notificações' }).click();
    await page.getByRole('button', { name: 'Ativar notificações' }).waitFor({ state: 'detached' });
    expect((await recorded()).asked).toBe(1);

    const row = rowWith(page, OIL_TEMP_RULE.nome, '131,25');
    await publishUntil({ [OIL_TEMP_RULE.tag]: 131.25 }, () => row.isVisible());
    await expect
      .poll(async () => (await recorded()).shown)
      .toEqual([
        expect.objectContaining({
          title: 'Alarme crítico',
          body: expect.stringContaining(OIL_TEMP_RULE.nome),
        }),
      ]);

    await publishUntil({ [OIL_TEMP_RULE.tag]: NORMAL_OIL_TEMP }, async () =>
      (await activeOilAlarms()).every((r) => r.horaDesativacao !== null),
    );
    // One notification per alarm: clearing it raises none.
    expect((await recorded()).shown).toHaveLength(1);
  });

  it('history filters by period and text, and validates a custom period', async () => {
    const page = await open('demo', `/${DEMO_GENERATOR.sisId}/gestao`);
    await table(page).waitFor();
    const rowCount = async () => Number(await table(page).getAttribute('aria-rowcount')) - 1;

    // The request the preset causes: longer than today's default window (a refresh or a
    // live reload of the current list may be in flight too).
    const requested = page.waitForRequest((r) => {
      if (!r.url().includes('/api/ocorrencias?')) return false;
      const query = new URL(r.url()).searchParams;
      return Number(query.get('fim')) - Number(query.get('inicio')) > 86_400;
    });
    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Últimos 7 dias' }).click();
    const weekRequest = await requested;
    const url = new URL(weekRequest.url());
    const inicio = Number(url.searchParams.get('inicio'));
    const fim = Number(url.searchParams.get('fim'));
    expect(fim - inicio).toBeGreaterThan(6 * 86_400);
    expect(fim - inicio).toBeLessThan(7 * 86_400);
    expect(url.searchParams.get('alarme')).toBe('true');
    expect(url.searchParams.has('evento')).toBe(false);
    // The week's count is the answer's, not the table's: the table may still be drawing the
    // day's rows when it is read.
    const weekAnswer = await weekRequest.response();
    if (!weekAnswer) throw new Error('the week was asked for and not answered');
    const weekRows = ((await weekAnswer.json()) as unknown[]).length;
    expect(weekRows).toBeGreaterThan(0);
    await expect.poll(rowCount).toBeGreaterThan(0);

    const filtered = page.waitForResponse(
      (r) => r.url().includes('filtroTexto=comunica') && r.status() === 200,
    );
    await page.getByRole('searchbox', { name: 'Filtrar' }).fill('comunicação');
    const filteredRows = ((await (await filtered).json()) as unknown[]).length;
    expect(filteredRows).toBeLessThanOrEqual(weekRows);
    // Every row left is of the text. (Its count is at most the week's, not below it: the demo's
    // week, which follows the hour it was seeded at, may hold communication failures only.)
    const rowTexts = () => page.locator('tbody tr[data-row-id]').allTextContents();
    await expect
      .poll(async () => {
        const texts = await rowTexts();
        return texts.length > 0 && texts.every((text) => text.includes('Falha de comunicação'));
      })
      .toBe(true);

    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Período', exact: true }).click();
    const start = page.getByLabel('Data Inicial');
    const end = page.getByLabel('Data Final');
    await start.fill('2025-03-10T08:00');
    await end.fill('2025-03-09T08:00');
    await page.getByRole('alert').filter({ hasText: MESSAGES.endBeforeStart }).waitFor();
    await end.fill('2025-04-20T08:00');
    await page.getByRole('alert').filter({ hasText: MESSAGES.periodTooLong }).waitFor();
    await end.fill('2025-03-20T08:00');
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
  });

  it('scrolling to the end of a long list loads the next page', async () => {
    // More than one page of 100: the plants' occurrences of the last 30 days.
    const page = await open('demo', '/200/gestao');
    await table(page).waitFor();
    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Últimos 30 dias' }).click();
    const rowCount = async () => Number(await table(page).getAttribute('aria-rowcount')) - 1;
    await expect.poll(rowCount).toBe(100);
    const next = page.waitForRequest((r) => /[?&]offSet=100(&|$)/.test(r.url()));
    await page.getByTestId('ocorrencias-gestao-scroll').evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await next;
    await expect.poll(rowCount).toBeGreaterThan(100);
  });

  it("'cliente' cannot acknowledge another system's occurrence (404), 'demo' can", async () => {
    const demo = await apiAs(server, 'demo');
    const rows = (await (
      await demo(`/api/ocorrencia/sistema/ativas?sisid=${DEMO_GENERATOR.sisId}&limit=5`)
    ).json()) as OccurrenceRow[];
    const target = rows.find((row) => row.horaAck === null);
    expect(target).toBeDefined();
    const body = JSON.stringify({ ids: [target?.id] });

    const cliente = await apiAs(server, 'cliente');
    const refused = await cliente('/api/ocorrencias/reconhece', { method: 'POST', body });
    expect(refused.status).toBe(404);
    const after = (await (
      await demo(`/api/ocorrencia/sistema/ativas?sisid=${DEMO_GENERATOR.sisId}&limit=100`)
    ).json()) as OccurrenceRow[];
    expect(after.find((row) => row.id === target?.id)?.horaAck).toBeNull();

    const accepted = await demo('/api/ocorrencias/reconhece', { method: 'POST', body });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ reconhecidas: [target?.id] });
  });

  it('every occurrence screen opens on its list', async () => {
    const screens = [
      '/0/ocorrenciasSistemas',
      '/121/ocorrencias',
      '/121/gestao',
      '/200/usina/1/ocorrencias/ocorrencias/ativas',
      '/200/usina/1/ocorrencias/ocorrencias/historico',
      '/200/scd/1/ocorrencias/ocorrencias/scd/ativas',
      '/200/scd/1/ocorrencias/ocorrencias/scd/historico',
      '/220/venue/1/ocorrencias/ativas',
      `/121/site/0/0/${DEMO_GENERATOR.id}/ocorrencias/ativas`,
      `/121/site/0/0/${DEMO_GENERATOR.id}/ocorrencias/historico`,
      '/179/status-ocorrencias',
    ];
    const page = await open('demo', screens[0] as string);
    for (const hash of screens) {
      const listed = page.waitForResponse((r) =>
        /\/api2?\/(ocorrencia|DataOccurrence)/.test(new URL(r.url()).pathname),
      );
      await page.goto(`${server.url}/#${hash}`);
      expect((await listed).status(), hash).toBe(200);
      await table(page).waitFor();
      expect(await page.getByRole('alert').count(), hash).toBe(0);
    }
  });

  it('screenshots of the active list, history and health-plan review', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const active = await open('demo', `/${DEMO_GENERATOR.sisId}/ocorrencias`, viewport);
      await table(active).waitFor();
      await active.waitForTimeout(3000);
      await active.screenshot({ path: join(SHOTS, `ocorrencias-ativas-${viewport}.png`) });

      const history = await open(
        'demo',
        '/200/usina/1/ocorrencias/ocorrencias/historico',
        viewport,
      );
      await table(history).waitFor();
      await history.getByRole('combobox', { name: 'Período' }).click();
      await history.getByRole('option', { name: 'Últimos 7 dias' }).click();
      await expect.poll(() => history.locator('tbody tr[data-row-id]').count()).toBeGreaterThan(0);
      await history.waitForTimeout(3000);
      await history.screenshot({ path: join(SHOTS, `ocorrencias-historico-${viewport}.png`) });

      const review = await open('demo', '/179/status-ocorrencias', viewport);
      await table(review).waitFor();
      await review.getByRole('combobox', { name: 'Período' }).click();
      await review.getByRole('option', { name: 'Últimos 7 dias' }).click();
      await expect.poll(() => review.locator('tbody tr[data-row-id]').count()).toBeGreaterThan(0);
      await review.waitForTimeout(3000);
      await review.screenshot({ path: join(SHOTS, `ocorrencias-plano-saude-${viewport}.png`) });
    }
  }, 150_000);
});
