import { describe, expect, it } from 'vitest';
import { CARD_STATE_TONE, cardState } from './card.js';

describe('Tile or card: Success when online with zero alarms (for a generator also GMG ON); Alarm when alarmTreeMapValue is at least 1; otherwise Info', () => {
  it.each([
    ['online, no alarms → Success', { online: true, alarmCount: 0 }, 'Success'],
    ['online, one alarm → Alarm', { online: true, alarmCount: 1 }, 'Alarm'],
    ['offline with alarms → Alarm', { online: false, alarmCount: 3 }, 'Alarm'],
    ['offline, no alarms → Info', { online: false, alarmCount: 0 }, 'Info'],
    ['online, no alarm count → Success', { online: true, alarmCount: null }, 'Success'],
    [
      'a generator online with GMG ON → Success',
      { online: true, alarmCount: 0, isGenerator: true, generatorBits: 64 },
      'Success',
    ],
    [
      'a generator online with GMG OFF → Info',
      { online: true, alarmCount: 0, isGenerator: true, generatorBits: 2048 },
      'Info',
    ],
    [
      'a generator without status → Info',
      { online: true, alarmCount: 0, isGenerator: true },
      'Info',
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(cardState(input)).toBe(expected);
    expect(CARD_STATE_TONE[expected]).toBeDefined();
  });
});
