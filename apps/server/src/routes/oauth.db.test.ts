import { MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashRefreshToken, REUSE_GRACE_SECONDS } from '../store/auth/refreshTokens.js';
import { testStoreAvailable } from '../store/testStore.js';
import { DEMO_USERS, FORM, form, startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

describe.skipIf(!available)('POST /oauth/token and /api/oauth/logout', () => {
  let t: TestApp;
  let nextAddress = 0;
  /** Each call from its own address so the login rate limit stays out of the way. */
  const token = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { ...FORM, ...headers },
      remoteAddress: `10.1.0.${++nextAddress}`,
      payload: form(fields),
    });
  const password = (user: keyof typeof DEMO_USERS, extra: Record<string, string> = {}) =>
    token({ grant_type: 'password', client_id: 'vigia-web', ...DEMO_USERS[user], ...extra });
  const refresh = (refreshToken: string) =>
    token({ grant_type: 'refresh_token', client_id: 'vigia-web', refresh_token: refreshToken });
  const userinfo = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/User/userinfo',
      headers: { authorization: `Bearer ${accessToken}` },
    });

  beforeAll(async () => {
    t = await startTestApp({ env: { VIGIA_ACCESS_TOKEN_TTL: '120' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('password grant answers an access token, an opaque refresh token and expires_in', async () => {
    const response = await password('demo');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refresh_token: expect.stringMatching(/^[\w-]{43}$/),
      expires_in: 120,
      token_type: 'Bearer',
    });
    expect((await userinfo(body.access_token)).json().login).toBe('demo');
    // Only the hash is stored.
    const stored = await t.store.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('token_hash', '=', body.refresh_token)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('accepts the client by HTTP Basic instead of client_id', async () => {
    const basic = `Basic ${Buffer.from('vigia-web:').toString('base64')}`;
    const response = await token(
      { grant_type: 'password', ...DEMO_USERS.cliente },
      { authorization: basic },
    );
    expect(response.statusCode).toBe(200);
  });

  it('an unknown or missing client is 401 invalid_client', async () => {
    for (const response of [
      await password('demo', { client_id: 'outro-app' }),
      await token({ grant_type: 'password', ...DEMO_USERS.demo }),
      await token(
        { grant_type: 'password', ...DEMO_USERS.demo },
        { authorization: `Basic ${Buffer.from('intruso:segredo').toString('base64')}` },
      ),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('invalid_client');
    }
  });

  it('a wrong password or unknown user is 400 invalid_grant with the spec text', async () => {
    for (const response of [
      await password('demo', { password: 'errada' }),
      await password('demo', { username: 'ninguem' }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_grant',
        error_description: MESSAGES.invalidCredentials,
      });
    }
  });

  it('a blocked user is 403 with the exact message of the spec', async () => {
    const response = await password('bloqueado');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'access_denied',
      error_description: 'Usuário bloqueado. Entrar em contato com o suporte.',
    });
  });

  it('a bad form body is 400 with a Portuguese reason, never 500', async () => {
    const missing = await token({ grant_type: 'password', client_id: 'vigia-web' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: 'invalid_request',
      error_description: MESSAGES.invalidRequest,
      detalhes: expect.arrayContaining([{ campo: 'username', mensagem: 'Campo obrigatório.' }]),
    });
    const unsupported = await token({ grant_type: 'client_credentials', client_id: 'vigia-web' });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().error).toBe('unsupported_grant_type');
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error).toBeTypeOf('string');
    const plainText = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'text/plain' },
      payload: 'grant_type=password',
    });
    expect(plainText.statusCode).toBe(400);
    expect(plainText.json().error).toBe('invalid_request');
    const unsupported415 = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/xml' },
      payload: '<grant/>',
    });
    expect(unsupported415.statusCode).toBe(415);
    expect(unsupported415.json()).toEqual({ error: MESSAGES.unsupportedContentType });
  });

  it('refresh rotates: the new pair works, the old refresh token is spent', async () => {
    const first = (await password('demo')).json();
    const rotated = await refresh(first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await userinfo(second.access_token)).statusCode).toBe(200);
    const third = (await refresh(second.refresh_token)).json();
    expect(third.refresh_token).toBeTypeOf('string');
    const row = await t.store.db
      .selectFrom('refresh_tokens')
      .select(['used_at', 'revoked_at', 'family_id'])
      .where('token_hash', '=', hashRefreshToken(first.refresh_token))
      .executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
    expect(row.revoked_at).toBeNull();
  });

  it('two refreshes of one token at once (two tabs, a retry) both get the same successor', async () => {
    const first = (await password('demo')).json();
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().refresh_token).toBe(b.json().refresh_token);
    expect((await userinfo(b.json().access_token)).statusCode).toBe(200);
    const next = await refresh(a.json().refresh_token);
    expect(next.statusCode).toBe(200);
  });

  /** Moves a token's exchange (and its successor's birth) further back than the grace window. */
  const ageExchange = async (refreshToken: string) => {
    await t.store.db
      .updateTable('refresh_tokens')
      .set((eb) => ({ used_at: eb('used_at', '-', REUSE_GRACE_SECONDS + 1) }))
      .where('token_hash', '=', hashRefreshToken(refreshToken))
      .execute();
  };
  const familyRevoked = async (refreshToken: string) => {
    const { family_id } = await t.store.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', hashRefreshToken(refreshToken))
      .executeTakeFirstOrThrow();
    const live = await t.store.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family_id', '=', family_id)
      .where('revoked_at', 'is', null)
      .execute();
    return live.length === 0;
  };

  it('a refresh token reused after its successor was used revokes the whole family', async () => {
    const first = (await password('demo')).json();
    const second = (await refresh(first.refresh_token)).json();
    const third = (await refresh(second.refresh_token)).json();
    expect((await userinfo(third.access_token)).statusCode).toBe(200);
    await ageExchange(first.refresh_token);

    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    // The legitimate chain is dead too, and so is the session's access token.
    expect(await familyRevoked(first.refresh_token)).toBe(true);
    expect((await refresh(third.refresh_token)).json().error).toBe('invalid_grant');
    const after = await userinfo(third.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'invalid_token' });
    // Other sessions of the same user are untouched.
    expect((await userinfo((await password('demo')).json().access_token)).statusCode).toBe(200);
  });

  it('a stolen token replayed within the grace window is caught when both chains go on', async () => {
    const first = (await password('demo')).json();
    const second = (await refresh(first.refresh_token)).json();
    // The thief replays at once and gets the same successor: nothing tells them apart yet.
    expect((await refresh(first.refresh_token)).json().refresh_token).toBe(second.refresh_token);
    const thief = (await refresh(second.refresh_token)).json();
    await ageExchange(second.refresh_token);
    // The victim refreshes later, one step behind: forgiven once, the thief's token is spent.
    const victim = (await refresh(second.refresh_token)).json();
    expect((await userinfo(victim.access_token)).statusCode).toBe(200);
    // The thief's next refresh presents a spent token without successor.
    expect((await refresh(thief.refresh_token)).json().error).toBe('invalid_grant');
    expect(await familyRevoked(first.refresh_token)).toBe(true);
    expect((await userinfo(victim.access_token)).statusCode).toBe(401);
  });

  it('a tab closed while its refresh was in flight: the token one step behind still refreshes, later', async () => {
    const first = (await password('demo')).json();
    // The server rotated, the answer never reached storage.
    const lost = (await refresh(first.refresh_token)).json();
    await ageExchange(first.refresh_token);

    const resumed = await refresh(first.refresh_token);
    expect(resumed.statusCode).toBe(200);
    const replacement = resumed.json();
    expect(replacement.refresh_token).not.toBe(lost.refresh_token);
    expect((await userinfo(replacement.access_token)).statusCode).toBe(200);
    // The session goes on by the replacement.
    const next = (await refresh(replacement.refresh_token)).json();
    expect((await userinfo(next.access_token)).statusCode).toBe(200);
    expect(await familyRevoked(first.refresh_token)).toBe(false);
  });

  it('one step behind is forgiven once: whoever still holds the lost successor revokes the family', async () => {
    const first = (await password('demo')).json();
    // The victim holds the successor and has not used it yet; a thief holds the old token.
    const victim = (await refresh(first.refresh_token)).json();
    await ageExchange(first.refresh_token);
    const thief = (await refresh(first.refresh_token)).json();
    expect((await userinfo(thief.access_token)).statusCode).toBe(200);

    const victimNext = await refresh(victim.refresh_token);
    expect(victimNext.statusCode).toBe(400);
    expect(victimNext.json().error).toBe('invalid_grant');
    expect(await familyRevoked(first.refresh_token)).toBe(true);
    expect((await userinfo(thief.access_token)).statusCode).toBe(401);
    expect((await refresh(thief.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('a token already forgiven once, presented again after the window, revokes the family', async () => {
    const first = (await password('demo')).json();
    await refresh(first.refresh_token);
    await ageExchange(first.refresh_token);
    const resent = await refresh(first.refresh_token);
    expect(resent.statusCode).toBe(200);
    // A retry of that very exchange gets the same replacement.
    expect((await refresh(first.refresh_token)).json().refresh_token).toBe(
      resent.json().refresh_token,
    );
    await t.store.db
      .updateTable('refresh_tokens')
      .set((eb) => ({ created_at: eb('created_at', '-', REUSE_GRACE_SECONDS + 1) }))
      .where('token_hash', '=', hashRefreshToken(resent.json().refresh_token))
      .execute();
    expect((await refresh(first.refresh_token)).json().error).toBe('invalid_grant');
    expect(await familyRevoked(first.refresh_token)).toBe(true);
  });

  // Repeated: the two exchanges interleave differently each time (on PostgreSQL
  // one could commit between the other's reads, which then revoked the family).
  it('two refreshes at once of a token one step behind both get the one replacement', {
    repeats: 20,
  }, async () => {
    const first = (await password('demo')).json();
    await refresh(first.refresh_token);
    await ageExchange(first.refresh_token);
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().refresh_token).toBe(b.json().refresh_token);
    expect(await familyRevoked(first.refresh_token)).toBe(false);
  });

  it('an unknown refresh token is invalid_grant', async () => {
    const response = await refresh('A'.repeat(43));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('logout revokes the session: access and refresh tokens stop working at once', async () => {
    const session = (await password('demo')).json();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/logout',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(logout.statusCode).toBe(204);
    expect((await userinfo(session.access_token)).json()).toEqual({ error: 'invalid_token' });
    expect((await refresh(session.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('logout with only the refresh token in the body revokes its family', async () => {
    const session = (await password('cliente')).json();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/logout',
      payload: { refresh_token: session.refresh_token },
    });
    expect(logout.statusCode).toBe(204);
    expect((await refresh(session.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('logout without any valid token is 401 invalid_token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/logout',
      payload: { refresh_token: 'nao-existe' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'invalid_token' });
  });
});

describe.skipIf(!available)('login rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      loginLimits: { perUserAndAddress: 5, perAddress: 8, perUser: 100, windowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  const attempt = (username: string, address: string, pass = 'errada') =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: FORM,
      remoteAddress: address,
      payload: form({ grant_type: 'password', client_id: 'vigia-web', username, password: pass }),
    });

  it('per user and address: the attempt after the limit is 429, even with the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('demo', '10.2.0.1')).statusCode).toBe(400);
    const limited = await attempt('demo', '10.2.0.1', 'demo');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'too_many_requests',
      error_description: MESSAGES.tooManyAttempts,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The same user from another address is not affected.
    expect((await attempt('demo', '10.2.0.2', 'demo')).statusCode).toBe(200);
  });

  it('per address across usernames', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await attempt(`usuario${i}`, '10.2.0.3')).statusCode).toBe(400);
    }
    expect((await attempt('cliente', '10.2.0.3', 'cliente')).statusCode).toBe(429);
  });
});

describe.skipIf(!available)('login rate limit behind a proxy (VIGIA_TRUST_PROXY)', () => {
  const PROXY = '10.9.0.1';
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { VIGIA_TRUST_PROXY: '1' },
      loginLimits: { perUserAndAddress: 5, perAddress: 1000, perUser: 12, windowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  /** A sign-in through the proxy, which appends the address it saw to what the client sent. */
  const viaProxy = (username: string, forwardedFor: string, pass = 'errada') =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { ...FORM, 'x-forwarded-for': forwardedFor },
      remoteAddress: PROXY,
      payload: form({ grant_type: 'password', client_id: 'vigia-web', username, password: pass }),
    });

  it('keys on the address the proxy saw: a rotating leftmost entry written by the client changes nothing', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await viaProxy('demo', `203.0.113.${i}, 10.4.0.1`)).statusCode).toBe(400);
    }
    const limited = await viaProxy('demo', '198.51.100.7, 10.4.0.1', 'demo');
    expect(limited.statusCode).toBe(429);
    // The same user from another address, as the proxy saw it, signs in.
    expect((await viaProxy('demo', '10.4.0.2', 'demo')).statusCode).toBe(200);
  });

  it('limits one username from any address: wrong passwords from 12 addresses, then the right one is 429', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await viaProxy('cliente', `10.5.0.${i}`)).statusCode).toBe(400);
    }
    const limited = await viaProxy('cliente', '10.5.1.1', 'cliente');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'too_many_requests',
      error_description: MESSAGES.tooManyAttempts,
    });
  });
});

describe.skipIf(!available)('the sign-in log', () => {
  it('never writes the typed username of a failed sign-in (a password typed in the wrong field)', async () => {
    const lines: string[] = [];
    const t = await startTestApp({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: FORM,
        payload: form({
          grant_type: 'password',
          client_id: 'vigia-web',
          username: 'MinhaSenhaSecreta!9',
          password: 'x',
        }),
      });
      expect(response.statusCode).toBe(400);
      expect(lines.some((line) => line.includes('login recusado'))).toBe(true);
      expect(lines.join('\n')).not.toContain('MinhaSenhaSecreta');
    } finally {
      await t.close();
    }
  });
});
