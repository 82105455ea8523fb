import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  clearLoginAttempts,
  countLoginAttempt,
  purgeLoginAttempts,
} from '../store/auth/loginAttempts.js';
import type { Database } from '../store/schema.js';

export interface LoginLimits {
  /** Attempts per username and client address within the window. */
  perUserAndAddress: number;
  /** Attempts per client address, whatever the username (slows down spraying). */
  perAddress: number;
  /**
   * Attempts per username, from any address (guessing one password from many
   * addresses, or behind a proxy that forwards what the client claims).
   */
  perUser: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perUserAndAddress: 10,
  perAddress: 50,
  perUser: 20,
  windowMs: 60_000,
};

export interface LoginVerdict {
  allowed: boolean;
  /** Seconds until the caller may try again (0 when allowed). */
  retryAfterSeconds: number;
}

/** The stored key of a counter: a digest, so a password typed as the username is never kept. */
const keyOf = (text: string) => createHash('sha256').update(text).digest('hex');
const userKey = (username: string, address: string) =>
  keyOf(`u:${username.toLowerCase()}\u0000${address}`);
const addressKey = (address: string) => keyOf(`a:${address}`);
const usernameKey = (username: string) => keyOf(`n:${username.toLowerCase()}`);

/**
 * Fixed-window counters of sign-in attempts, kept in the database
 * (`login_attempts`): every node on one database counts the same attempts, so
 * N nodes behind a balancer still allow the limit once, not N times.
 */
export class LoginLimiter {
  readonly #windowS: number;
  #lastSweep = 0;

  constructor(
    readonly db: Kysely<Database>,
    readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {
    this.#windowS = Math.max(1, Math.ceil(limits.windowMs / 1000));
  }

  /** Counts one attempt and says whether it may proceed. */
  async attempt(username: string, address: string, now = Date.now()): Promise<LoginVerdict> {
    const nowS = Math.floor(now / 1000);
    await this.#sweep(nowS);
    const [user, addr, name] = await Promise.all([
      countLoginAttempt(this.db, userKey(username, address), nowS, this.#windowS),
      countLoginAttempt(this.db, addressKey(address), nowS, this.#windowS),
      countLoginAttempt(this.db, usernameKey(username), nowS, this.#windowS),
    ]);
    const blocked = [
      user.tentativas > this.limits.perUserAndAddress ? user : undefined,
      addr.tentativas > this.limits.perAddress ? addr : undefined,
      name.tentativas > this.limits.perUser ? name : undefined,
    ].filter((w) => w !== undefined);
    if (blocked.length === 0) return { allowed: true, retryAfterSeconds: 0 };
    const until = Math.max(...blocked.map((w) => w.inicio + this.#windowS));
    return { allowed: false, retryAfterSeconds: Math.max(1, until - nowS) };
  }

  /** A successful sign-in clears the user's counters (not the per-address one). */
  async succeeded(username: string, address: string): Promise<void> {
    await Promise.all([
      clearLoginAttempts(this.db, userKey(username, address)),
      clearLoginAttempts(this.db, usernameKey(username)),
    ]);
  }

  /** Once a window per process: drops windows that ended (any node's). */
  async #sweep(nowS: number) {
    if (nowS - this.#lastSweep < this.#windowS) return;
    this.#lastSweep = nowS;
    await purgeLoginAttempts(this.db, nowS - this.#windowS);
  }
}
