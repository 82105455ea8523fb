import { ALL_ROUTES } from '@vigia/contract/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../auth/accessTokens.js';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

/**
 * `/api` routes that answer without an access token: those the route table
 * marks `public` (health for load balancers, device ingest with its own key,
 * logout with either token) and the API's documentation.
 */
const PUBLIC_API_ROUTES = new Set([
  ...ALL_ROUTES.filter((route) => route.public).map((route) => `${route.method} ${route.path}`),
  'GET /api/docs',
  'GET /api/docs/openapi.json',
]);

/** Fills path parameters with a plausible id so the request reaches the route. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

describe.skipIf(!available)('every /api route needs a valid access token', () => {
  let t: TestApp;
  let protectedRoutes: { method: string; url: string }[];
  let expiredToken: string;
  let foreignToken: string;
  let loggedOutToken: string;

  beforeAll(async () => {
    t = await startTestApp();
    protectedRoutes = t.app.routeCatalog.filter(
      (r) =>
        /^\/api2?\//.test(r.url) &&
        r.method !== 'HEAD' &&
        !PUBLIC_API_ROUTES.has(`${r.method} ${r.url}`),
    );
    const session = await t.login('demo');
    const secret = t.config.jwtSecret ?? '';
    const claims = JSON.parse(
      Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString(),
    );
    expiredToken = await createAccessTokens({ current: secret }, 60).issue(
      Number(claims.sub),
      claims.sid,
      new Date(Date.now() - 3_600_000),
    );
    foreignToken = await createAccessTokens({ current: 'z'.repeat(48) }, 900).issue(
      Number(claims.sub),
      claims.sid,
    );
    const other = await t.login('demo');
    loggedOutToken = other.access_token;
    await t.app.inject({
      method: 'POST',
      url: '/api/oauth/logout',
      headers: { authorization: `Bearer ${loggedOutToken}` },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the app registers the user and event routes behind the check', () => {
    const names = protectedRoutes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/User/userinfo',
        'POST /api/User/alterarSenha',
        'GET /api/User/listatipos',
        'GET /api/eventos',
      ]),
    );
  });

  const cases: [string, () => Record<string, string>][] = [
    ['no Authorization header', () => ({})],
    ['a malformed header', () => ({ authorization: 'Bearer' })],
    ['another scheme', () => ({ authorization: 'Basic ZGVtbzpkZW1v' })],
    ['garbage', () => ({ authorization: 'Bearer abc.def.ghi' })],
    ['an expired token', () => ({ authorization: `Bearer ${expiredToken}` })],
    ['a token signed with another key', () => ({ authorization: `Bearer ${foreignToken}` })],
    ['a token of a signed-out session', () => ({ authorization: `Bearer ${loggedOutToken}` })],
  ];

  for (const [label, headers] of cases) {
    it(`answers 401 { error: 'invalid_token' } with ${label}`, async () => {
      const failures: string[] = [];
      for (const route of protectedRoutes) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: headers(),
        });
        if (response.statusCode !== 401 || response.json().error !== 'invalid_token') {
          failures.push(`${route.method} ${route.url} → ${response.statusCode} ${response.body}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('the event stream also takes the token in ?access_token= and refuses a bad one', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/eventos?access_token=${expiredToken}`,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'invalid_token' });
  });

  it('no other route takes the token from the query string', async () => {
    const { access_token } = await t.login('demo');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/User/userinfo?access_token=${access_token}`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('a user blocked after signing in is refused on the next call', async () => {
    const headers = await t.authHeader('admin');
    expect((await t.app.inject({ url: '/api/User/userinfo', headers })).statusCode).toBe(200);
    await t.store.db
      .updateTable('users')
      .set({ blocked: 1 })
      .where('login', '=', 'admin')
      .execute();
    await new Promise((r) => setTimeout(r, 2_100)); // the caller cache lives 2 s
    const response = await t.app.inject({ url: '/api/User/userinfo', headers });
    await t.store.db
      .updateTable('users')
      .set({ blocked: 0 })
      .where('login', '=', 'admin')
      .execute();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'invalid_token' });
  });
});
