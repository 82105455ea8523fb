import { readingsPayload } from '@vigia/contract';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../seed/random.js';
import { quickPayload } from './payload.js';

const manyReadings = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`r${i}`, i]));

const cases: unknown[] = [
  { ts: 1_763_700_000, leituras: { kW: 312.5, Hz: 60.01 } },
  { ts: 1_763_700_000, leituras: { kW: 1 }, qos: 0 },
  { ts: 1_763_700_000, leituras: { kW: 1 }, qos: 255 },
  { ts: 1_763_700_000, leituras: { kW: 1 }, qos: 256 },
  { ts: 1_763_700_000, leituras: { kW: 1 }, qos: 1.5 },
  { ts: 1_763_700_000, leituras: { kW: 1 }, qos: '1' },
  { ts: 1_763_700_000, leituras: { kW: 1 }, extra: true },
  { ts: 1_763_700_000.5, leituras: { kW: 1 } },
  { ts: 0, leituras: { kW: 1 } },
  { ts: -1, leituras: { kW: 1 } },
  { ts: '1763700000', leituras: { kW: 1 } },
  { ts: 1_763_700_000, leituras: {} },
  { ts: 1_763_700_000, leituras: [] },
  { ts: 1_763_700_000, leituras: null },
  { ts: 1_763_700_000, leituras: { kW: Number.NaN } },
  { ts: 1_763_700_000, leituras: { kW: Number.POSITIVE_INFINITY } },
  { ts: 1_763_700_000, leituras: { kW: '1' } },
  { ts: 1_763_700_000, leituras: { kW: null } },
  { ts: 1_763_700_000, leituras: { 'k W': 1 } },
  { ts: 1_763_700_000, leituras: { '': 1 } },
  { ts: 1_763_700_000, leituras: { ['x'.repeat(65)]: 1 } },
  { ts: 1_763_700_000, leituras: { ['x'.repeat(64)]: 1 } },
  { ts: 1_763_700_000, leituras: { 'pt01.a-b_c': 1 } },
  { ts: 1_763_700_000, leituras: manyReadings(1000) },
  { ts: 1_763_700_000, leituras: manyReadings(1001) },
  { ts: 1_763_700_000, leituras: Object.create({ herdada: 1 }) },
  { ts: 1_763_700_000, leituras: new Map([['kW', 1]]) },
  { leituras: { kW: 1 } },
  [],
  null,
  'texto',
  42,
];

describe('quickPayload', () => {
  it('accepts a message only when the zod schema accepts it, and then the same data', () => {
    for (const body of cases) {
      const quick = quickPayload(body);
      const parsed = readingsPayload.safeParse(body);
      if (quick) {
        expect(parsed.success, JSON.stringify(body)?.slice(0, 80)).toBe(true);
        expect(quick).toEqual(parsed.data);
      }
    }
  });

  it('takes the fast path for ordinary valid messages', () => {
    expect(quickPayload(cases[0])).toEqual(cases[0]);
    expect(
      quickPayload(JSON.parse('{"ts":1763700000,"leituras":{"kW":1,"Hz":60}}')),
    ).not.toBeNull();
  });

  it('agrees with zod on random messages', () => {
    const rng = createRandom(99);
    const values = [0, 1, -1, 1.5, Number.NaN, '1', null, true, 1e308, -0];
    const names = ['kW', 'Hz', 'a b', '', 'ç', 'x.y', '1', '__proto__'];
    for (let i = 0; i < 2000; i++) {
      const leituras: Record<string, unknown> = {};
      const n = rng.int(0, 3);
      for (let k = 0; k < n; k++) leituras[rng.pick(names)] = rng.pick(values);
      const body: Record<string, unknown> = {
        ts: rng.pick([1, 1_763_700_000, 0, 2.5, '5']),
        leituras,
      };
      if (rng.chance(0.3)) body.qos = rng.pick([0, 3, 300, -1, 1.2]);
      const quick = quickPayload(body);
      if (quick) expect(readingsPayload.safeParse(body).success).toBe(true);
    }
  });
});
