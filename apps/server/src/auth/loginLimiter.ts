export interface LoginLimits {
  /** Attempts per username and client address within the window. */
  perUserAndAddress: number;
  /** Attempts per client address, whatever the username (slows down spraying). */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perUserAndAddress: 10,
  perAddress: 50,
  windowMs: 60_000,
};

export interface LoginVerdict {
  allowed: boolean;
  /** Seconds until the caller may try again (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters of sign-in attempts, per process. A process keeps its
 * own counts, so N nodes behind a balancer allow at most N× the limit.
 */
export class LoginLimiter {
  readonly #windows = new Map<string, { startedAt: number; count: number }>();
  #lastSweep = 0;

  constructor(readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {}

  /** Counts one attempt and says whether it may proceed. */
  attempt(username: string, address: string, now = Date.now()): LoginVerdict {
    this.#sweep(now);
    const user = this.#hit(`u:${username.toLowerCase()}\u0000${address}`, now);
    const addr = this.#hit(`a:${address}`, now);
    const blocked = [
      user.count > this.limits.perUserAndAddress ? user : undefined,
      addr.count > this.limits.perAddress ? addr : undefined,
    ].filter((w) => w !== undefined);
    if (blocked.length === 0) return { allowed: true, retryAfterSeconds: 0 };
    const until = Math.max(...blocked.map((w) => w.startedAt + this.limits.windowMs));
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
  }

  /** A successful sign-in clears the per-user counter (not the per-address one). */
  succeeded(username: string, address: string): void {
    this.#windows.delete(`u:${username.toLowerCase()}\u0000${address}`);
  }

  #hit(key: string, now: number) {
    let window = this.#windows.get(key);
    if (!window || now - window.startedAt >= this.limits.windowMs) {
      window = { startedAt: now, count: 0 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return window;
  }

  #sweep(now: number) {
    if (now - this.#lastSweep < this.limits.windowMs) return;
    this.#lastSweep = now;
    for (const [key, window] of this.#windows) {
      if (now - window.startedAt >= this.limits.windowMs) this.#windows.delete(key);
    }
  }
}
