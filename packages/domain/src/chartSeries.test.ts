import { describe, expect, it } from 'vitest';
import {
  CHART_BUCKET_STEPS_SEC,
  chartBucketSeconds,
  chartYRange,
  MAX_CHART_POINTS,
} from './chartSeries.js';

const DAY = 86_400;

describe('chart answers stay within MAX_CHART_POINTS per line', () => {
  it.each([
    ['one hour', 3600, 60],
    ['one day', DAY, 120],
    ['7 days', 7 * DAY, 900],
    ['31 days', 31 * DAY, 3600],
  ])('%s in buckets of %i s', (_label, span, step) => {
    expect(chartBucketSeconds(0, span - 1)).toBe(step);
    expect(Math.ceil(span / step) + 1).toBeLessThanOrEqual(MAX_CHART_POINTS);
  });

  it('uses whole days beyond the longest clock step', () => {
    expect(CHART_BUCKET_STEPS_SEC.at(-1)).toBe(DAY);
    expect(chartBucketSeconds(0, 2000 * DAY)).toBe(3 * DAY);
  });

  it('an empty or reversed period takes the shortest step', () => {
    expect(chartBucketSeconds(100, 100)).toBe(60);
    expect(chartBucketSeconds(100, 50)).toBe(60);
  });
});

describe('Chart Y range -3 to 105 percent', () => {
  it('0 to 100 % is drawn from -3 to 105', () => {
    expect(chartYRange({ min: 0, max: 100 })).toEqual({ min: -3, max: 105 });
  });

  it('other scales get the same margins of their span', () => {
    expect(chartYRange({ min: 0, max: 20_000 })).toEqual({ min: -600, max: 21_000 });
    expect(chartYRange({ min: 10, max: 60 })).toEqual({ min: 8.5, max: 62.5 });
  });

  it('values beyond the bounds widen the range', () => {
    expect(chartYRange({ min: 0, max: 100 }, { min: 20, max: 200 })).toEqual({
      min: -6,
      max: 210,
    });
  });

  it('a flat scale still has a height', () => {
    const range = chartYRange({ min: 5, max: 5 });
    expect(range.max).toBeGreaterThan(range.min);
  });
});
