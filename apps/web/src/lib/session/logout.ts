import { API } from '@vigia/contract/api';
import { stopRefresh } from './refresh';
import { clearTokens, readTokens } from './tokenStore';

const LOGOUT_TIMEOUT_MS = 3000;

export interface LogoutOptions {
  /** Hash to show after the reload (the login screen); without it the current screen reloads and the guard sends it to login. */
  redirectTo?: string;
  reload?: () => void;
}

let loggingOut = false;

/**
 * Spec 000 §4: removes the tokens, calls the logout service, reloads the page;
 * the user is then logged out. Several failing calls at once log out once.
 */
export async function logout({
  redirectTo,
  reload = () => window.location.reload(),
}: LogoutOptions = {}): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  const tokens = readTokens();
  stopRefresh();
  clearTokens();
  if (tokens) {
    try {
      await fetch(API.auth.logout.path, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${tokens.accessToken}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ refresh_token: tokens.refreshToken }),
        keepalive: true,
        signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
      });
    } catch {
      // The tokens are gone from this browser either way; revocation is best effort.
    }
  }
  if (redirectTo !== undefined) window.location.hash = redirectTo;
  loggingOut = false;
  reload();
}
