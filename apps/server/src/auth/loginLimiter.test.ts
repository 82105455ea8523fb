import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './loginLimiter.js';

const limits = { perUserAndAddress: 3, perAddress: 5, windowMs: 60_000 };

describe('LoginLimiter', () => {
  it('refuses the attempt after the per-user limit from one address, until the window ends', () => {
    const limiter = new LoginLimiter(limits);
    for (let i = 0; i < 3; i++) expect(limiter.attempt('demo', '1.1.1.1', 1000).allowed).toBe(true);
    expect(limiter.attempt('Demo', '1.1.1.1', 2000)).toEqual({
      allowed: false,
      retryAfterSeconds: 59,
    });
    expect(limiter.attempt('demo', '2.2.2.2', 2000).allowed).toBe(true);
    expect(limiter.attempt('demo', '1.1.1.1', 61_000).allowed).toBe(true);
  });

  it('limits one address across usernames', () => {
    const limiter = new LoginLimiter(limits);
    for (let i = 0; i < 5; i++) expect(limiter.attempt(`u${i}`, '1.1.1.1', 0).allowed).toBe(true);
    expect(limiter.attempt('outro', '1.1.1.1', 0).allowed).toBe(false);
  });

  it('a successful sign-in clears the per-user count only', () => {
    const limiter = new LoginLimiter(limits);
    for (let i = 0; i < 3; i++) limiter.attempt('demo', '1.1.1.1', 0);
    limiter.succeeded('demo', '1.1.1.1');
    expect(limiter.attempt('demo', '1.1.1.1', 0).allowed).toBe(true);
    expect(limiter.attempt('demo', '1.1.1.1', 0).allowed).toBe(true);
    // Per user: 3rd since the success; per address: the 6th in the window.
    expect(limiter.attempt('demo', '1.1.1.1', 0).allowed).toBe(false);
  });
});
