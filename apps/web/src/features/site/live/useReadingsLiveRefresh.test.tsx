import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { LiveEvent } from '@vigia/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceIdsOf } from './deviceIdsOf';
import { useReadingsLiveRefresh } from './useReadingsLiveRefresh';

const listeners = new Set<(event: LiveEvent) => void>();
vi.mock('../../../lib/live/liveEvents', () => ({
  subscribeLiveEvents: (listener: (event: LiveEvent) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
}));

const emit = (event: LiveEvent) => {
  for (const listener of listeners) listener(event);
};

const readings = (deviceId: number): LiveEvent => ({
  type: 'readings.updated',
  sisId: 1,
  deviceId,
  ts: 1,
  names: ['kW'],
});

afterEach(() => {
  vi.useRealTimers();
});

/** A panel's reading query of device 1001 with the live refresh. */
function Probe({ fetcher }: { fetcher: () => Promise<unknown> }) {
  useReadingsLiveRefresh();
  useQuery({ queryKey: ['site', 'readings', 1001, []], queryFn: fetcher });
  return null;
}

describe('live readings on a panel', () => {
  it('finds the devices a site query shows', () => {
    expect(deviceIdsOf({ id: 3, infos: [] })).toEqual([3]);
    expect(deviceIdsOf([{ id: 1 }, { id: 2 }])).toEqual([1, 2]);
    expect(deviceIdsOf({ dispositivos: [{ id: 5 }] })).toEqual([5]);
    expect(deviceIdsOf(undefined)).toEqual([]);
  });

  it("refetches the panel's readings after readings.updated of its device only", async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn(async () => ({ id: 1001, infos: [] }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Probe fetcher={fetcher} />
      </QueryClientProvider>,
    );
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(fetcher).toHaveBeenCalledTimes(1);

    act(() => emit(readings(2002)));
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(fetcher).toHaveBeenCalledTimes(1);

    act(() => {
      emit(readings(1001));
      emit(readings(1001));
    });
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
