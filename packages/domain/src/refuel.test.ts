import { describe, expect, it } from 'vitest';
import { detectRefuels, fuelAutonomyDays, refuelThreshold, type VolumeHour } from './refuel.js';

const H = 3600;
/** A steady draw of `draw` litres an hour from `from`, `n` hours from t0. */
function draining(t0: number, from: number, draw: number, n: number): VolumeHour[] {
  return Array.from({ length: n }, (_, i) => {
    const start = from - draw * i;
    return { inicio: t0 + i * H, primeiro: start, ultimo: start - draw, maximo: start };
  });
}

describe('refuelThreshold', () => {
  it('is 5 % of the capacity, never under 20 L', () => {
    expect(refuelThreshold(5000)).toBe(250);
    expect(refuelThreshold(250)).toBe(20);
    expect(refuelThreshold(null)).toBe(20);
  });
});

describe('detectRefuels', () => {
  it('a steady draw is no refuel', () => {
    expect(detectRefuels(draining(0, 4000, 30, 48), 5000)).toEqual([]);
  });

  it('a jump inside an hour: from its first reading to its highest', () => {
    const hours = draining(0, 1200, 20, 5);
    hours.push({ inicio: 5 * H, primeiro: 1100, ultimo: 4600, maximo: 4620 });
    hours.push(...draining(6 * H, 4600, 20, 3));
    expect(detectRefuels(hours, 5000)).toEqual([
      { inicio: 5 * H, antes: 1100, depois: 4620, litros: 3520 },
    ]);
  });

  it('a jump between two hours counts from the previous hour’s last reading', () => {
    const hours = [
      { inicio: 0, primeiro: 900, ultimo: 880, maximo: 900 },
      { inicio: H, primeiro: 4500, ultimo: 4480, maximo: 4500 },
    ];
    expect(detectRefuels(hours, 5000)).toEqual([
      { inicio: H, antes: 880, depois: 4500, litros: 3620 },
    ]);
  });

  it('a delivery spread over consecutive hours is one refuel; hours given in any order', () => {
    const hours = [
      { inicio: 2 * H, primeiro: 2600, ultimo: 4700, maximo: 4700 },
      { inicio: H, primeiro: 500, ultimo: 2600, maximo: 2600 },
      { inicio: 0, primeiro: 520, ultimo: 500, maximo: 520 },
    ];
    expect(detectRefuels(hours, 5000)).toEqual([
      { inicio: H, antes: 500, depois: 4700, litros: 4200 },
    ]);
  });

  it('a gap in the readings does not join two refuels, and a rise across it is not measured', () => {
    const hours = [
      { inicio: 0, primeiro: 300, ultimo: 900, maximo: 900 },
      { inicio: 10 * H, primeiro: 200, ultimo: 800, maximo: 800 },
      { inicio: 20 * H, primeiro: 4000, ultimo: 3990, maximo: 4000 },
    ];
    expect(detectRefuels(hours, 1000).map((r) => r.inicio)).toEqual([0, 10 * H]);
  });

  it('a rise under the threshold (sensor noise) is ignored', () => {
    const hours = [
      { inicio: 0, primeiro: 1000, ultimo: 990, maximo: 1000 },
      { inicio: H, primeiro: 990, ultimo: 1100, maximo: 1200 },
    ];
    expect(detectRefuels(hours, 5000)).toEqual([]);
  });
});

describe('fuelAutonomyDays', () => {
  it('volume over the average daily consumption', () => {
    expect(fuelAutonomyDays(1000, 250)).toBe(4);
  });
  it('unknown without a volume or a consumption', () => {
    expect(fuelAutonomyDays(null, 250)).toBeNull();
    expect(fuelAutonomyDays(1000, 0)).toBeNull();
    expect(fuelAutonomyDays(1000, null)).toBeNull();
    expect(fuelAutonomyDays(-1, 10)).toBeNull();
  });
});
