import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens, signingKeyId } from './accessTokens.js';

const SECRET = 'x'.repeat(48);
const NEW_SECRET = 'n'.repeat(48);
const header = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());

describe('access tokens', () => {
  it('round-trips user and session and expires after the TTL', async () => {
    const tokens = createAccessTokens({ current: SECRET }, 60);
    const issuedAt = new Date('2026-01-01T00:00:00Z');
    const token = await tokens.issue(7, 'fam-1', issuedAt);
    expect(await tokens.verify(token, new Date('2026-01-01T00:00:59Z'))).toEqual({
      userId: 7,
      sessionId: 'fam-1',
      expiresAt: issuedAt.getTime() / 1000 + 60,
    });
    expect(await tokens.verify(token, new Date('2026-01-01T00:01:00Z'))).toBeUndefined();
  });

  it('names its key in the header (kid), an id that is not the secret', async () => {
    const token = await createAccessTokens({ current: SECRET }, 60).issue(7, 'fam-1');
    expect(header(token)).toEqual({ alg: 'HS256', typ: 'JWT', kid: signingKeyId(SECRET) });
    expect(signingKeyId(SECRET)).not.toContain('xxxx');
    expect(signingKeyId(SECRET)).not.toBe(signingKeyId(NEW_SECRET));
  });

  it('during a rollover signs with the new key and still accepts the previous one', async () => {
    const before = await createAccessTokens({ current: SECRET }, 60).issue(7, 'fam-1');
    const rolling = createAccessTokens({ current: NEW_SECRET, previous: SECRET }, 60);
    expect(await rolling.verify(before)).toMatchObject({ userId: 7 });
    const after = await rolling.issue(8, 'fam-2');
    expect(header(after).kid).toBe(signingKeyId(NEW_SECRET));
    // Once the previous key is dropped, its tokens are refused; the new ones stay good.
    const done = createAccessTokens({ current: NEW_SECRET }, 60);
    expect(await done.verify(before)).toBeUndefined();
    expect(await done.verify(after)).toMatchObject({ userId: 8 });
  });

  it('refuses a token of an unknown key, and one whose kid names a key that did not sign it', async () => {
    const tokens = createAccessTokens({ current: NEW_SECRET, previous: SECRET }, 60);
    const foreign = await createAccessTokens({ current: 'y'.repeat(48) }, 60).issue(7, 'fam-1');
    expect(await tokens.verify(foreign)).toBeUndefined();
    const now = Math.floor(Date.now() / 1000);
    const claims = { sid: 'fam-1', sub: '7', iss: 'vigia', aud: 'vigia-api', exp: now + 60 };
    const misnamed = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: signingKeyId(SECRET) })
      .sign(new TextEncoder().encode('y'.repeat(48)));
    expect(await tokens.verify(misnamed)).toBeUndefined();
  });

  it('accepts a token without kid (issued before key ids) by the current key only', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { sid: 'fam-1', sub: '7', iss: 'vigia', aud: 'vigia-api', exp: now + 60 };
    const legacy = (secret: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(secret));
    const tokens = createAccessTokens({ current: NEW_SECRET, previous: SECRET }, 60);
    expect(await tokens.verify(await legacy(NEW_SECRET))).toMatchObject({ userId: 7 });
    expect(await tokens.verify(await legacy(SECRET))).toBeUndefined();
  });

  it('rejects another key, a tampered payload and garbage', async () => {
    const token = await createAccessTokens({ current: SECRET }, 60).issue(7, 'fam-1');
    const other = createAccessTokens({ current: 'y'.repeat(48) }, 60);
    expect(await other.verify(token)).toBeUndefined();
    const [head, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', sid: 'fam-1', exp: 9e9 })).toString(
      'base64url',
    );
    const tokens = createAccessTokens({ current: SECRET }, 60);
    expect(await tokens.verify(`${head}.${forged}.${signature}`)).toBeUndefined();
    expect(await tokens.verify('abc')).toBeUndefined();
  });

  it('refuses unsigned tokens (alg none)', async () => {
    const head = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({ sub: '1', sid: 's', iss: 'vigia', aud: 'vigia-api', exp: 9e9 }),
    ).toString('base64url');
    const tokens = createAccessTokens({ current: SECRET }, 60);
    expect(await tokens.verify(`${head}.${body}.`)).toBeUndefined();
  });
});
