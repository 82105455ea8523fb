/**
 * The fixed display vocabulary every decoder speaks (Grafana's `StateTag` states).
 * Only the UI kit maps a tone to a theme colour; rules never return CSS.
 */
export type Tone = 'good' | 'bad' | 'warning' | 'neutral' | 'info';

export const TONES: readonly Tone[] = ['good', 'bad', 'warning', 'neutral', 'info'];

export function isTone(value: unknown): value is Tone {
  return typeof value === 'string' && (TONES as readonly string[]).includes(value);
}

/** Severity order of the tones, for a summary of several states. */
const SEVERITY: Readonly<Record<Tone, number>> = {
  bad: 4,
  warning: 3,
  info: 2,
  neutral: 1,
  good: 0,
};

/** The most severe of `tones` (bad, then warning, info, neutral, good); none: undefined. */
export function worstTone(tones: Iterable<Tone | null | undefined>): Tone | undefined {
  let worst: Tone | undefined;
  for (const tone of tones) {
    if (tone && (worst === undefined || SEVERITY[tone] > SEVERITY[worst])) worst = tone;
  }
  return worst;
}
