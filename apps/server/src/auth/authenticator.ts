import type { Kysely } from 'kysely';
import { isSessionActive } from '../store/auth/refreshTokens.js';
import type { Database } from '../store/schema.js';
import type { AccessClaims, AccessTokens } from './accessTokens.js';
import { findUserById, type UserContext, userProfile } from './userContext.js';

/** How long a resolved caller is reused before the store is asked again. */
const DEFAULT_CACHE_MS = 2_000;

export type AuthenticatedUser = UserContext & { expiresAt: number };

export interface Authenticator {
  /** The caller behind a bearer token, or undefined: unknown, expired, blocked or signed out. */
  authenticate(token: string): Promise<AuthenticatedUser | undefined>;
  /**
   * The same answer without waiting when this token was checked within the
   * cache time (the common case: a console's calls come in bursts); null when
   * only `authenticate` can tell.
   */
  authenticateCached(token: string): AuthenticatedUser | undefined | null;
  /** Drops cached callers after a sign-out or password change in this process. */
  forgetUser(userId: number): void;
}

/**
 * Verifies the JWT, then checks in the store that the user still exists, is
 * not blocked and that the session was not revoked. The answer is cached
 * briefly so a burst of calls costs one lookup; other processes notice a
 * revocation within the cache time.
 */
export function createAuthenticator(options: {
  db: Kysely<Database>;
  accessTokens: AccessTokens;
  cacheMs?: number;
}): Authenticator {
  const { db, accessTokens } = options;
  const cacheMs = options.cacheMs ?? DEFAULT_CACHE_MS;
  type Resolved = { at: number; user: Omit<UserContext, 'sessionId'> | null };
  const cache = new Map<string, Resolved>();
  // A token whose signature was checked once stays valid until its `exp`: keep
  // its claims so repeat calls skip the HMAC (revocation is the session check below).
  // `admitted` is the caller last built from a `cache` entry for this token.
  type Verified = {
    claims: AccessClaims;
    key: string;
    admitted?: { from: Resolved; user: AuthenticatedUser | undefined };
  };
  const verified = new Map<string, Verified>();

  /** The store check's cache key: one per user and sign-in session. */
  const sessionKey = (claims: AccessClaims) => `${claims.userId}:${claims.sessionId}`;

  const verify = async (token: string): Promise<Verified | undefined> => {
    const hit = verified.get(token);
    if (hit && hit.claims.expiresAt > Date.now() / 1000) return hit;
    const claims = await accessTokens.verify(token);
    if (!claims) return undefined;
    if (verified.size >= 10_000) verified.clear();
    const entry = { claims, key: sessionKey(claims) };
    verified.set(token, entry);
    return entry;
  };

  const freshResolved = (key: string, now: number) => {
    const hit = cache.get(key);
    return hit && now - hit.at < cacheMs ? hit : undefined;
  };

  // A store check under way, per key: a burst of one console's (or of 200
  // consoles sharing a session's) calls at the cache's expiry waits for one
  // check instead of each running its own (at 20k devices on PostgreSQL, 40
  // lists reloading at once took every connection of the pool).
  interface Check {
    answer: Promise<Resolved['user']>;
  }
  const checking = new Map<string, Check>();

  const check = async ({ claims, key }: Verified, now: number, self: Check) => {
    try {
      const [user, active] = await Promise.all([
        findUserById(db, claims.userId),
        isSessionActive(db, claims.sessionId),
      ]);
      const value = user && !user.blocked && active ? userProfile(user) : null;
      // A sign-out meanwhile (forgetUser) dropped this check: its answer may predate it.
      if (checking.get(key) === self) {
        if (cache.size > 10_000) cache.clear();
        cache.set(key, { at: now, user: value });
      }
      return value;
    } finally {
      if (checking.get(key) === self) checking.delete(key);
    }
  };

  const resolve = (entry: Verified) => {
    const now = Date.now();
    const hit = freshResolved(entry.key, now);
    if (hit) return hit.user;
    let running = checking.get(entry.key);
    if (!running) {
      const started = {} as Check;
      checking.set(entry.key, started);
      started.answer = check(entry, now, started);
      running = started;
    }
    return running.answer;
  };

  const withClaims = (user: Omit<UserContext, 'sessionId'> | null, claims: AccessClaims) =>
    user ? { ...user, sessionId: claims.sessionId, expiresAt: claims.expiresAt } : undefined;

  return {
    async authenticate(token) {
      const entry = await verify(token);
      if (!entry) return undefined;
      return withClaims(await resolve(entry), entry.claims);
    },
    authenticateCached(token) {
      const now = Date.now();
      const hit = verified.get(token);
      if (!hit || hit.claims.expiresAt <= now / 1000) return null;
      // Every request of a console carries its token: build its caller once per store check.
      const resolved = freshResolved(hit.key, now);
      if (!resolved) return null;
      if (hit.admitted?.from !== resolved) {
        hit.admitted = { from: resolved, user: withClaims(resolved.user, hit.claims) };
      }
      return hit.admitted.user;
    },
    forgetUser(userId) {
      // `sessionKey` starts with the user id.
      const ofUser = (key: string) => key.startsWith(`${userId}:`);
      for (const key of cache.keys()) if (ofUser(key)) cache.delete(key);
      for (const key of checking.keys()) if (ofUser(key)) checking.delete(key);
    },
  };
}
