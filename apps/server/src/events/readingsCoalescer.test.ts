import { liveEvent } from '@vigia/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_READINGS_EVENT_BYTES,
  ReadingsCoalescer,
  type ReadingsUpdated,
} from './readingsCoalescer.js';

let published: ReadingsUpdated[];
/** When each event of `published` went out, ms since the test began. */
let publishedAt: number[];
let coalescer: ReadingsCoalescer;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
  published = [];
  publishedAt = [];
  coalescer = new ReadingsCoalescer({
    publish: (e) => {
      published.push(e);
      publishedAt.push(Date.now());
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
});

const deviceIdsOf = (events: ReadingsUpdated[]) =>
  events.flatMap((e) => e.devices.map((d) => d.deviceId));

describe('ReadingsCoalescer', () => {
  it('publishes a system’s readings within a second, all its devices in one event', async () => {
    coalescer.add(121, 7, 100, ['kW', 'Hz']);
    coalescer.add(121, 8, 101, ['kW']);
    expect(published).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(published).toEqual([
      {
        type: 'readings.updated',
        sisId: 121,
        devices: [
          { deviceId: 7, ts: 100 },
          { deviceId: 8, ts: 101 },
        ],
        names: ['kW', 'Hz'],
      },
    ]);
    expect(liveEvent.parse(published[0])).toEqual(published[0]);
  });

  it('sends at most one event a second per system, with each device’s newest time', async () => {
    coalescer.add(121, 7, 100, ['kW']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(published).toHaveLength(1);

    coalescer.add(121, 7, 105, ['kW']);
    coalescer.add(121, 7, 103, ['Hz']);
    coalescer.add(121, 8, 104, ['kW']);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(published).toHaveLength(2);
    expect(publishedAt[1]).toBe((publishedAt[0] as number) + 1_000);
    expect(published[1]).toEqual({
      type: 'readings.updated',
      sisId: 121,
      devices: [
        { deviceId: 7, ts: 105 },
        { deviceId: 8, ts: 104 },
      ],
      names: ['kW', 'Hz'],
    });
  });

  it('spreads systems over the second, so their consoles do not all reload at once', async () => {
    for (let sisId = 1; sisId <= 10; sisId++) coalescer.add(sisId, sisId, 1, ['kW']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(published.map((e) => e.sisId).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(new Set(publishedAt).size).toBeGreaterThanOrEqual(8);
  });

  it('splits a large system into events that each fit a PostgreSQL NOTIFY', async () => {
    const names = Array.from({ length: 29 }, (_, i) => `leitura_${i}`);
    for (let deviceId = 1; deviceId <= 2_000; deviceId++) {
      coalescer.add(121, deviceId, 1_763_700_000 + deviceId, names);
    }
    await vi.advanceTimersByTimeAsync(1_000);
    expect(published.length).toBeGreaterThan(1);
    for (const event of published) {
      expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThanOrEqual(
        MAX_READINGS_EVENT_BYTES,
      );
      expect(event.names).toEqual(names);
    }
    expect(deviceIdsOf(published)).toEqual(Array.from({ length: 2_000 }, (_, i) => i + 1));
  });

  it('each part names only the readings of its own devices', () => {
    const small = new ReadingsCoalescer({ publish: (e) => published.push(e), maxEventBytes: 120 });
    small.add(1, 1, 1, ['a'.repeat(40)]);
    small.add(1, 2, 1, ['b'.repeat(40)]);
    small.add(1, 3, 1, ['c'.repeat(200)]);
    small.flush();
    expect(published.map((e) => [deviceIdsOf([e]), e.names.map((n) => n[0])])).toEqual([
      [[1], ['a']],
      [[2], ['b']],
      // Alone over the limit: still published (the relay keeps it local).
      [[3], ['c']],
    ]);
  });

  it('flush publishes what is held at once (shutdown) and leaves no timer behind', async () => {
    coalescer.add(121, 7, 100, ['kW']);
    coalescer.add(200, 8, 100, ['kW']);
    coalescer.flush();
    expect(published.map((e) => e.sisId)).toEqual([121, 200]);
    expect(coalescer.pendingSystems).toBe(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(published).toHaveLength(2);
  });
});
