import { describe, expect, it } from 'vitest';
import {
  COMMAND_LOGIN_EXPIRY_MS,
  COMMAND_POLL_MAX,
  COMMAND_POLL_MS,
  commandLoginValid,
  FAST_REFRESH_MS,
  FILTER_DEBOUNCE_MS,
  HISTORY_FILTER_DEBOUNCE_MS,
  initialRefreshDelayMs,
  NAV_COLLAPSE_MS,
  RAW_GET_TIMEOUT_MS,
  REFRESH_MS,
  ROW_DRAW_MS,
  refreshIntervalMs,
  SCROLL_DELAY_MS,
  SCROLL_TRIGGER_PX,
  SPINNER_DELAY_MS,
  tokenRefreshDelayMs,
} from './timing.js';

describe('spec constants', () => {
  it.each([
    ['Refresh 60000 ms', REFRESH_MS, 60_000],
    ['20000 ms for PLC, carreta and synoptic panels', FAST_REFRESH_MS, 20_000],
    ['The loading spinner appears after 300 ms', SPINNER_DELAY_MS, 300],
    ['Nav collapse 2500 ms', NAV_COLLAPSE_MS, 2500],
    ['Filter debounce 400 ms', FILTER_DEBOUNCE_MS, 400],
    ['300 ms history', HISTORY_FILTER_DEBOUNCE_MS, 300],
    ['Scroll trigger 50 px', SCROLL_TRIGGER_PX, 50],
    ['after 500 ms', SCROLL_DELAY_MS, 500],
    ['Row draw 10 ms', ROW_DRAW_MS, 10],
    ['Command polling 1 s', COMMAND_POLL_MS, 1000],
    ['up to 15 times', COMMAND_POLL_MAX, 15],
    ['login expiry 300000 ms', COMMAND_LOGIN_EXPIRY_MS, 300_000],
    ['Raw GET timeout: 300000 ms', RAW_GET_TIMEOUT_MS, 300_000],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ['plc', 20_000],
    ['carreta', 20_000],
    ['synoptic', 20_000],
    ['standard', 60_000],
  ] as const)('a %s panel refreshes every %d ms', (kind, expected) => {
    expect(refreshIntervalMs(kind)).toBe(expected);
  });
});

describe('tokenRefreshDelayMs: token refresh is scheduled 30 seconds before expires_in', () => {
  it.each([
    [3600, 3_570_000],
    [31, 1000],
    [30, 0],
    [10, 0],
    [Number.NaN, 0],
  ])('expires_in %d → %d ms', (expiresIn, expected) => {
    expect(tokenRefreshDelayMs(expiresIn)).toBe(expected);
  });
});

describe('initialRefreshDelayMs: on page start a refresh is scheduled at a random 1 to 60 seconds', () => {
  it.each([
    [0, 1000],
    [0.5, 30_500],
    [0.999999, 60_000],
    [1, 60_000],
    [-1, 1000],
  ])('random %d → %d ms', (r, expected) => {
    expect(initialRefreshDelayMs(() => r)).toBe(expected);
  });

  it('Math.random stays within 1–60 s', () => {
    for (let i = 0; i < 200; i++) {
      const delay = initialRefreshDelayMs();
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThanOrEqual(60_000);
    }
  });
});

describe('commandLoginValid: a login session inside the command panel expires after 5 minutes', () => {
  it.each([
    ['just confirmed', 1000, 1000, true],
    ['4:59 later', 0, 299_999, true],
    ['5 minutes later', 0, 300_000, false],
    ['never confirmed', null, 1000, false],
    ['confirmed in the future (clock skew)', 2000, 1000, false],
  ])('%s', (_name, confirmedAt, now, expected) => {
    expect(commandLoginValid(confirmedAt, now)).toBe(expected);
  });
});
