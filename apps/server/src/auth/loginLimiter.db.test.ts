import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/database.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { LoginLimiter } from './loginLimiter.js';

const available = await testStoreAvailable();
const limits = { perUserAndAddress: 3, perAddress: 5, perUser: 100, windowMs: 60_000 };

describe.skipIf(!available)('LoginLimiter (kept in the database)', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(async () => {
    await store?.close();
  });
  // Each test its own clock epoch, so windows of one test never meet another's.
  let epoch = 0;
  const clock = () => {
    epoch += 10_000_000;
    return epoch;
  };

  it('refuses the attempt after the per-user limit from one address, until the window ends', async () => {
    const t0 = clock();
    const limiter = new LoginLimiter(store.db, limits);
    for (let i = 0; i < 3; i++) {
      expect((await limiter.attempt('demo', '1.1.1.1', t0 + 1000)).allowed).toBe(true);
    }
    expect(await limiter.attempt('Demo', '1.1.1.1', t0 + 2000)).toEqual({
      allowed: false,
      retryAfterSeconds: 59,
    });
    expect((await limiter.attempt('demo', '2.2.2.2', t0 + 2000)).allowed).toBe(true);
    expect((await limiter.attempt('demo', '1.1.1.1', t0 + 61_000)).allowed).toBe(true);
  });

  it('limits one address across usernames', async () => {
    const t0 = clock();
    const limiter = new LoginLimiter(store.db, limits);
    for (let i = 0; i < 5; i++) {
      expect((await limiter.attempt(`u${i}`, '1.1.1.2', t0)).allowed).toBe(true);
    }
    expect((await limiter.attempt('outro', '1.1.1.2', t0)).allowed).toBe(false);
  });

  it('limits one username across addresses, until the window ends or a success', async () => {
    const t0 = clock();
    const limiter = new LoginLimiter(store.db, { ...limits, perUser: 4 });
    for (let i = 0; i < 4; i++) {
      expect((await limiter.attempt('cliente', `3.3.3.${i}`, t0)).allowed).toBe(true);
    }
    expect(await limiter.attempt('CLIENTE', '3.3.3.9', t0 + 1000)).toEqual({
      allowed: false,
      retryAfterSeconds: 59,
    });
    expect((await limiter.attempt('demo', '3.3.3.9', t0 + 1000)).allowed).toBe(true);
    expect((await limiter.attempt('cliente', '3.3.4.1', t0 + 61_000)).allowed).toBe(true);
    await limiter.succeeded('cliente', '3.3.4.1');
    for (let i = 0; i < 4; i++) {
      expect((await limiter.attempt('cliente', `3.3.5.${i}`, t0 + 62_000)).allowed).toBe(true);
    }
  });

  it('a successful sign-in clears the per-user count only', async () => {
    const t0 = clock();
    const limiter = new LoginLimiter(store.db, limits);
    for (let i = 0; i < 3; i++) await limiter.attempt('demo', '1.1.1.3', t0);
    await limiter.succeeded('demo', '1.1.1.3');
    expect((await limiter.attempt('demo', '1.1.1.3', t0)).allowed).toBe(true);
    expect((await limiter.attempt('demo', '1.1.1.3', t0)).allowed).toBe(true);
    // Per user: 3rd since the success; per address: the 6th in the window.
    expect((await limiter.attempt('demo', '1.1.1.3', t0)).allowed).toBe(false);
  });

  it('two nodes on one database share the count, attempts at once included', async () => {
    const t0 = clock();
    const perUser = { ...limits, perAddress: 100 };
    const nodeA = new LoginLimiter(store.db, perUser);
    const nodeB = new LoginLimiter(store.db, perUser);
    const verdicts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 === 0 ? nodeA : nodeB).attempt('demo', '1.1.1.4', t0),
      ),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(3);
    expect((await nodeA.attempt('demo', '1.1.1.4', t0 + 1000)).allowed).toBe(false);
    // A success on B clears the user's count for A too.
    await nodeB.succeeded('demo', '1.1.1.4');
    expect((await nodeA.attempt('demo', '1.1.1.4', t0 + 1000)).allowed).toBe(true);
  });

  it('never stores the typed username, and drops windows that ended', async () => {
    const t0 = clock();
    const limiter = new LoginLimiter(store.db, limits);
    await limiter.attempt('MinhaSenhaSecreta!9', '1.1.1.5', t0);
    const rows = await store.db.selectFrom('login_attempts').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.chave).toMatch(/^[0-9a-f]{64}$/);
    // The first attempt a window later sweeps every window that ended.
    await limiter.attempt('outro', '1.1.1.6', t0 + 120_000);
    const left = await store.db.selectFrom('login_attempts').select('inicio').execute();
    expect(left.every((row) => row.inicio === Math.floor((t0 + 120_000) / 1000))).toBe(true);
    // Its three counters: username and address, address, username.
    expect(left).toHaveLength(3);
  });
});
