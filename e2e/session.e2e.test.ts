import type { TokenResponse } from '@vigia/contract';
import { MESSAGES } from '@vigia/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumAvailable, needService } from '../test-support/services.js';
import { refreshGrant, tokensFor, userInfo } from './support/api.js';
import {
  desktopContext,
  hashOf,
  launchChromium,
  storedTokens,
  storeSession,
} from './support/browser.js';
import { startVigiaServer, type VigiaServer } from './support/vigiaServer.js';

/** Short-lived access tokens: the console must refresh at expires_in − 30 s = 10 s. */
const ACCESS_TOKEN_TTL = 40;

const hasChromium = await needService('Chromium', chromiumAvailable);

describe.runIf(hasChromium)('sign-in and session in Chromium against the real server', () => {
  let server: VigiaServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startVigiaServer({ VIGIA_ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL) }),
      launchChromium(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  let closePage: (() => Promise<void>) | undefined;
  async function freshPage(): Promise<Page> {
    const context = await desktopContext(browser);
    closePage = () => context.close();
    return context.newPage();
  }
  afterEach(async () => {
    await closePage?.();
  });

  /**
   * Counts the page's loads from now on. logout() ends in a reload, so a test that
   * reads the storage after it waits for that reload's load, or the read may hit
   * the page being torn down (the login form can show before the reload).
   */
  function countLoads(target: Page) {
    let loads = 0;
    target.on('load', () => {
      loads += 1;
    });
    return (count: number) => vi.waitFor(() => expect(loads).toBeGreaterThanOrEqual(count), 30_000);
  }

  async function signIn(username: string, password: string) {
    await page.getByLabel('Usuário').fill(username);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
  }

  it('an unknown URL goes to the login screen', async () => {
    page = await freshPage();
    await page.goto(`${server.url}/#/isto/nao/existe`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(hashOf(page)).toBe('#/login/');
  });

  it('a deep link without a session goes to login and returns there, parameters included', async () => {
    const tokens = await tokensFor(server.url, 'demo');
    const me = await userInfo(server.url, tokens.access_token);
    const sistema = me.sistemas.find((s) => s.home === null) ?? me.sistemas[0];
    if (!sistema) throw new Error('demo sem sistemas');
    page = await freshPage();
    await page.goto(`${server.url}/#/${sistema.id}/home-cluster?filtro=gmg`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(hashOf(page)).toMatch(/^#\/login\/\?next=/);
    await signIn('demo', 'demo');
    await page.waitForURL((url) => url.hash === `#/${sistema.id}/home-cluster?filtro=gmg`);
    await page.getByRole('heading', { level: 1, name: sistema.nome }).waitFor();
  });

  it('cliente, with one system, lands directly in it', async () => {
    const tokens = await tokensFor(server.url, 'cliente');
    const { sistemas } = await userInfo(server.url, tokens.access_token);
    expect(sistemas).toHaveLength(1);
    const only = sistemas[0];
    // Its configured home (the generators page) or the cluster home.
    const screen = only?.home === 'geradores' ? 'geradores' : 'home-cluster';
    page = await freshPage();
    await page.goto(`${server.url}/#/login/`);
    await signIn('cliente', 'cliente');
    await page.waitForURL((url) => url.hash === `#/${only?.id}/${screen}`);
    if (screen === 'home-cluster') {
      await page.getByRole('heading', { level: 1, name: only?.nome }).waitFor();
    }
  });

  it('demo sees the list of its systems', async () => {
    const tokens = await tokensFor(server.url, 'demo');
    const { sistemas } = await userInfo(server.url, tokens.access_token);
    expect(sistemas.length).toBeGreaterThan(1);
    page = await freshPage();
    await page.goto(`${server.url}/#/login/`);
    await signIn('demo', 'demo');
    await page.waitForURL((url) => url.hash === '#/0/home-clientes');
    const table = page.getByRole('table', { name: 'Sistemas do usuário' });
    await table.waitFor();
    const shown = Math.min(sistemas.length, 10);
    expect(await table.getByRole('link').count()).toBe(shown);
    for (const sistema of sistemas.slice(0, shown)) {
      await table.getByRole('link', { name: sistema.nome, exact: true }).waitFor();
    }
  });

  it('bloqueado sees the blocked message', async () => {
    page = await freshPage();
    await page.goto(`${server.url}/#/login/`);
    await signIn('bloqueado', 'bloqueado');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(MESSAGES.userBlocked);
  });

  it('a wrong password shows the invalid credentials message', async () => {
    page = await freshPage();
    await page.goto(`${server.url}/#/login/`);
    await signIn('demo', 'senha-errada');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Usuário ou Senha inválidos!');
    expect((await storedTokens(page)).keys).toEqual([]);
  });

  it('refreshes the token 30 s before expiry, before it expires', async () => {
    page = await freshPage();
    await page.goto(`${server.url}/#/login/`);
    await signIn('cliente', 'cliente');
    await page.waitForURL((url) => url.hash.endsWith('/home-cluster'));
    const first = await storedTokens(page);
    expect(first.access).toBeTruthy();
    const signedInAt = Date.now();
    await expect
      .poll(async () => (await storedTokens(page)).access, { timeout: 20_000, interval: 250 })
      .not.toBe(first.access);
    const refreshedAfter = (Date.now() - signedInAt) / 1000;
    const second = await storedTokens(page);
    // Due at expires_in − 30 s = 10 s, and well before the first token's expiry.
    expect(refreshedAfter).toBeGreaterThan(8);
    expect(refreshedAfter).toBeLessThan(ACCESS_TOKEN_TTL - 20);
    expect(second.refresh).not.toBe(first.refresh);
    // A second exchange of the rotated token within the grace window (another tab, a retry)
    // gets the same successor, so the console's session stays valid; reuse after the successor
    // was used is refused and revokes the family (routes/oauth.db.test.ts).
    const again = await refreshGrant(server.url, first.refresh as string);
    expect(again.status).toBe(200);
    expect(((await again.json()) as TokenResponse).refresh_token).toBe(second.refresh);
    // The console keeps working with the new token.
    await page.reload();
    await page.getByText('Dispositivos por tipo').waitFor();
  });

  it('a tab closed while its refresh was in flight leaves a session that any number of tabs keep', async () => {
    const context = await desktopContext(browser);
    closePage = () => context.close();
    const refreshes: string[] = [];
    context.on('request', (request) => {
      if (request.url().endsWith('/oauth/token')) refreshes.push(request.postData() ?? '');
    });
    const closing = await context.newPage();
    page = closing;
    await closing.goto(`${server.url}/#/login/`);
    await signIn('cliente', 'cliente');
    await closing.waitForURL((url) => url.hash.endsWith('/home-cluster'));
    const signedIn = await storedTokens(closing);

    // Its refresh reaches the server, which rotates; the tab closes before the answer is stored.
    let lost: TokenResponse | undefined;
    const exchanged = new Promise<void>((resolve) => {
      void closing.route('**/oauth/token', async (route) => {
        lost = (await (await route.fetch()).json()) as TokenResponse;
        resolve();
        // Never answered: the tab goes away first.
      });
    });
    await exchanged;
    const exchangedAt = Date.now();
    await closing.close();
    expect(lost?.refresh_token).toBeTypeOf('string');

    // Later than the server's grace for concurrent refreshes (REUSE_GRACE_SECONDS, 30 s):
    // the stored refresh token is one step behind, and four tabs open at once.
    await new Promise((resolve) => setTimeout(resolve, exchangedAt + 31_000 - Date.now()));
    const before = refreshes.length;
    const tabs = await Promise.all([1, 2, 3, 4].map(() => context.newPage()));
    await Promise.all(tabs.map((tab) => tab.goto(`${server.url}/#/0/home-clientes`)));
    const [first] = tabs;
    if (!first) throw new Error('sem abas');
    await expect
      .poll(async () => (await storedTokens(first)).refresh, { timeout: 20_000, interval: 250 })
      .not.toBe(signedIn.refresh);
    const resumed = await storedTokens(first);
    expect(resumed.refresh).not.toBe(lost?.refresh_token);
    expect((await userInfo(server.url, resumed.access as string)).sistemas).toHaveLength(1);
    // The tabs' lock lets one refresh at a time, and a tab that waited finds the token
    // rotated; on a loaded machine a tab starting late may still rotate once more.
    expect(refreshes.length - before).toBeGreaterThanOrEqual(1);
    expect(refreshes.length - before).toBeLessThanOrEqual(tabs.length);

    // Every tab stays signed in through the next refresh.
    await expect
      .poll(async () => (await storedTokens(first)).refresh, { timeout: 25_000, interval: 250 })
      .not.toBe(resumed.refresh);
    for (const tab of tabs) {
      await tab.reload();
      await tab.getByText('Dispositivos por tipo').waitFor();
      expect(hashOf(tab)).not.toMatch(/^#\/login\//);
    }

    // Whoever holds the lost successor (the closed tab's answer, as a thief would) ends the session.
    expect((await refreshGrant(server.url, lost?.refresh_token as string)).status).toBe(400);
    const current = await storedTokens(first);
    const revoked = await fetch(`${server.url}/api/User/userinfo`, {
      headers: { authorization: `Bearer ${current.access}` },
    });
    expect(revoked.status).toBe(401);
    // It waits out a refresh (10 s), the server's grace (31 s) and a second refresh by
    // design: 56 s on a quiet machine, past the default 60 s on a loaded one.
  }, 150_000);

  it('an invalid access token logs out', async () => {
    page = await freshPage();
    const tokens = await tokensFor(server.url, 'cliente');
    await storeSession(page, server.url, { ...tokens, access_token: 'token-adulterado' });
    const loaded = countLoads(page);
    await page.goto(`${server.url}/#/0/home-clientes`);
    await loaded(2);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(hashOf(page)).toMatch(/^#\/login\//);
    const after = await storedTokens(page);
    expect(after.access).toBeNull();
    expect(after.refresh).toBeNull();
  });

  it('an expired session whose refresh is refused goes silently to login', async () => {
    page = await freshPage();
    const tokens = await tokensFor(server.url, 'cliente');
    await storeSession(page, server.url, { ...tokens, refresh_token: 'revogado', expires_in: -60 });
    await page.goto(`${server.url}/#/0/home-clientes`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect((await storedTokens(page)).keys).toEqual([]);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
  });

  it('logout clears the storage and revokes the session', async () => {
    page = await freshPage();
    await page.goto(`${server.url}/#/login/`);
    await signIn('cliente', 'cliente');
    await page.waitForURL((url) => url.hash.endsWith('/home-cluster'));
    const before = await storedTokens(page);
    const loaded = countLoads(page);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await loaded(1);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(hashOf(page)).toMatch(/^#\/login\//);
    const after = await storedTokens(page);
    expect(after.access).toBeNull();
    expect(after.refresh).toBeNull();
    expect(after.expiresAt).toBe(0);
    expect((await refreshGrant(server.url, before.refresh as string)).status).toBe(400);
  });
});
