import type { TokenResponse } from '@vigia/contract';
import { initialRefreshDelayMs, tokenRefreshDelayMs } from '@vigia/domain';
import { HttpError, NetworkError } from '../httpErrors';
import { refreshGrant } from './oauth';
import { clearTokens, readTokens, type StoredTokens, saveTokens } from './tokenStore';

/**
 * A refresh that could not reach the server, or that the server could not
 * answer for now, is retried; only its verdict on the token ends the session.
 */
export const NETWORK_RETRY_MS = 10_000;

/**
 * Busy (429) and unavailable (5xx: a database lock held past its timeout, a
 * proxy between deploys) say nothing about the token: ending the session on
 * them signed consoles out under load.
 */
function isTemporary(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    (error instanceof HttpError && (error.status === 429 || error.status >= 500))
  );
}

let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: Promise<boolean> | null = null;

function delayUntilDue(tokens: StoredTokens, nowMs: number): number {
  return tokenRefreshDelayMs((tokens.expiresAt - nowMs) / 1000);
}

export function stopRefresh(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

/**
 * Refreshes in `delayMs` unless, by then, another tab has already rotated the
 * refresh token: then it only re-plans from the stored expiry.
 */
export function scheduleRefresh(delayMs: number): void {
  stopRefresh();
  const expected = readTokens()?.refreshToken;
  if (!expected) return;
  timer = setTimeout(() => {
    timer = undefined;
    const current = readTokens();
    if (!current) return;
    if (current.refreshToken !== expected) scheduleRefresh(delayUntilDue(current, Date.now()));
    else void refreshNow();
  }, delayMs);
}

/** Page start (spec 000 §9): a refresh at a random 1–60 s, earlier if the token is due before. */
export function resumeSession(nowMs: number = Date.now()): void {
  const tokens = readTokens();
  if (!tokens) return;
  scheduleRefresh(Math.min(initialRefreshDelayMs(), delayUntilDue(tokens, nowMs)));
}

/** After sign-in (spec 000 §4): store the tokens and plan the refresh 30 s before expiry. */
export function startSession(tokens: TokenResponse): void {
  saveTokens(tokens);
  scheduleRefresh(tokenRefreshDelayMs(tokens.expires_in));
}

/** Refreshes now; concurrent callers in this tab share one request. Resolves whether a session remains. */
export function refreshNow(): Promise<boolean> {
  inFlight ??= runRefresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function runRefresh(): Promise<boolean> {
  const seen = readTokens();
  if (!seen) return false;
  return withRefreshLock(async () => {
    const current = readTokens();
    if (!current) return false;
    // Refresh tokens rotate and a reused one revokes the whole family, so two
    // tabs must never spend the same token: the lock serialises them and the
    // second one finds the token already rotated.
    if (current.refreshToken !== seen.refreshToken) {
      scheduleRefresh(delayUntilDue(current, Date.now()));
      return true;
    }
    try {
      const fresh = await refreshGrant(current.refreshToken);
      startSession(fresh);
      return true;
    } catch (error) {
      if (isTemporary(error)) {
        scheduleRefresh(NETWORK_RETRY_MS);
        return false;
      }
      // Spec 000 §4/§8: a refused refresh removes the tokens silently.
      stopRefresh();
      clearTokens();
      return false;
    }
  });
}

function withRefreshLock(task: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The DOM typings wrap the callback's promise once more than the browser does.
  return locks ? (locks.request('vigia.refresh', task) as unknown as Promise<boolean>) : task();
}
