import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';

/**
 * External services the integration and browser tests use. With
 * VIGIA_REQUIRE_SERVICES=1 (set by .ci/run) a missing one fails the run;
 * otherwise the tests that need it are skipped with a reason.
 */
export const REQUIRE_SERVICES = process.env.VIGIA_REQUIRE_SERVICES === '1';

export const POSTGRES_URL =
  process.env.VIGIA_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const MQTT_URL = process.env.VIGIA_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Whether something accepts TCP connections on host:port. */
export function portOpen(host: string, port: number, timeoutMs = 1500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A TCP port free on 127.0.0.1 right now (for a server a test starts itself). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const postgresAvailable = () => {
  const url = new URL(POSTGRES_URL);
  return portOpen(url.hostname, Number(url.port || 5432));
};

export const mqttAvailable = () => {
  const url = new URL(MQTT_URL);
  return portOpen(url.hostname, Number(url.port || 1883));
};

export const chromiumAvailable = async () => existsSync(CHROMIUM_PATH);

/** Mosquitto's binary, for the brokers a test starts on its own port. */
export const mosquittoAvailable = async () =>
  spawnSync('sh', ['-c', 'command -v mosquitto']).status === 0;

/**
 * Resolves whether a service is there. When it is not and the run requires
 * services, throws so the suite fails loudly instead of skipping.
 */
export async function needService(name: string, probe: () => Promise<boolean>): Promise<boolean> {
  const up = await probe();
  if (!up && REQUIRE_SERVICES) {
    throw new Error(
      `${name} indisponível e VIGIA_REQUIRE_SERVICES=1: a execução falha em vez de pular.`,
    );
  }
  if (!up) console.warn(`[tests] ${name} indisponível: testes que dependem dele foram pulados.`);
  return up;
}
