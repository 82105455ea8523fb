import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'vigia';
const AUDIENCE = 'vigia-api';
const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: number;
  /** Refresh-token family (the sign-in session) the token was issued for. */
  sessionId: string;
  /** Expiry, epoch seconds. */
  expiresAt: number;
}

export interface AccessTokens {
  readonly ttlSeconds: number;
  issue(userId: number, sessionId: string, now?: Date): Promise<string>;
  /** Resolves the claims, or undefined for a token that is malformed, forged or expired. */
  verify(token: string, now?: Date): Promise<AccessClaims | undefined>;
}

/** Short-lived HS256 JWTs: `sub` user id, `sid` session (refresh family). */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async issue(userId, sessionId, now = new Date()) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .setJti(randomUUID())
        .sign(key);
    },
    async verify(token, now = new Date()) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
          clockTolerance: 0,
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string' || !payload.exp) {
          return undefined;
        }
        return { userId, sessionId: payload.sid, expiresAt: payload.exp };
      } catch {
        return undefined;
      }
    },
  };
}
