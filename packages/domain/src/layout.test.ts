import { describe, expect, it } from 'vitest';
import {
  BREAKPOINTS,
  breakpointOf,
  MOBILE_HIDDEN_COLUMNS,
  MOBILE_MAX_COLUMNS,
  navCollapsedByDefault,
  navExpandsOnHover,
  swipeThresholdPx,
} from './layout.js';

describe('breakpointOf: xs up to 767, sm 768-991, md 992-1199, lg 1200 and up', () => {
  it.each([
    [320, 'xs'],
    [767, 'xs'],
    [768, 'sm'],
    [991, 'sm'],
    [992, 'md'],
    [1199, 'md'],
    [1200, 'lg'],
    [2560, 'lg'],
  ] as const)('%d px is %s', (width, bp) => {
    expect(breakpointOf(width)).toBe(bp);
  });

  it('BREAKPOINTS', () => {
    expect(BREAKPOINTS).toEqual({ xs: 767, sm: 991, md: 1199 });
  });
});

describe('swipe thresholds are 100 px on extra-small screens and 200 px otherwise', () => {
  it.each([
    ['xs', 100],
    ['sm', 200],
    ['md', 200],
    ['lg', 200],
  ] as const)('%s → %d px', (bp, px) => {
    expect(swipeThresholdPx(bp)).toBe(px);
  });
});

describe('side navigation: collapses on small screens, expands on hover on medium and large screens', () => {
  it.each([
    ['xs', true, false],
    ['sm', true, false],
    ['md', false, true],
    ['lg', false, true],
  ] as const)('%s: collapsed %s, hover %s', (bp, collapsed, hover) => {
    expect(navCollapsedByDefault(bp)).toBe(collapsed);
    expect(navExpandsOnHover(bp)).toBe(hover);
  });
});

it('On mobile the first 7 columns show; date, site, UF, alarm, connection and equipment columns are hidden', () => {
  expect(MOBILE_MAX_COLUMNS).toBe(7);
  expect(MOBILE_HIDDEN_COLUMNS).toEqual(['date', 'site', 'uf', 'alarm', 'connection', 'equipment']);
});
