import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TokenResponse } from '@vigia/contract';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Store } from '../store/database.js';
import { openDemoTestStore } from './databaseTemplates.js';

export const DEMO_USERS = {
  demo: { username: 'demo', password: 'demo' },
  cliente: { username: 'cliente', password: 'cliente' },
  admin: { username: 'admin', password: 'admin' },
  bloqueado: { username: 'bloqueado', password: 'bloqueado' },
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  store: Store;
  /** Password grant through `POST /oauth/token`; throws unless it answers 200. */
  login(user: DemoUser, options?: { remoteAddress?: string }): Promise<TokenResponse>;
  /** `{ authorization: 'Bearer …' }` for a fresh sign-in of `user`. */
  authHeader(user: DemoUser): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/**
 * Environment for a test app: no demo seeding by the config, no SPA, short
 * everything, a signing key of its own (no key file; `VIGIA_JWT_SECRET: ''` for the file).
 */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    DATABASE_URL: 'sqlite::memory:',
    VIGIA_DEMO: '0',
    VIGIA_WEB_DIST: join(tmpdir(), `vigia-no-web-${randomBytes(4).toString('hex')}`),
    VIGIA_JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * The app in process on a throwaway store (`VIGIA_TEST_DB` picks SQLite or
 * PostgreSQL) with the seeded demo fleet and demo users.
 */
export async function startTestApp(
  options: { env?: Record<string, string>; store?: Store } & Partial<
    Pick<AppOptions, 'loginLimits' | 'bus' | 'eventsHeartbeatMs' | 'logger' | 'ingest' | 'commands'>
  > = {},
): Promise<TestApp> {
  const store = options.store ?? (await openDemoTestStore());
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    store,
    logger: options.logger ?? false,
    loginLimits: options.loginLimits,
    bus: options.bus,
    eventsHeartbeatMs: options.eventsHeartbeatMs,
    ingest: options.ingest,
    commands: options.commands,
  });
  let address = 0;
  const login = async (user: DemoUser, opts: { remoteAddress?: string } = {}) => {
    // A distinct address per sign-in keeps helper logins clear of the rate limit under test.
    address += 1;
    const response = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: FORM,
      remoteAddress: opts.remoteAddress ?? `10.99.${(address >> 8) & 255}.${address & 255}`,
      payload: form({ grant_type: 'password', client_id: 'vigia-web', ...DEMO_USERS[user] }),
    });
    if (response.statusCode !== 200) {
      throw new Error(`login ${user}: ${response.statusCode} ${response.body}`);
    }
    return response.json<TokenResponse>();
  };
  return {
    app,
    config,
    store,
    login,
    async authHeader(user) {
      return { authorization: `Bearer ${(await login(user)).access_token}` };
    },
    async close() {
      await app.close();
      if (!options.store) await store.close();
    },
  };
}
