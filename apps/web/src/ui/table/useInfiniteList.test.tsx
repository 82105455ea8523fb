import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { LiveEvent } from '@vigia/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLiveQueries } from '../../lib/live/liveQueries';
import { type PageRequest, useInfiniteList } from './useInfiniteList';

const live = vi.hoisted(() => ({ listeners: new Set<(event: LiveEvent) => void>() }));
vi.mock('../../lib/live/liveEvents', () => ({
  subscribeLiveEvents: (listener: (event: LiveEvent) => void) => {
    live.listeners.add(listener);
    return () => live.listeners.delete(listener);
  },
}));

function emit(event: LiveEvent) {
  for (const listener of live.listeners) listener(event);
}

const OPENED: LiveEvent = {
  type: 'occurrence.opened',
  sisId: 8,
  deviceId: 1001,
  occurrenceId: 99,
  critico: 20,
};

interface Filters {
  texto: string;
}

const LIMIT = 3;
/** A server with `total` rows: ids total..1, newest first. */
function server(total: number) {
  const calls: { offSet: number; limit: number; texto: string }[] = [];
  const fetchPage = vi.fn(async ({ offSet, limit, filters }: PageRequest<Filters>) => {
    calls.push({ offSet, limit, texto: filters.texto });
    const ids = Array.from({ length: total }, (_, i) => total - i);
    return ids.slice(offSet, offSet + limit).map((id) => ({ id }));
  });
  return { calls, fetchPage };
}

const disconnects: (() => void)[] = [];

/** The app's providers: a query client kept in step with the event stream. */
function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  disconnects.push(connectLiveQueries(client));
  return ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const NEAR_END = { distanceToEndPx: 40, scrollTop: 500 };

beforeEach(() => live.listeners.clear());
afterEach(() => {
  for (const disconnect of disconnects.splice(0)) disconnect();
  vi.useRealTimers();
});

