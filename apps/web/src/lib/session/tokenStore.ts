import type { TokenResponse } from '@vigia/contract';
import { readStored, removeStored, storageKey, writeStored } from '../storage';

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms at which the access token expires. */
  expiresAt: number;
}

const ACCESS = 'access_token';
const REFRESH = 'refresh_token';
const EXPIRES_AT = 'expires_at';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function readTokens(): StoredTokens | null {
  const accessToken = readStored(ACCESS);
  const refreshToken = readStored(REFRESH);
  if (!accessToken || !refreshToken) return null;
  const expiresAt = Number(readStored(EXPIRES_AT));
  return { accessToken, refreshToken, expiresAt: Number.isFinite(expiresAt) ? expiresAt : 0 };
}

export function saveTokens(tokens: TokenResponse, nowMs: number = Date.now()): StoredTokens {
  const stored = {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: nowMs + tokens.expires_in * 1000,
  };
  writeStored(ACCESS, stored.accessToken);
  writeStored(REFRESH, stored.refreshToken);
  writeStored(EXPIRES_AT, String(stored.expiresAt));
  notify();
  return stored;
}

export function clearTokens(): void {
  removeStored(ACCESS);
  removeStored(REFRESH);
  removeStored(EXPIRES_AT);
  notify();
}

export function hasSession(): boolean {
  return readTokens() !== null;
}

/**
 * Calls `listener` when the tokens change in this tab or in another one
 * (a logout or a refresh elsewhere). Returns the unsubscribe function.
 */
export function subscribeTokens(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(storageKey(''))) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
