import { createHash, randomUUID } from 'node:crypto';
import { type JWTHeaderParameters, jwtVerify, SignJWT } from 'jose';

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

/**
 * The signing secrets: `current` signs, `previous` (during a rollover) is
 * still accepted, so tokens issued before a rotation live out their lifetime.
 */
export interface SigningSecrets {
  current: string;
  previous?: string | undefined;
}

/**
 * A key's id (`kid`): derived from the secret, so every node holding the same
 * secret names it alike, and one-way, so it tells nothing of the secret.
 */
export function signingKeyId(secret: string): string {
  return createHash('sha256').update(`vigia-kid:${secret}`).digest('base64url').slice(0, 16);
}

/**
 * Short-lived HS256 JWTs: `sub` user id, `sid` session (refresh family), the
 * signing key's id in the header (`kid`). A token names the key it needs; one
 * naming neither key is refused. A token without `kid` (issued before key ids)
 * is checked against the current key only.
 */
export function createAccessTokens(secrets: SigningSecrets, ttlSeconds: number): AccessTokens {
  const encode = (secret: string) => new TextEncoder().encode(secret);
  const current = { id: signingKeyId(secrets.current), key: encode(secrets.current) };
  const keys = new Map([[current.id, current.key]]);
  if (secrets.previous !== undefined && secrets.previous !== secrets.current) {
    keys.set(signingKeyId(secrets.previous), encode(secrets.previous));
  }
  const keyFor = (header: JWTHeaderParameters) => {
    const key = header.kid === undefined ? current.key : keys.get(header.kid);
    if (!key) throw new Error('chave de assinatura desconhecida');
    return key;
  };
  return {
    ttlSeconds,
    async issue(userId, sessionId, now = new Date()) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid: current.id })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .setJti(randomUUID())
        .sign(current.key);
    },
    async verify(token, now = new Date()) {
      try {
        const { payload } = await jwtVerify(token, keyFor, {
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
