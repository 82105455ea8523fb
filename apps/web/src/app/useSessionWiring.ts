import { useEffect } from 'react';
import { setHttpHandlers } from '../lib/http';
import { logout } from '../lib/session/logout';
import { resumeSession, stopRefresh } from '../lib/session/refresh';
import { notifyError } from '../ui/notify';

/**
 * Connects the session rules to the page (spec 000 §4, §8, §9): an
 * 'invalid_token' answer logs out, any other error is a toast, and a stored
 * session is refreshed at a random 1–60 s after page start.
 */
export function useSessionWiring(): void {
  useEffect(() => {
    setHttpHandlers({ onInvalidToken: () => void logout(), onError: notifyError });
    resumeSession();
    return stopRefresh;
  }, []);
}