describe('useInfiniteList (spec 001 §2 list behaviour)', () => {
  it('loads the first page at offset 0 with the limit', async () => {
    const { calls, fetchPage } = server(10);
    const { result } = renderHook(
      () => useInfiniteList({ queryKey: ['t'], filters: { texto: '' }, fetchPage, limit: LIMIT }),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    expect(calls).toEqual([{ offSet: 0, limit: 3, texto: '' }]);
    expect(result.current.allLoaded).toBe(false);
    expect(result.current.atFirstPage).toBe(true);
  });

  it('fetches the next page 500 ms after the user is within 50 px of the end', async () => {
    const { calls, fetchPage } = server(10);
    const { result } = renderHook(
      () => useInfiniteList({ queryKey: ['t'], filters: { texto: '' }, fetchPage, limit: LIMIT }),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(3));

    act(() => result.current.onScrollPosition({ distanceToEndPx: 60, scrollTop: 0 }));
    await sleep(600);
    expect(calls).toHaveLength(1);

    act(() => result.current.onScrollPosition(NEAR_END));
    await sleep(350);
    expect(calls).toHaveLength(1);
    await waitFor(() => expect(result.current.rows).toHaveLength(6), { timeout: 3000 });
    expect(calls.at(-1)).toMatchObject({ offSet: 3 });
    expect(result.current.atFirstPage).toBe(false);
  });

  it('stops once a page comes back shorter than the limit', async () => {
    const { calls, fetchPage } = server(5);
    const { result } = renderHook(
      () => useInfiniteList({ queryKey: ['t'], filters: { texto: '' }, fetchPage, limit: LIMIT }),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    act(() => result.current.onScrollPosition(NEAR_END));
    await waitFor(() => expect(result.current.allLoaded).toBe(true));
    expect(result.current.rows.map((r) => r.id)).toEqual([5, 4, 3, 2, 1]);
    act(() => result.current.onScrollPosition(NEAR_END));
    await sleep(600);
    expect(calls).toHaveLength(2);
  });

  it('does not ask for the next page while a load is running', async () => {
    let release: () => void = () => {};
    const fetchPage = vi.fn(async ({ offSet }: PageRequest<Filters>) => {
      if (offSet > 0) await new Promise<void>((resolve) => (release = resolve));
      return [{ id: offSet + 1 }, { id: offSet + 2 }, { id: offSet + 3 }];
    });
    const { result } = renderHook(
      () => useInfiniteList({ queryKey: ['t'], filters: { texto: '' }, fetchPage, limit: LIMIT }),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    act(() => result.current.onScrollPosition(NEAR_END));
    await waitFor(() => expect(result.current.isFetchingNextPage).toBe(true));
    act(() => result.current.onScrollPosition(NEAR_END));
    await sleep(600);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    act(() => release());
    await waitFor(() => expect(result.current.rows).toHaveLength(6), { timeout: 3000 });
  });

  it('reloads from offset 0 after 400 ms of quiet when the filters change', async () => {
    const { calls, fetchPage } = server(10);
    const { result, rerender } = renderHook(
      ({ texto }) =>
        useInfiniteList({ queryKey: ['t'], filters: { texto }, fetchPage, limit: LIMIT }),
      { wrapper: wrapper(), initialProps: { texto: '' } },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    act(() => result.current.onScrollPosition(NEAR_END));
    await waitFor(() => expect(result.current.rows).toHaveLength(6), { timeout: 3000 });
    const before = result.current.filtersKey;

    rerender({ texto: 'G' });
    await sleep(200);
    rerender({ texto: 'GM' });
    await sleep(250);
    expect(calls).toHaveLength(2);
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual({ offSet: 0, limit: 3, texto: 'GM' });
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    expect(result.current.filtersKey).not.toBe(before);
  });

  it('waits only 300 ms when told (history)', async () => {
    const { calls, fetchPage } = server(10);
    const { rerender } = renderHook(
      ({ texto }) =>
        useInfiniteList({
          queryKey: ['t'],
          filters: { texto },
          fetchPage,
          limit: LIMIT,
          debounceMs: 300,
        }),
      { wrapper: wrapper(), initialProps: { texto: '' } },
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    rerender({ texto: 'x' });
    await sleep(380);
    expect(calls.at(-1)?.texto).toBe('x');
  });

  it('loads nothing while disabled (an invalid filter)', async () => {
    const { fetchPage } = server(10);
    const { result } = renderHook(
      () =>
        useInfiniteList({
          queryKey: ['t'],
          filters: { texto: '' },
          fetchPage,
          limit: LIMIT,
          enabled: false,
        }),
      { wrapper: wrapper() },
    );
    await sleep(50);
    expect(fetchPage).not.toHaveBeenCalled();
    expect(result.current.isPending).toBe(false);
  });

  it('auto-refreshes only while at the first page', async () => {
    const { calls, fetchPage } = server(10);
    const { result } = renderHook(
      () =>
        useInfiniteList({
          queryKey: ['t'],
          filters: { texto: '' },
          fetchPage,
          limit: LIMIT,
          refreshMs: 150,
        }),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(3), { timeout: 1000 });
    expect(calls.every((c) => c.offSet === 0)).toBe(true);

    act(() => result.current.onScrollPosition(NEAR_END));
    await waitFor(() => expect(result.current.atFirstPage).toBe(false), { timeout: 1500 });
    const settled = calls.length;
    await sleep(500);
    expect(calls).toHaveLength(settled);
  });

  it('refresh() goes back to the first page', async () => {
    const { calls, fetchPage } = server(10);
    const { result } = renderHook(
      () => useInfiniteList({ queryKey: ['t'], filters: { texto: '' }, fetchPage, limit: LIMIT }),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    act(() => result.current.onScrollPosition(NEAR_END));
    await waitFor(() => expect(result.current.rows).toHaveLength(6), { timeout: 3000 });
    await act(() => result.current.refresh());
    // The observer's update reaches the hook after the refetch resolves.
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    expect(calls.at(-1)?.offSet).toBe(0);
    expect(result.current.atFirstPage).toBe(true);
  });

  it('reloads at once on a matching live event at the first page', async () => {
    const { calls, fetchPage } = server(10);
    const { result } = renderHook(
      () =>
        useInfiniteList({
          queryKey: ['t'],
          filters: { texto: '' },
          fetchPage,
          limit: LIMIT,
          live: { types: ['occurrence.opened'], sisId: 8, throttleMs: 0 },
        }),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    act(() => emit({ ...OPENED, sisId: 9 }));
    act(() => emit({ ...OPENED, type: 'occurrence.cleared' } as LiveEvent));
    await sleep(30);
    expect(calls).toHaveLength(1);

    act(() => emit(OPENED));
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('does not lose an event that arrives during a load', async () => {
    let release: () => void = () => {};
    let n = 0;
    const fetchPage = vi.fn(async () => {
      n += 1;
      if (n === 2) await new Promise<void>((resolve) => (release = resolve));
      return [{ id: n }];
    });
    const { result } = renderHook(
      () =>
        useInfiniteList({
          queryKey: ['t'],
          filters: { texto: '' },
          fetchPage,
          limit: LIMIT,
          live: { types: ['occurrence.opened'], throttleMs: 0 },
        }),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    act(() => emit(OPENED));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    act(() => emit(OPENED));
    act(() => emit(OPENED));
    await sleep(30);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    act(() => release());
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(3));
    await sleep(50);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(result.current.rows).toEqual([{ id: 3 }]);
  });

  it('with deeper pages loaded, a live event only marks the list as updated', async () => {
    const { calls, fetchPage } = server(10);
    const { result } = renderHook(
      () =>
        useInfiniteList({
          queryKey: ['t'],
          filters: { texto: '' },
          fetchPage,
          limit: LIMIT,
          live: { types: ['occurrence.opened'], throttleMs: 0 },
        }),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    act(() => result.current.onScrollPosition(NEAR_END));
    await waitFor(() => expect(result.current.rows).toHaveLength(6), { timeout: 3000 });
    act(() => emit(OPENED));
    await sleep(30);
    expect(calls).toHaveLength(2);
    expect(result.current.hasUpdates).toBe(true);
    await act(() => result.current.refresh());
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    expect(result.current.hasUpdates).toBe(false);
  });
});
