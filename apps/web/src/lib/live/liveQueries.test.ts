import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { LiveEvent } from '@vigia/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_BURST, type LiveInterest } from './liveInterest';
import { connectLiveQueries } from './liveQueries';

const live = vi.hoisted(() => ({ listeners: new Set<(event: LiveEvent) => void>() }));
vi.mock('./liveEvents', () => ({
  subscribeLiveEvents: (listener: (event: LiveEvent) => void) => {
    live.listeners.add(listener);
    return () => live.listeners.delete(listener);
  },
}));

const emit = (event: LiveEvent) => {
  for (const listener of live.listeners) listener(event);
};
const readings = (sisId: number, ...deviceIds: number[]): LiveEvent => ({
  type: 'readings.updated',
  sisId,
  devices: deviceIds.map((deviceId) => ({ deviceId, ts: 1 })),
  names: ['kW'],
});
const opened = (sisId: number, deviceId: number): LiveEvent => ({
  type: 'occurrence.opened',
  sisId,
  deviceId,
  occurrenceId: 1,
  critico: 20,
});

let client: QueryClient;
let disconnect: () => void;
const unsubscribers: (() => void)[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient();
  disconnect = connectLiveQueries(client);
});
afterEach(() => {
  for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
  disconnect();
  vi.useRealTimers();
});

/** A query on screen (observed) holding `data` that declares `live`; `fetches` counts its loads. */
function watched(key: string, live: LiveInterest, data: unknown = null) {
  const fetches: number[] = [];
  const observer = new QueryObserver(client, {
    queryKey: [key],
    queryFn: async () => {
      fetches.push(Date.now());
      return data;
    },
    initialData: data,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { live },
  });
  unsubscribers.push(observer.subscribe(() => {}));
  return { fetches, stale: () => client.getQueryState([key])?.isInvalidated };
}

describe('one mapping from live events to stale queries', () => {
  it('matches the event type, the system and the device a query declares', async () => {
    const device = watched('device', {
      types: ['readings.updated'],
      deviceIds: [7],
      throttleMs: 0,
    });
    const system = watched('system', { types: ['occurrence.opened'], sisId: 121, throttleMs: 0 });
    const any = watched('any', { types: ['occurrence.opened'], throttleMs: 0 });

    emit(readings(121, 8));
    emit(opened(200, 7));
    expect(device.stale()).toBe(false);
    expect(system.stale()).toBe(false);
    expect(any.stale()).toBe(true);

    emit(readings(121, 7));
    emit(opened(121, 9));
    expect(device.stale()).toBe(true);
    expect(system.stale()).toBe(true);
  });

  it('a system’s readings event reaches the queries of any device it names', () => {
    const seven = watched('seven', { types: ['readings.updated'], deviceIds: [7], throttleMs: 0 });
    const other = watched('other', { types: ['readings.updated'], deviceIds: [9], throttleMs: 0 });
    emit(readings(121, 5, 6, 7, 8));
    expect(seven.stale()).toBe(true);
    expect(other.stale()).toBe(false);
  });

  it('reads the devices a synoptic or peer list shows from its answer', () => {
    const peers = watched(
      'peers',
      {
        types: ['readings.updated'],
        devicesOf: (data) => (data as { id: number }[]).map((r) => r.id),
        throttleMs: 0,
      },
      [{ id: 1 }, { id: 2 }],
    );
    emit(readings(121, 3));
    expect(peers.stale()).toBe(false);
    emit(readings(121, 3, 2));
    expect(peers.stale()).toBe(true);
  });

  it('refetches at most once per throttle period, the burst folded into one', async () => {
    const q = watched('device', { types: ['readings.updated'], deviceIds: [7], throttleMs: 1000 });
    emit(readings(121, 7));
    await vi.advanceTimersByTimeAsync(10);
    expect(q.fetches).toHaveLength(1);
    for (let i = 0; i < 5; i++) emit(readings(121, 7));
    await vi.advanceTimersByTimeAsync(500);
    expect(q.fetches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(q.fetches).toHaveLength(2);
  });

  it('an alarm refetches a counter at once, even right after readings or another alarm refetched it', async () => {
    const counter = watched('counter', { types: ['readings.updated', 'occurrence.opened'] });
    emit(readings(121, 7));
    await vi.advanceTimersByTimeAsync(10);
    expect(counter.fetches).toHaveLength(1);
    emit(opened(121, 7));
    await vi.advanceTimersByTimeAsync(1);
    expect(counter.fetches).toHaveLength(2);
    emit(opened(121, 8));
    await vi.advanceTimersByTimeAsync(1);
    expect(counter.fetches).toHaveLength(3);
  });

  it('an alarm flood waits: past LIVE_BURST refetches in a throttle period the rest fold into one', async () => {
    const list = watched('list', { types: ['occurrence.opened'], throttleMs: 1000 });
    for (let i = 0; i < LIVE_BURST; i++) {
      emit(opened(121, i));
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(list.fetches).toHaveLength(LIVE_BURST);
    for (let i = 0; i < 20; i++) emit(opened(121, 100 + i));
    await vi.advanceTimersByTimeAsync(500);
    expect(list.fetches).toHaveLength(LIVE_BURST);
    await vi.advanceTimersByTimeAsync(600);
    expect(list.fetches).toHaveLength(LIVE_BURST + 1);
  });

  it('an alarm does not wait behind a readings refetch already scheduled', async () => {
    const counter = watched('counter', { types: ['readings.updated', 'occurrence.opened'] });
    emit(readings(121, 7));
    await vi.advanceTimersByTimeAsync(10);
    emit(readings(121, 7));
    await vi.advanceTimersByTimeAsync(100);
    expect(counter.fetches).toHaveLength(1);
    emit(opened(121, 7));
    await vi.advanceTimersByTimeAsync(1);
    expect(counter.fetches).toHaveLength(2);
    // The readings event is answered by that refetch: no second one at the throttle's end.
    await vi.advanceTimersByTimeAsync(2000);
    expect(counter.fetches).toHaveLength(2);
  });

  it('an alarm that arrives during a load refetches as soon as the load ends', async () => {
    let release = () => {};
    const fetches: number[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ['slow'],
      queryFn: () => {
        fetches.push(Date.now());
        return new Promise<null>((resolve) => {
          release = () => resolve(null);
        });
      },
      initialData: null,
      staleTime: Number.POSITIVE_INFINITY,
      meta: { live: { types: ['occurrence.opened'] } satisfies LiveInterest },
    });
    unsubscribers.push(observer.subscribe(() => {}));
    emit(opened(121, 7));
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toHaveLength(1);
    emit(opened(121, 8));
    await vi.advanceTimersByTimeAsync(300);
    expect(fetches).toHaveLength(1);
    release();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toHaveLength(2);
  });

  it('a query without an interest is never touched', () => {
    client.setQueryData(['config'], 1);
    emit(opened(121, 7));
    expect(client.getQueryState(['config'])?.isInvalidated).toBe(false);
  });
});
