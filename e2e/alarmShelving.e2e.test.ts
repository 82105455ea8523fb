import { join } from 'node:path';
import type { DeviceRow, DeviceRowPage, OccurrenceRow } from '@vigia/contract';
import { SHELVING_MESSAGES } from '@vigia/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, mosquittoAvailable, needService } from '../test-support/services.js';
import { screenshotDir } from './screenshotDir.js';
import { launchChromium } from './support/browser.js';
import {
  apiAs,
  type BrokeredServer,
  connectPublisher,
  type DevicePublisher,
  NORMAL_OIL_TEMP,
  OIL_TEMP_RULE,
  openConsole,
  startServerWithBroker,
} from './support-occurrences.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const hasBroker = await needService('Mosquitto', mosquittoAvailable);

const SHOTS = screenshotDir('alarm-shelving');
/** The shortest shelf this server allows; the dialog offers it ('20 segundos'). */
const SHORT_SHELF_S = 20;
const RAISES = 8;

/**
 * ISA-18.2 shelving end to end: a generator whose oil temperature chatters
 * over and under its limit floods its active list; shelving the flood with a
 * reason empties the list and the counter, new raises of the shelved alarm
 * stay out, and the alarms come back by themselves when the shelf ends. The
 * server runs with chattering suppression off (VIGIA_ALARM_CHATTER_S=0), so
 * each raise is an occurrence of its own (the suppression is the engine's
 * chatter.db.test.ts), and with shelves of 20 s returned every second.
 */
