import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';
import { type AccessTokens, createAccessTokens } from './accessTokens.js';
import { createAuthenticator } from './authenticator.js';

const available = await testStoreAvailable();

/** Counts signature checks so the claims cache can be observed. */
function countingTokens(inner: AccessTokens) {
  let verifications = 0;
  const tokens: AccessTokens = {
    ttlSeconds: inner.ttlSeconds,
    issue: (...args) => inner.issue(...args),
    verify: (token, now) => {
      verifications += 1;
      return inner.verify(token, now);
    },
  };
  return { tokens, verifications: () => verifications };
}

/** Counts the statements a Kysely instance sends; `onResult` runs as each answer comes back. */
function countingStatements(onResult: () => void = () => {}) {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: async (args) => {
      onResult();
      return args.result;
    },
  };
  return { plugin, statements: () => statements };
}

describe.skipIf(!available)('authenticator', () => {
  let t: TestApp;

  /** An authenticator whose store statements are counted, and a token of the demo user's session. */
  async function countedAuthenticator(options: { cacheMs?: number; onResult?: () => void } = {}) {
    const counting = countingStatements(options.onResult);
    const tokens = createAccessTokens({ current: 's'.repeat(32) }, 60);
    const auth = createAuthenticator({
      db: t.store.db.withPlugin(counting.plugin),
      accessTokens: tokens,
      cacheMs: options.cacheMs,
    });
    return { auth, statements: counting.statements, token: await demoToken(tokens) };
  }

  async function demoToken(tokens: AccessTokens) {
    await t.login('demo');
    const session = await t.store.db
      .selectFrom('refresh_tokens')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .select(['users.id as userId', 'refresh_tokens.family_id as sessionId'])
      .where('users.login', '=', 'demo')
      .where('refresh_tokens.revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return tokens.issue(session.userId, session.sessionId);
  }

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('checks a token signature once, then reuses its claims until expiry', async () => {
    const counting = countingTokens(createAccessTokens({ current: 's'.repeat(32) }, 60));
    const auth = createAuthenticator({ db: t.store.db, accessTokens: counting.tokens });
    await t.login('demo');
    const session = await t.store.db
      .selectFrom('refresh_tokens')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .select(['users.id as userId', 'refresh_tokens.family_id as sessionId'])
      .where('users.login', '=', 'demo')
      .executeTakeFirstOrThrow();
    const token = await counting.tokens.issue(session.userId, session.sessionId);

    expect(auth.authenticateCached(token)).toBeNull();
    expect((await auth.authenticate(token))?.login).toBe('demo');
    expect((await auth.authenticate(token))?.login).toBe('demo');
    expect(counting.verifications()).toBe(1);
    // Within the cache time the answer needs no wait, and it is the same answer.
    expect(auth.authenticateCached(token)).toEqual(await auth.authenticate(token));
  });

  it('answers from the cache only within the cache time, and a blocked user too', async () => {
    const auth = createAuthenticator({
      db: t.store.db,
      accessTokens: createAccessTokens({ current: 's'.repeat(32) }, 60),
      cacheMs: 50,
    });
    const tokens = createAccessTokens({ current: 's'.repeat(32) }, 60);
    const token = await tokens.issue(1, 'no-such-session');
    expect(await auth.authenticate(token)).toBeUndefined();
    // Known and refused: undefined (401), not null (ask the store).
    expect(auth.authenticateCached(token)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(auth.authenticateCached(token)).toBeNull();
  });

  it("a burst of calls at the cache's expiry waits for one store check", async () => {
    const { auth, statements, token } = await countedAuthenticator({ cacheMs: 20 });
    await auth.authenticate(token);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const before = statements();
    const users = await Promise.all(Array.from({ length: 40 }, () => auth.authenticate(token)));
    expect(users.every((user) => user?.login === 'demo')).toBe(true);
    // One check (the user, their systems, the session), however many calls asked at once.
    expect(statements() - before).toBe(3);
  });

  it('a check under way when the user signs out is not kept', async () => {
    let signOut = () => {};
    const { auth, statements, token } = await countedAuthenticator({ onResult: () => signOut() });
    const demo = await t.store.db
      .selectFrom('users')
      .select('id')
      .where('login', '=', 'demo')
      .executeTakeFirstOrThrow();
    // The sign-out lands while the check waits for the store.
    signOut = () => {
      signOut = () => {};
      auth.forgetUser(demo.id);
    };
    await auth.authenticate(token);
    expect(auth.authenticateCached(token)).toBeNull();
    await auth.authenticate(token);
    expect(statements()).toBe(6);
    expect(auth.authenticateCached(token)?.login).toBe('demo');
  });

  it('never caches a rejected token', async () => {
    const counting = countingTokens(createAccessTokens({ current: 's'.repeat(32) }, 60));
    const auth = createAuthenticator({ db: t.store.db, accessTokens: counting.tokens });
    expect(await auth.authenticate('not-a-token')).toBeUndefined();
    expect(await auth.authenticate('not-a-token')).toBeUndefined();
    expect(counting.verifications()).toBe(2);
  });

  it('re-checks a token whose cached claims have expired', async () => {
    const counting = countingTokens(createAccessTokens({ current: 's'.repeat(32) }, 1));
    const auth = createAuthenticator({ db: t.store.db, accessTokens: counting.tokens });
    const token = await counting.tokens.issue(1, 'no-such-session', new Date(Date.now() - 5_000));
    expect(await auth.authenticate(token)).toBeUndefined();
    expect(counting.verifications()).toBe(1);
  });
});
