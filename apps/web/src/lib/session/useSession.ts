import { useSyncExternalStore } from 'react';
import { hasSession, subscribeTokens } from './tokenStore';

/** Whether this browser holds a session; follows logins, refresh failures and logouts in any tab. */
export function useHasSession(): boolean {
  return useSyncExternalStore(subscribeTokens, hasSession, () => false);
}
