import { MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';
import { HEAVY_CALLS_PER_USER } from './heavyCalls.js';

const available = await testStoreAvailable();

/** Distinct pages of the heaviest call: none is answered from another's kept answer. */
const tablePage = (i: number) => `/api2/energia/scds/table?offSet=${i}&limit=16`;

describe.skipIf(!available)('heavy calls: a limit per user', () => {
  let t: TestApp;
  let demo: { authorization: string };
  let cliente: { authorization: string };

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: { authorization: string }) =>
    t.app.inject({ method: 'GET', url, headers });

  it(`past ${HEAVY_CALLS_PER_USER} at once, one user's heavy calls answer 429 in pt-BR; another user is not held`, async () => {
    const calls = Array.from({ length: HEAVY_CALLS_PER_USER + 8 }, (_, i) =>
      get(tablePage(i), demo),
    );
    const other = get(tablePage(0), cliente);
    const answers = await Promise.all(calls);
    const statuses = answers.map((a) => a.statusCode);
    // Every call starts before any has its rows, except when the database answers one
    // before the last has started (PostgreSQL, now and then): at least the limit is served.
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(HEAVY_CALLS_PER_USER);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json()).toEqual({ error: MESSAGES.heavyCallsBusy });
      expect(refused.headers['retry-after']).toBe('1');
    }
    expect((await other).statusCode).toBe(200);
  });

  it('places are given back when the answers are sent', async () => {
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: HEAVY_CALLS_PER_USER }, (_, i) => get(tablePage(100 + i), demo)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(HEAVY_CALLS_PER_USER).fill(200));
    }
  });

  it('a failed heavy call gives its place back too', async () => {
    const bad = `/api2/energia/scds/table?diaDe=2026-01-10&diaAte=2026-01-01`;
    for (let i = 0; i < HEAVY_CALLS_PER_USER + 2; i++) {
      expect((await get(bad, demo)).statusCode).toBe(400);
    }
    expect((await get(tablePage(200), demo)).statusCode).toBe(200);
  });

  it('other calls are not limited', async () => {
    const answers = await Promise.all(
      Array.from({ length: HEAVY_CALLS_PER_USER + 8 }, () => get('/api/User/userinfo', demo)),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  });
});
