import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { tokensFor } from './support/api.js';
import { desktopContext, mobileContext, storeSession } from './support/browser.js';
import { startVigiaServer, type VigiaServer } from './support/vigiaServer.js';

/**
 * What the occurrence e2e tests and the alarm-latency bench add to e2e/support:
 * a server reading from the real broker, readings published over MQTT, and a
 * signed-in page on a console route.
 */

/** The first generator of the demo fleet: 'GMG ERB São Paulo Paulista', system 121 (demo's, not cliente's). */
export const DEMO_GENERATOR = { id: 1001, sisId: 121, patrimonio: 'GMG1' } as const;
/** Its rule 'Alta temperatura do óleo': OilTemp > 105 °C, critico 20, deadband 5 (seed catalogue). */
export const OIL_TEMP_RULE = { tag: 'OilTemp', nome: 'Alta temperatura do óleo', limit: 105 };
export const NORMAL_OIL_TEMP = 85;

/** A server with MQTT ingest on a broker of its own. */
export type BrokeredServer = VigiaServer & { mqttUrl: string };

/**
 * The real server with MQTT ingest on a broker of its own (`mqttUrl`) and no
 * simulator, so every alarm on screen comes from the test. `VIGIA_E2E_WEB_DIST`
 * serves a console built elsewhere (a local run next to other work on apps/web/dist).
 */
export async function startServerWithBroker(
  extra: Record<string, string> = {},
): Promise<BrokeredServer> {
  const web = process.env.VIGIA_E2E_WEB_DIST;
  const server = await startVigiaServer(
    { VIGIA_SIMULATOR: '0', ...(web ? { VIGIA_WEB_DIST: web } : {}), ...extra },
    { broker: true },
  );
  if (!server.mqttUrl) throw new Error('servidor sem broker próprio');
  return { ...server, mqttUrl: server.mqttUrl };
}

export interface DevicePublisher {
  /** Publishes `{ ts, leituras }` on `vigia/dispositivos/{id}/leituras` (QoS 1) and resolves once the broker has it. */
  publish(deviceId: number, leituras: Record<string, number>, ts?: number): Promise<void>;
  close(): Promise<void>;
}

export async function connectPublisher(url: string): Promise<DevicePublisher> {
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: `vigia-e2e-ocorrencias-${process.pid}-${Date.now()}`,
    reconnectPeriod: 0,
  });
  return {
    async publish(deviceId, leituras, ts = Math.floor(Date.now() / 1000)) {
      await client.publishAsync(
        `vigia/dispositivos/${deviceId}/leituras`,
        JSON.stringify({ ts, leituras }),
        { qos: 1 },
      );
    },
    close: () => client.endAsync(),
  };
}

/** A page of `login` (password = login) on the console route `hashPath` ('/121/ocorrencias'). */
export async function openConsole(
  browser: Browser,
  server: VigiaServer,
  login: string,
  hashPath: string,
  viewport: 'desktop' | 'mobile' = 'desktop',
  /** Runs in every page of the context before the console's scripts. */
  init?: () => void,
): Promise<{ context: BrowserContext; page: Page }> {
  const context =
    viewport === 'mobile' ? await mobileContext(browser) : await desktopContext(browser);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await storeSession(page, server.url, await tokensFor(server.url, login));
  await page.goto(`${server.url}/#${hashPath}`);
  return { context, page };
}

/** Calls the API as `login`. */
export async function apiAs(server: VigiaServer, login: string) {
  const { access_token } = await tokensFor(server.url, login);
  return (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${access_token}`,
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
    });
}
