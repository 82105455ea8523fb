import { CHART_Y_RANGE_PERCENT } from './chart.js';

/**
 * Vigia's bound on a chart answer (ARCHITECTURE.md "Charts"): a line never
 * carries more points than a chart can draw. Above it the server answers time
 * buckets (average, with the minimum and maximum of each).
 */
export const MAX_CHART_POINTS = 1000;

/** Most lines one chart history call may ask for. */
export const MAX_CHART_LINES = 20;

/** Bucket lengths in seconds: whole clock units, so buckets start on the minute or hour. */
export const CHART_BUCKET_STEPS_SEC: readonly number[] = [
  60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400,
];

/**
 * The bucket length for a period (epoch seconds, both ends inclusive) so that
 * buckets aligned on multiples of the length cover it in at most `maxPoints`:
 * the shortest clock step that fits, or whole days beyond the longest step.
 */
export function chartBucketSeconds(inicio: number, fim: number, maxPoints = MAX_CHART_POINTS) {
  const span = Math.max(fim - inicio, 0) + 1;
  // An unaligned period may touch one bucket more than span / step.
  const fits = (step: number) => Math.ceil(span / step) + 1 <= maxPoints;
  const step = CHART_BUCKET_STEPS_SEC.find(fits);
  if (step !== undefined) return step;
  const day = 86_400;
  return Math.ceil(span / (maxPoints - 1) / day) * day;
}

export interface ValueRange {
  min: number;
  max: number;
}

const PAD_BELOW = -CHART_Y_RANGE_PERCENT.min / 100;
const PAD_ABOVE = (CHART_Y_RANGE_PERCENT.max - 100) / 100;

/**
 * Spec 001 §9 "Chart Y range -3 to 105 percent": a scale from `minimo` to
 * `maximo` is drawn from 3 % of its span below the minimum to 5 % above the
 * maximum (0–100 % gives -3 to 105). Values outside the bounds widen it, so a
 * line is never cut off.
 */
export function chartYRange(bounds: ValueRange, data?: ValueRange | null): ValueRange {
  const min = data ? Math.min(bounds.min, data.min) : bounds.min;
  const max = data ? Math.max(bounds.max, data.max) : bounds.max;
  const span = max > min ? max - min : Math.abs(max) || 1;
  return { min: min - span * PAD_BELOW, max: max + span * PAD_ABOVE };
}
