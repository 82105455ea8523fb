import { describe, expect, it } from 'vitest';
import {
  fuelLevelDisplay,
  fuelLevelForChart,
  generatorReadingDisplay,
  isInvalidReading,
  signalDisplay,
} from './readings.js';

describe("Readings below 0 or equal to 32767 show '---' in several generator panels", () => {
  it.each([
    [-1, 2, true, '---'],
    [32767, 0, true, '---'],
    [null, 2, true, '---'],
    [0, 2, false, '0,00'],
    [32766, 0, false, '32.766'],
    [221.456, 1, false, '221,5'],
  ])('%s', (value, decimals, invalid, shown) => {
    expect(isInvalidReading(value)).toBe(invalid);
    expect(generatorReadingDisplay(value, decimals)).toBe(shown);
  });
});

describe("signal below 0 or missing '---'", () => {
  it.each([
    [-1, '---'],
    [null, '---'],
    [undefined, '---'],
    [0, '0'],
    [23, '23'],
  ])('signal %s → %s', (value, expected) => {
    expect(signalDisplay(value)).toBe(expected);
  });
});

describe("fuel level below 0 '---' (0 for graphs)", () => {
  it.each([
    [-5, '---', 0],
    [null, '---', 0],
    [0, '0,00', 0],
    [57.257, '57,26', 57.257],
  ])('level %s → %s on screen, %s in graphs', (value, shown, chart) => {
    expect(fuelLevelDisplay(value)).toBe(shown);
    expect(fuelLevelForChart(value)).toBe(chart);
  });
});
