import type { Tone } from './tone.js';

export type MapPinColor = 'green' | 'gray' | 'red';

/** Spec 001 §4: online green, '>1 dia offline' gray, else red. */
export function mapPinColor(resumoComunicacao: string | null | undefined): MapPinColor {
  const summary = resumoComunicacao?.trim().toLowerCase();
  if (summary === 'online') return 'green';
  if (summary === '>1 dia offline') return 'gray';
  return 'red';
}

export const MAP_PIN_TONE: Readonly<Record<MapPinColor, Tone>> = {
  green: 'good',
  gray: 'neutral',
  red: 'bad',
};

/** Spec 001 §9: pin size 35 … */
export const MAP_PIN_SIZE_PX = 35;
/** … and max zoom 35 (tile layers clamp it to what they serve). */
export const MAP_MAX_ZOOM = 35;
