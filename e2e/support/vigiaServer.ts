import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBroker } from './broker.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_ENTRY = join(REPO_ROOT, 'apps/server/dist/server.js');
export const WEB_DIST = join(REPO_ROOT, 'apps/web/dist');

/** What the e2e global setup (support/globalSetup.ts) leaves for each file's server and browser. */
export const E2E_ENV = {
  /** A SQLite file with the demo seeded (`DEMO_SEED`), copied by each server. */
  templateDb: 'VIGIA_E2E_TEMPLATE_DB',
  /** The run's Chromium (`launchServer`), which `launchChromium()` connects to. */
  chromiumEndpoint: 'VIGIA_E2E_CHROMIUM_WS',
} as const;

/** The demo the e2e servers start with: the server's own seed at `VIGIA_DEMO=1`, `VIGIA_SEED=1`. */
export const DEMO_SEED = { seed: 1, users: true } as const;

export interface VigiaServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The server's VIGIA_DATA_DIR (issued device keys in `chaves-dispositivos.txt`). */
  dataDir: string;
  /** The server's own broker (`startVigiaServer(env, { broker: true })`), where its devices publish. */
  mqttUrl?: string;
  /** Everything the process wrote (pino JSON lines and stderr), for failure reports. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The e2e suite drives the built console served by the built server, as in
 * production. CI builds both before Vitest; a local run builds what is missing
 * (run `npm run build` yourself after changing sources).
 */
export function ensureBuilt(): void {
  if (existsSync(SERVER_ENTRY) && existsSync(join(WEB_DIST, 'index.html'))) return;
  // As CI builds it: under Vitest NODE_ENV is 'test', which would bundle React's development build.
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0)
    throw new Error('npm run build falhou: sem build não há teste ponta a ponta');
}

/**
 * Starts the real Vigia server as a child process on a free port, with the
 * demo users on a throwaway SQLite file, and resolves once it listens. The
 * file is a copy of the run's seeded template when there is one (and `env`
 * asks for no other database or seed); otherwise the server seeds it itself.
 */
export async function startVigiaServer(
  env: Record<string, string> = {},
  options: {
    timeoutMs?: number;
    /** MQTT ingest and commands on a Mosquitto of this server's own (`mqttUrl`). */
    broker?: boolean;
  } = {},
): Promise<VigiaServer> {
  const { timeoutMs = 120_000 } = options;
  ensureBuilt();
  const broker = options.broker ? await startBroker() : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'vigia-e2e-'));
  const template = process.env[E2E_ENV.templateDb];
  const ownDemo = ['DATABASE_URL', 'VIGIA_DEMO', 'VIGIA_SEED'].some((name) => name in env);
  if (template && !ownDemo) copyFileSync(template, join(dir, 'vigia.db'));
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `sqlite:${join(dir, 'vigia.db')}`,
      VIGIA_DATA_DIR: dir,
      VIGIA_DEMO: '1',
      VIGIA_SEED: String(DEMO_SEED.seed),
      VIGIA_SIMULATOR: '0',
      VIGIA_WEB_DIST: WEB_DIST,
      // Its own MQTT share group: servers of other runs on the same broker keep their readings.
      VIGIA_MQTT_GROUP: `e2e-${process.pid}-${Date.now().toString(36)}`,
      LOG_LEVEL: 'info',
      ...(broker ? { MQTT_URL: broker.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await broker?.stop();
    rmSync(dir, { recursive: true, force: true });
  };

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`servidor não subiu em ${timeoutMs} ms:\n${output.slice(-4000)}`));
    }, timeoutMs);
    const poll = setInterval(() => {
      const match = /Vigia no ar em (https?:\/\/[^\s,)"]+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      clearInterval(poll);
      resolve(match[1].replace('localhost', '127.0.0.1'));
    }, 50);
    void exited.then(() => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`servidor saiu antes de escutar:\n${output.slice(-4000)}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  return {
    url,
    dataDir: dir,
    ...(broker ? { mqttUrl: broker.url } : {}),
    output: () => output,
    stop,
  };
}
