import { setFlagsFromString } from 'node:v8';

/**
 * How far V8's heap may grow past what survived the last full collection,
 * percent. V8 lets it grow up to 4× when the process may take gigabytes (its
 * default limit on a machine with that much memory): at 20k devices (bench/fleet)
 * 85 MB live became a 340 MB heap and 500 MB of RSS; at 50 % the heap is 170 MB,
 * the RSS about 330 MB, the polled calls' times within the bench's run-to-run
 * spread.
 */
export const HEAP_GROWTH_PERCENT = 50;

/**
 * Sets the growth for the rest of the process (0 leaves V8's own). Unlike the
 * heap's size limits, which V8 reads only at start, this one it reads at every
 * full collection, so the server can set it itself.
 */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
