/** Spec 001 §1/§9: panels and lists refresh every 60 s. */
export const REFRESH_MS = 60_000;
/** Spec 001 §9: PLC, carreta and synoptic panels refresh every 20 s. */
export const FAST_REFRESH_MS = 20_000;
/** Spec 000 §9: the loading spinner appears after 300 ms. */
export const SPINNER_DELAY_MS = 300;
/** Spec 000 §2: the unpinned side navigation collapses after 2500 ms. */
export const NAV_COLLAPSE_MS = 2500;
/** Spec 001 §2: a filter change refreshes after 400 ms of quiet (tanks too). */
export const FILTER_DEBOUNCE_MS = 400;
/** Spec 001 §2: 300 ms for history filters. */
export const HISTORY_FILTER_DEBOUNCE_MS = 300;
/** Spec 001 §2: the next page loads when scrolling past 50 px … */
export const SCROLL_TRIGGER_PX = 50;
/** … after a 500 ms delay. */
export const SCROLL_DELAY_MS = 500;
/** Spec 001 §9: panel loaders trigger when scrollTop is above 10. */
export const PANEL_SCROLL_TRIGGER_PX = 10;
/** Spec 001 §2: rows are drawn one per 10 ms. */
export const ROW_DRAW_MS = 10;
/** Spec 000 §9: energy cards appear with a 600 ms delay. */
export const ENERGY_CARD_DELAY_MS = 600;
/** Spec 001 §4: command status polling every 1 s … */
export const COMMAND_POLL_MS = 1000;
/** … at most 15 times. */
export const COMMAND_POLL_MAX = 15;
/** Spec 001 §4: command history refreshes every 60 s. */
export const COMMAND_HISTORY_REFRESH_MS = 60_000;
/** Spec 001 §4: the command panel's login expires after 5 minutes. */
export const COMMAND_LOGIN_EXPIRY_MS = 300_000;
/** Spec 000 §7/§9: the raw GET helper times out after 5 minutes. */
export const RAW_GET_TIMEOUT_MS = 300_000;
/** Spec 000 §9: the token is refreshed 30 s before `expires_in`. */
export const TOKEN_REFRESH_MARGIN_SEC = 30;
/** Spec 000 §9: at page start the refresh runs at a random 1 to 60 s. */
export const INITIAL_REFRESH_MIN_MS = 1000;
export const INITIAL_REFRESH_MAX_MS = 60_000;

export type PanelKind = 'plc' | 'carreta' | 'synoptic' | 'standard';

export function refreshIntervalMs(kind: PanelKind): number {
  return kind === 'standard' ? REFRESH_MS : FAST_REFRESH_MS;
}

export function tokenRefreshDelayMs(expiresInSec: number): number {
  if (!Number.isFinite(expiresInSec)) return 0;
  return Math.max(0, (expiresInSec - TOKEN_REFRESH_MARGIN_SEC) * 1000);
}

/** Uniform over [1000, 60000] ms; `random` returns [0, 1) like Math.random. */
export function initialRefreshDelayMs(random: () => number = Math.random): number {
  const span = INITIAL_REFRESH_MAX_MS - INITIAL_REFRESH_MIN_MS;
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.min(INITIAL_REFRESH_MIN_MS + Math.floor(r * (span + 1)), INITIAL_REFRESH_MAX_MS);
}

/** The command panel's password confirmation is valid for 5 minutes. */
export function commandLoginValid(confirmedAtMs: number | null | undefined, nowMs: number) {
  if (typeof confirmedAtMs !== 'number' || !Number.isFinite(confirmedAtMs)) return false;
  const age = nowMs - confirmedAtMs;
  return age >= 0 && age < COMMAND_LOGIN_EXPIRY_MS;
}
