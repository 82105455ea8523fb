import { describe, expect, it } from 'vitest';
import {
  clampLimit,
  clampOffset,
  isLastPage,
  MAX_PAGE_SIZE,
  occurrencePageDefaults,
  PAGE_SIZE,
  shouldAutoRefresh,
  shouldLoadMore,
} from './paging.js';

describe('PAGE_SIZE', () => {
  it.each([
    ['occurrence default 100', PAGE_SIZE.occurrences, 100],
    ['50 for active device occurrences', PAGE_SIZE.deviceActiveOccurrences, 50],
    ['lists 50', PAGE_SIZE.lists, 50],
    ['alarm and battery lists use 50', PAGE_SIZE.alarmAndBatteryLists, 50],
    ['Report data and list services default to 100', PAGE_SIZE.reportData, 100],
    ['report data 20 in one area', PAGE_SIZE.reportDataArea, 20],
    ['schedule 50', PAGE_SIZE.schedule, 50],
    ['occurrence preview 10', PAGE_SIZE.occurrencePreview, 10],
    ['object listing 20', PAGE_SIZE.objectListing, 20],
    ['Plant mini-charts limit 6', PAGE_SIZE.plantMiniCharts, 6],
    ['plant management table limit 16', PAGE_SIZE.plantManagementTable, 16],
    ['Tables: 10 rows per page', PAGE_SIZE.table, 10],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('occurrencePageDefaults: limit 100, or 50 for active occurrences of a device; offset 0; empty text filter and order', () => {
  it.each([
    [false, 100],
    [true, 50],
  ])('device active %s → limit %d', (deviceActive, limit) => {
    expect(occurrencePageDefaults(deviceActive)).toEqual({
      offSet: 0,
      limit,
      filtroTexto: '',
      orderBy: '',
    });
  });

  it('defaults to the general occurrence list', () => {
    expect(occurrencePageDefaults().limit).toBe(100);
  });
});

describe('clampLimit / clampOffset (server)', () => {
  it.each([
    [undefined, 50],
    ['', 50],
    ['abc', 50],
    [0, 50],
    [-3, 50],
    ['20', 20],
    [20.7, 20],
    [10_000, MAX_PAGE_SIZE],
  ])('limit %s → %d', (limit, expected) => {
    expect(clampLimit(limit, 50)).toBe(expected);
  });

  it.each([
    [undefined, 0],
    ['-1', 0],
    ['100', 100],
    [7.9, 7],
    [null, 0],
  ])('offset %s → %d', (offset, expected) => {
    expect(clampOffset(offset)).toBe(expected);
  });
});

describe('list behaviour (spec 001 §2)', () => {
  it.each([
    [49, 50, true],
    [50, 50, false],
    [0, 50, true],
  ])(
    'a page of %d with limit %d is the last: %s (a page shorter than the limit)',
    (n, limit, expected) => {
      expect(isLastPage(n, limit)).toBe(expected);
    },
  );

  it.each([
    [
      'within 50 px of the end loads more',
      { distanceToBottomPx: 50, loading: false, allLoaded: false },
      true,
    ],
    ['further away does not', { distanceToBottomPx: 51, loading: false, allLoaded: false }, false],
    [
      'not while a load is running',
      { distanceToBottomPx: 0, loading: true, allLoaded: false },
      false,
    ],
    ['not when all are loaded', { distanceToBottomPx: 0, loading: false, allLoaded: true }, false],
  ])('%s', (_name, input, expected) => {
    expect(shouldLoadMore(input)).toBe(expected);
  });

  it.each([
    [0, true],
    [50, false],
  ])('auto-refreshes every 60 s when at the first page (offset %d: %s)', (offset, expected) => {
    expect(shouldAutoRefresh(offset)).toBe(expected);
  });
});
