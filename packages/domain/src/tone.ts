/**
 * The fixed display vocabulary every decoder speaks (Grafana's `StateTag` states).
 * Only the UI kit maps a tone to a theme colour; rules never return CSS.
 */
export type Tone = 'good' | 'bad' | 'warning' | 'neutral' | 'info';

export const TONES: readonly Tone[] = ['good', 'bad', 'warning', 'neutral', 'info'];

export function isTone(value: unknown): value is Tone {
  return typeof value === 'string' && (TONES as readonly string[]).includes(value);
}
