import { describe, expect, it } from 'vitest';
import {
  generatorMode,
  generatorModeTone,
  generatorStatus,
  generatorStatusTone,
  isGeneratorRunning,
} from './generator.js';

describe('generatorMode (modoWeb)', () => {
  it.each([
    [1, 'Parado'],
    [2, 'Manual'],
    [4, 'Semi'],
    [8, 'Auto'],
    [16, 'Teste'],
    [0, '-----'],
    [3, '-----'],
    [32, '-----'],
    [null, '-----'],
    [undefined, '-----'],
  ])("modoWeb %s is '%s'", (modoWeb, expected) => {
    expect(generatorMode(modoWeb)).toBe(expected);
  });

  it.each([
    [8, 'good'],
    [2, 'warning'],
    [4, 'warning'],
    [16, 'info'],
    [1, 'neutral'],
    [99, 'neutral'],
  ])('modoWeb %d has tone %s', (modoWeb, tone) => {
    expect(generatorModeTone(modoWeb)).toBe(tone);
  });
});

describe("generatorStatus: 64 is 'GMG ON'; 2048 is 'GMG OFF'", () => {
  it.each([
    [64, 'GMG ON'],
    [64 + 1, 'GMG ON'],
    [2048, 'GMG OFF'],
    [2048 + 4, 'GMG OFF'],
    [64 + 2048, 'GMG ON'],
    [0, null],
    [null, null],
  ])('bits %s → %s', (bits, expected) => {
    expect(generatorStatus(bits)).toBe(expected);
  });

  it.each([
    [64, 'good'],
    [2048, 'neutral'],
    [null, 'neutral'],
  ])('bits %s tone %s', (bits, tone) => {
    expect(generatorStatusTone(bits)).toBe(tone);
  });
});

describe('isGeneratorRunning: bit 64 is set and its communication is online', () => {
  it.each([
    [64, true, true],
    [64, false, false],
    [2048, true, false],
    [null, true, false],
    [65, true, true],
  ])('bits %s online %s → %s', (bits, online, expected) => {
    expect(isGeneratorRunning(bits, online)).toBe(expected);
  });
});
