import { hasBit } from './bits.js';
import { GMG_ON_BIT } from './generator.js';
import type { Tone } from './tone.js';

export type CardState = 'Success' | 'Alarm' | 'Info';

export interface CardInput {
  online: boolean;
  /** alarmTreeMapValue: active alarm count. */
  alarmCount: number | null | undefined;
  /** For a generator, its status bits: Success also needs GMG ON. */
  generatorBits?: number | null;
  isGenerator?: boolean;
}

/**
 * Spec 001 §4: Success when online with zero alarms (for a generator also GMG ON);
 * Alarm when alarmTreeMapValue is at least 1; otherwise Info.
 */
export function cardState(o: CardInput): CardState {
  const alarms =
    typeof o.alarmCount === 'number' && Number.isFinite(o.alarmCount) ? o.alarmCount : 0;
  if (alarms >= 1) return 'Alarm';
  const running = !o.isGenerator || hasBit(o.generatorBits, GMG_ON_BIT);
  return o.online && running ? 'Success' : 'Info';
}

export const CARD_STATE_TONE: Readonly<Record<CardState, Tone>> = {
  Success: 'good',
  Alarm: 'bad',
  Info: 'info',
};