describe.runIf(hasChromium && hasBroker)(
  'alarm shelving in Chromium against the real server',
  () => {
    let server: BrokeredServer;
    let browser: Browser;
    let publisher: DevicePublisher;
    let generator: DeviceRow;
    const contexts: BrowserContext[] = [];
    let lastTs = 0;

    const nextTs = () => {
      lastTs = Math.max(Math.floor(Date.now() / 1000), lastTs + 1);
      return lastTs;
    };

    async function api<T>(path: string, init?: RequestInit): Promise<T> {
      const demo = await apiAs(server, 'demo');
      const response = await demo(path, init);
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    }
    const activeRows = () =>
      api<OccurrenceRow[]>(`/api/ocorrencia/site/id/ativas?disp_id=${generator.id}&limit=500`);
    const counter = async () =>
      (await api<{ total: number }>(`/api/ocorrencias?alarmeativo=true&disp_id=${generator.id}`))
        .total;

    /** Publishes one oil temperature and waits until `done` holds (a message may reach another node of the share group). */
    async function publishUntil(oil: number, done: () => Promise<boolean>, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        await publisher.publish(generator.id, { [OIL_TEMP_RULE.tag]: oil }, nextTs());
        const deadline = Date.now() + 2000;
        while (Date.now() < deadline) {
          if (await done()) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      throw new Error(`OilTemp ${oil} sem efeito em ${timeoutMs} ms`);
    }

    /** One raise and clear of the oil alarm; resolves once both are stored. */
    async function chatterOnce(): Promise<void> {
      const before = (await activeRows()).length;
      await publishUntil(123, async () =>
        (await activeRows()).some((r) => r.horaDesativacao === null),
      );
      await publishUntil(NORMAL_OIL_TEMP, async () => {
        const rows = await activeRows();
        return rows.length > before && rows.every((r) => r.horaDesativacao !== null);
      });
    }

    async function open(hash: string): Promise<Page> {
      const { context, page } = await openConsole(browser, server, 'demo', hash);
      contexts.push(context);
      return page;
    }
    const siteHash = (suffix = '') =>
      `/${generator.sisId}/site/${generator.scdId ?? 0}/${generator.usinaId ?? 0}/${generator.id}${suffix && `/${suffix}`}`;
    const rowsOf = (page: Page) =>
      page.locator('tbody tr[data-row-id]').filter({ hasText: OIL_TEMP_RULE.nome });

    beforeAll(async () => {
      [server, browser] = await Promise.all([
        startServerWithBroker({
          VIGIA_ALARM_CHATTER_S: '0',
          VIGIA_ALARM_SHELVE_MIN_S: String(SHORT_SHELF_S),
          VIGIA_ALARM_SHELVE_SWEEP_MS: '1000',
        }),
        launchChromium(),
      ]);
      publisher = await connectPublisher(server.mqttUrl);
      const { sistemas } = await api<{ sistemas: { id: number }[] }>('/api/User/userinfo');
      const demoSystems = new Set(sistemas.map((s) => s.id));
      const now = Date.now() / 1000;
      const generators = (
        await api<DeviceRowPage>('/api/dispositivos/infosFiltro?limit=500&tipo=gerador')
      ).itens.filter(
        (d) => demoSystems.has(d.sisId) && d.ultimaLeitura !== null && now - d.ultimaLeitura < 1800,
      );
      for (const d of generators) {
        const pending = await api<OccurrenceRow[]>(
          `/api/ocorrencia/site/id/ativas?disp_id=${d.id}&limit=1`,
        );
        if (pending.length === 0) {
          generator = d;
          break;
        }
      }
      if (!generator) throw new Error('a demonstração mudou: nenhum gerador sem alarmes pendentes');
      // A normal temperature first: the next raise is a change.
      await publisher.publish(generator.id, { [OIL_TEMP_RULE.tag]: NORMAL_OIL_TEMP }, nextTs());
    }, 180_000);

    afterAll(async () => {
      await publisher?.close();
      await browser?.close();
      await server?.stop();
    });
    afterEach(async () => {
      await Promise.all(contexts.splice(0).map((context) => context.close()));
    });

    it('a chattering generator floods its active list; shelved with a reason the list and the counter empty, and the alarms come back when the shelf ends', async () => {
      const page = await open(siteHash('ocorrencias/ativas'));
      await page.locator('table[aria-rowcount]').waitFor();

      for (let i = 0; i < RAISES; i++) await chatterOnce();
      // The last raise stays active, so the counter has one.
      await publishUntil(123, async () => (await counter()) === 1);
      await expect.poll(() => rowsOf(page).count(), { timeout: 15_000 }).toBe(RAISES + 1);
      await page.screenshot({ path: join(SHOTS, '1-avalanche.png') });

      // Select all, shelve with a reason for the shortest time.
      await page.getByRole('checkbox', { name: 'Selecionar todos' }).check();
      await page
        .getByRole('button', { name: `${SHELVING_MESSAGES.shelve} (${RAISES + 1})` })
        .click();
      const dialog = page.getByRole('dialog', { name: SHELVING_MESSAGES.shelveTitle });
      await dialog.waitFor();
      // The reason is required.
      await dialog.getByRole('button', { name: SHELVING_MESSAGES.shelve }).click();
      await dialog.getByText(SHELVING_MESSAGES.reasonRequired).waitFor();
      await dialog.getByLabel(SHELVING_MESSAGES.reason).fill('Sensor de temperatura oscilando');
      await dialog
        .getByLabel(SHELVING_MESSAGES.duration)
        .selectOption({ label: `${SHORT_SHELF_S} segundos` });
      await page.screenshot({ path: join(SHOTS, '2-dialogo.png') });
      const shelvedAt = Date.now();
      await dialog.getByRole('button', { name: SHELVING_MESSAGES.shelve }).click();
      await page.getByText(SHELVING_MESSAGES.shelveSuccess).waitFor();

      await expect.poll(() => rowsOf(page).count(), { timeout: 10_000 }).toBe(0);
      expect(await counter()).toBe(0);
      expect(await activeRows()).toEqual([]);

      // Still chattering: new raises of the shelved alarm are born shelved.
      await publishUntil(NORMAL_OIL_TEMP, async () => true);
      await publishUntil(123, async () => true);
      await page.waitForTimeout(1500);
      expect(await rowsOf(page).count()).toBe(0);
      expect(await counter()).toBe(0);

      // The shelved tab lists them with the reason and who shelved.
      await page.getByRole('tab', { name: SHELVING_MESSAGES.shelved }).click();
      const shelvedRows = rowsOf(page);
      await expect.poll(() => shelvedRows.count()).toBeGreaterThanOrEqual(RAISES + 1);
      await expect
        .poll(() => shelvedRows.first().textContent())
        .toContain('Sensor de temperatura oscilando');
      expect(await shelvedRows.first().textContent()).toContain('Operador Demonstração');
      await page.screenshot({ path: join(SHOTS, '3-suprimidos.png') });

      // The shelf ends: they come back by themselves (live, no reload).
      await page.getByRole('tab', { name: 'Ativos' }).click();
      await expect
        .poll(() => rowsOf(page).count(), { timeout: (SHORT_SHELF_S + 15) * 1000 })
        .toBeGreaterThanOrEqual(RAISES + 1);
      expect(Date.now() - shelvedAt).toBeGreaterThanOrEqual((SHORT_SHELF_S - 1) * 1000);
      expect(await counter()).toBe(1);
      await page.screenshot({ path: join(SHOTS, '4-retorno.png') });
    }, 240_000);

    it('acknowledged from the active list, the history row names who acknowledged', async () => {
      const page = await open(siteHash('ocorrencias/ativas'));
      const row = rowsOf(page).first();
      await row.waitFor();
      await row.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Reconhecer (1)' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sim' }).click();
      const history = await open(siteHash('ocorrencias/historico'));
      await expect
        .poll(() => rowsOf(history).filter({ hasText: 'Operador Demonstração' }).count(), {
          timeout: 15_000,
        })
        .toBeGreaterThanOrEqual(1);
      await history.screenshot({ path: join(SHOTS, '5-historico.png') });
    }, 120_000);

    it('a device out of service leaves the active list until it is put back', async () => {
      const before = await counter();
      expect(before).toBeGreaterThan(0);
      const page = await open(siteHash());
      const takeOut = page.getByRole('button', { name: SHELVING_MESSAGES.takeOutOfService });
      await takeOut.waitFor({ timeout: 30_000 });
      await takeOut.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: SHELVING_MESSAGES.outOfServiceTitle });
      await dialog.getByLabel(SHELVING_MESSAGES.reason).fill('Troca do radiador');
      await dialog.getByRole('button', { name: SHELVING_MESSAGES.takeOutOfService }).click();
      await page.getByText(SHELVING_MESSAGES.outOfServiceSuccess).waitFor();
      await page.getByText('Troca do radiador').waitFor();
      await expect.poll(counter).toBe(0);
      await page.screenshot({ path: join(SHOTS, '6-fora-de-servico.png') });

      await page.getByRole('button', { name: SHELVING_MESSAGES.putBackInService }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sim' }).click();
      await page.getByText(SHELVING_MESSAGES.inServiceSuccess).waitFor();
      await expect.poll(counter).toBe(before);
    }, 120_000);
  },
);
