import { readStored } from './storage';

/** Spec 000 §2: `/login/:logo`; unknown URLs go to `/login/`. */
export const LOGIN_PATH = '/login/';
/** The brand of the last login screen shown, so later redirects to login show the same one. */
export const LOGO_KEY = 'logo';
/** Query parameter of the login screen holding the screen to return to. */
export const NEXT_PARAM = 'next';

/** `#/login/:logo`, remembering where to return after sign-in. */
export function loginHref(next?: string): string {
  const logo = readStored(LOGO_KEY) ?? '';
  const base = `${LOGIN_PATH}${encodeURIComponent(logo)}`;
  return next ? `${base}?${NEXT_PARAM}=${encodeURIComponent(next)}` : base;
}

/** Only a path inside the console is accepted as the return target. */
export function safeNext(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith(LOGIN_PATH)) {
    return null;
  }
  return next;
}
