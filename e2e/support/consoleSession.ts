import type { TokenResponse } from '@vigia/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { tokensFor } from './api.js';
import { desktopContext, launchChromium, storeSession } from './browser.js';
import { startVigiaServer, type VigiaServer } from './vigiaServer.js';

/** A real server, Chromium, and a desktop page already signed in as one user. */
export interface ConsoleSession {
  server: VigiaServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  tokens: TokenResponse;
  /** GET `path` on the server as this user (or with `token`); a non-2xx answer throws. */
  api<T>(path: string, token?: string): Promise<T>;
  close(): Promise<void>;
}

export async function openConsoleSession(
  options: { env?: Record<string, string>; startTimeoutMs?: number; login?: string } = {},
): Promise<ConsoleSession> {
  const [server, browser] = await Promise.all([
    startVigiaServer(options.env, { timeoutMs: options.startTimeoutMs }),
    launchChromium(),
  ]);
  const tokens = await tokensFor(server.url, options.login ?? 'demo');
  const context = await desktopContext(browser);
  const page = await context.newPage();
  await storeSession(page, server.url, tokens);
  return {
    server,
    browser,
    context,
    page,
    tokens,
    async api<T>(path: string, token = tokens.access_token): Promise<T> {
      const response = await fetch(`${server.url}${path}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return (await response.json()) as T;
    },
    async close() {
      await context.close();
      await browser.close();
      await server.stop();
    },
  };
}
