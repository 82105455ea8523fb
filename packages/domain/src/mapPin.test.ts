import { describe, expect, it } from 'vitest';
import { MAP_MAX_ZOOM, MAP_PIN_SIZE_PX, MAP_PIN_TONE, mapPinColor } from './mapPin.js';

describe("Map pin colour: online green, '>1 dia offline' gray, else red", () => {
  it.each([
    ['online', 'green'],
    ['ONLINE', 'green'],
    ['>1 dia offline', 'gray'],
    ['offline', 'red'],
    ['nunca comunicou', 'red'],
    [null, 'red'],
  ] as const)('%s → %s', (summary, color) => {
    expect(mapPinColor(summary)).toBe(color);
    expect(MAP_PIN_TONE[color]).toBeDefined();
  });

  it('pin size 35, max zoom 35', () => {
    expect(MAP_PIN_SIZE_PX).toBe(35);
    expect(MAP_MAX_ZOOM).toBe(35);
  });
});
