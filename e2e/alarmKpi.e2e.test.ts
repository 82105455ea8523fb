import { join } from 'node:path';
import type { AlarmKpi } from '@vigia/contract';
import { ALARM_KPI, MESSAGES, periodPreset } from '@vigia/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  OIL_TEMP_RULE,
  openConsole,
  startServerWithBroker,
} from './support-occurrences.js';

const hasChromium = await needService('Chromium', chromiumAvailable);
const hasBroker = await needService('Mosquitto', mosquittoAvailable);

const SHOTS = screenshotDir();
/** Raises of the chattering generator: well over the flood limit in one 10-minute window. */
const RAISES = 20;
/** A cold server's first lazy chunk and query take a few seconds. */
const POLL = { timeout: 20_000, interval: 250 };
/** The side navigation shows expanded for 2.5 s on arrival (spec 001 §9), over the page. */
const NAV_COLLAPSE_MS = 2500;

describe.runIf(hasChromium && hasBroker)(
  'alarm KPIs and comments in Chromium against the real server',
  () => {
    let server: BrokeredServer;
    let browser: Browser;
    let publisher: DevicePublisher;
    const contexts: BrowserContext[] = [];

    async function open(hash: string): Promise<Page> {
      const { context, page } = await openConsole(browser, server, 'demo', hash);
      contexts.push(context);
      return page;
    }

    async function todaysKpi(): Promise<AlarmKpi> {
      const demo = await apiAs(server, 'demo');
      const { inicio, fim } = periodPreset('hoje', new Date());
      const response = await demo(
        `/api/ocorrencias/indicadores?sisid=${DEMO_GENERATOR.sisId}&inicio=${inicio}&fim=${fim}`,
      );
      return (await response.json()) as AlarmKpi;
    }

    const isChattering = (kpi: AlarmKpi) =>
      kpi.oscilantes.find(
        (o) => o.idDispositivo === DEMO_GENERATOR.id && o.nomeAlarme === OIL_TEMP_RULE.nome,
      );

    beforeAll(async () => {
      [server, browser] = await Promise.all([startServerWithBroker(), launchChromium()]);
      publisher = await connectPublisher(server.mqttUrl);
      // Oil temperature alternating around its limit (105 °C, deadband 5): a raise every 2 s,
      // all inside one 10-minute window that has already begun.
      const now = Math.floor(Date.now() / 1000);
      const window = Math.floor(now / ALARM_KPI.windowSec) * ALARM_KPI.windowSec;
      const base = now - window >= 2 * RAISES + 10 ? window + 5 : window - 2 * RAISES - 60;
      for (let k = 0; k < RAISES; k++) {
        await publisher.publish(DEMO_GENERATOR.id, { [OIL_TEMP_RULE.tag]: 112 }, base + 2 * k);
        await publisher.publish(DEMO_GENERATOR.id, { [OIL_TEMP_RULE.tag]: 90 }, base + 2 * k + 1);
      }
    }, 120_000);

    afterAll(async () => {
      await publisher?.close();
      await browser?.close();
      await server?.stop();
    });

    afterEach(async () => {
      await Promise.all(contexts.splice(0).map((context) => context.close()));
    });

    it('a generator chattering over MQTT floods a 10-minute window: the KPI page shows the flood and puts it first in the top 10 and among the chattering alarms', async () => {
      const deadline = Date.now() + 30_000;
      let kpi = await todaysKpi();
      while ((isChattering(kpi)?.total ?? 0) < RAISES && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        kpi = await todaysKpi();
      }
      expect(isChattering(kpi)?.total).toBeGreaterThanOrEqual(RAISES);
      expect(kpi.inundacao.janelas).toBeGreaterThanOrEqual(1);
      expect(kpi.top10[0]).toMatchObject({
        idDispositivo: DEMO_GENERATOR.id,
        nomeAlarme: OIL_TEMP_RULE.nome,
      });

      const page = await open(`/${DEMO_GENERATOR.sisId}/alarmes/indicadores`);
      await page.getByRole('heading', { name: 'Indicadores de Alarmes', level: 1 }).waitFor();
      const peak = page.getByRole('group', { name: 'Pico em 10 min' });
      await peak.waitFor();
      await expect
        .poll(async () => Number(await peak.locator('p').nth(1).textContent()), POLL)
        .toBeGreaterThanOrEqual(RAISES);
      expect(await peak.textContent()).toContain('Muito acima da orientação');
      const flood = page.getByRole('group', { name: 'Tempo em inundação' });
      expect(await flood.textContent()).toMatch(/[1-9]\d* de \d+ janelas de 10 min/);
      await expect
        .poll(() => page.locator('figcaption').textContent(), POLL)
        .toMatch(/^Janelas em inundação: \d\d\/\d\d\/\d{4} \d\d:\d\d \((\d+)\)/);
      const chart = page.getByRole('img', { name: /Alarmes por janela de 10 minutos/ });
      expect(await chart.locator('canvas').count()).toBeGreaterThan(0);

      const top = page.getByRole('table', { name: 'Os 10 alarmes mais frequentes' });
      const first = top.locator('tbody tr').first();
      expect(await first.textContent()).toContain(DEMO_GENERATOR.patrimonio);
      expect(await first.textContent()).toContain(OIL_TEMP_RULE.nome);
      const chattering = page.getByRole('table', { name: 'Alarmes oscilantes' });
      expect(await chattering.textContent()).toContain(OIL_TEMP_RULE.nome);
      await page.waitForTimeout(NAV_COLLAPSE_MS + 500);
      await page.screenshot({ path: join(SHOTS, 'indicadores-alarmes.png'), fullPage: true });

      // The client-systems view: every system of demo's, this one in flood.
      const all = await open('/0/indicadoresAlarmesSistemas');
      const systems = all.getByRole('table', { name: 'Indicadores por sistema' });
      await systems.waitFor();
      const row = systems.locator('tbody tr').filter({ hasText: 'Geradores Telecom' });
      expect(await row.count()).toBe(1);
      await all.waitForTimeout(NAV_COLLAPSE_MS + 500);
      await all.screenshot({
        path: join(SHOTS, 'indicadores-alarmes-sistemas.png'),
        fullPage: true,
      });
    }, 120_000);

    it("a comment is added and deleted on the occurrence's detail with the spec's texts", async () => {
      const page = await open(`/${DEMO_GENERATOR.sisId}/ocorrencias`);
      const detailButton = page
        .getByRole('button', { name: `Detalhes e comentários: ${OIL_TEMP_RULE.nome}` })
        .first();
      await detailButton.waitFor().catch(async (error) => {
        await page.screenshot({ path: join(SHOTS, 'ocorrencia-comentarios-falha.png') });
        throw error;
      });
      await detailButton.click();
      const dialog = page.getByRole('dialog', { name: 'Detalhes da ocorrência' });
      await dialog.waitFor();
      await dialog.getByText('Nenhum comentário.').waitFor();

      const text = `Sensor de temperatura oscilando: técnico acionado (${Date.now()})`;
      await dialog.getByLabel('Novo comentário').fill(text);
      await dialog.getByRole('button', { name: 'Comentar' }).click();
      const comment = dialog.getByTestId('comentario').filter({ hasText: text });
      await comment.waitFor();
      expect(await comment.textContent()).toContain('Demo');
      await page.screenshot({ path: join(SHOTS, 'ocorrencia-comentarios.png') });

      await comment.getByRole('button', { name: /Apagar/ }).click();
      const ask = page
        .getByRole('dialog')
        .filter({ hasText: 'Deseja realmente apagar esse comentário?' });
      await ask.waitFor();
      expect(MESSAGES.commentDeleteConfirm).toBe('Deseja realmente apagar esse comentário?');
      await ask.getByRole('button', { name: 'Sim' }).click();
      await page.getByText('Comentario apagado com sucesso!').waitFor();
      await comment.waitFor({ state: 'detached' });
      await dialog.getByText('Nenhum comentário.').waitFor();
    }, 120_000);
  },
);
