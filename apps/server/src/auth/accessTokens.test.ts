import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './accessTokens.js';

const SECRET = 'x'.repeat(48);

describe('access tokens', () => {
  it('round-trips user and session and expires after the TTL', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const issuedAt = new Date('2026-01-01T00:00:00Z');
    const token = await tokens.issue(7, 'fam-1', issuedAt);
    expect(await tokens.verify(token, new Date('2026-01-01T00:00:59Z'))).toEqual({
      userId: 7,
      sessionId: 'fam-1',
      expiresAt: issuedAt.getTime() / 1000 + 60,
    });
    expect(await tokens.verify(token, new Date('2026-01-01T00:01:00Z'))).toBeUndefined();
  });

  it('rejects another key, a tampered payload and garbage', async () => {
    const token = await createAccessTokens(SECRET, 60).issue(7, 'fam-1');
    const other = createAccessTokens('y'.repeat(48), 60);
    expect(await other.verify(token)).toBeUndefined();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', sid: 'fam-1', exp: 9e9 })).toString(
      'base64url',
    );
    expect(await createAccessTokens(SECRET, 60).verify(`${header}.${forged}.${signature}`)).toBe(
      undefined,
    );
    expect(await createAccessTokens(SECRET, 60).verify('abc')).toBeUndefined();
  });

  it('refuses unsigned tokens (alg none)', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({ sub: '1', sid: 's', iss: 'vigia', aud: 'vigia-api', exp: 9e9 }),
    ).toString('base64url');
    expect(await createAccessTokens(SECRET, 60).verify(`${header}.${body}.`)).toBeUndefined();
  });
});
