import { describe, expect, it } from 'vitest';
import { isPrimeGeneratorCritical, loadSpeedSeverity, powerPercentSeverity } from './thresholds.js';

describe('Power percent 1 to 30 Crítico, above 30 Atenção', () => {
  it.each([
    [1, 'critical'],
    [15, 'critical'],
    [30, 'critical'],
    [30.1, 'attention'],
    [95, 'attention'],
    [0.5, null],
    [0, null],
    [null, null],
  ])('%s%% → %s', (percent, expected) => {
    expect(powerPercentSeverity(percent)).toBe(expected);
  });
});

describe('Load speed 80 or more Crítico, 65 to 79 Atenção', () => {
  it.each([
    [80, 'critical'],
    [120, 'critical'],
    [79, 'attention'],
    [65, 'attention'],
    [64.9, null],
    [null, null],
  ])('%s → %s', (value, expected) => {
    expect(loadSpeedSeverity(value)).toBe(expected);
  });
});

describe('Prime generator critical at 17 or more', () => {
  it.each([
    [17, true],
    [30, true],
    [16.9, false],
    [null, false],
  ])('%s → %s', (value, expected) => {
    expect(isPrimeGeneratorCritical(value)).toBe(expected);
  });
});
