import {
  hashKey,
  type InfiniteData,
  keepPreviousData,
  type QueryKey,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  FILTER_DEBOUNCE_MS,
  isLastPage,
  REFRESH_MS,
  SCROLL_DELAY_MS,
  SCROLL_TRIGGER_PX,
  shouldAutoRefresh,
  shouldLoadMore,
} from '@vigia/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LiveInterest } from '../../lib/live/liveInterest';
import { flattenPages, trimToFirstPage } from './infiniteData';
import type { ScrollPosition } from './types';
import { useDebouncedValue } from './useDebouncedValue';

export interface PageRequest<F> {
  offSet: number;
  limit: number;
  filters: F;
  signal: AbortSignal;
}

export interface InfiniteListOptions<T, F> {
  /** Key of the list without its filters (they are appended); writes invalidate it. */
  queryKey: QueryKey;
  filters: F;
  fetchPage: (request: PageRequest<F>) => Promise<T[]>;
  /** Page size (`limit`). */
  limit: number;
  /** Quiet time before a filter change reloads (default 400 ms; history 300 ms). */
  debounceMs?: number;
  /** False holds the list (e.g. an invalid period): nothing loads. */
  enabled?: boolean;
  /** Drops rows repeated across pages. */
  getRowId?: (row: T) => string | number;
  /** Reload from the event stream (lib/live/liveQueries) without waiting for the 60 s refresh. */
  live?: LiveInterest;
  /** Auto-refresh period while at the first page (default 60 s). */
  refreshMs?: number;
}

export interface InfiniteList<T> {
  rows: T[];
  /** No rows yet and a first load is running. */
  isPending: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  error: Error | null;
  /** A page came back shorter than the limit. */
  allLoaded: boolean;
  /** Only the first page is loaded: auto-refresh and live reloads run. */
  atFirstPage: boolean;
  /** A live event arrived while deeper pages were loaded; `refresh()` shows it. */
  hasUpdates: boolean;
  /** Changes when the settled filters change: give it to ListTable's `resetScrollKey`. */
  filtersKey: string;
  /** ListTable's `onScrollPosition`. */
  onScrollPosition: (position: ScrollPosition) => void;
  /** Back to offset 0 and reload. */
  refresh: () => Promise<void>;
}

type Pages<T> = InfiniteData<T[], number>;

/**
 * The list behaviour of spec 001 §2 on TanStack Query: pages of `limit`; the
 * next one when the user is within 50 px of the end, after 500 ms, unless all
 * rows are loaded (a short page) or a load is running; filter changes reload
 * from offset 0 after a quiet time; auto-refresh every 60 s at the first page.
 */
export function useInfiniteList<T, F>(options: InfiniteListOptions<T, F>): InfiniteList<T> {
  const {
    queryKey,
    filters,
    fetchPage,
    limit,
    debounceMs = FILTER_DEBOUNCE_MS,
    enabled = true,
    getRowId,
    live,
    refreshMs = REFRESH_MS,
  } = options;
  const client = useQueryClient();
  const settled = useDebouncedValue(filters, debounceMs);
  const fullKey = useMemo(() => [...queryKey, settled.value], [queryKey, settled.value]);

  const query = useInfiniteQuery<T[], Error, Pages<T>, QueryKey, number>({
    queryKey: fullKey,
    queryFn: ({ pageParam, signal }) =>
      fetchPage({ offSet: pageParam, limit, filters: settled.value as F, signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) =>
      isLastPage(lastPage.length, limit) ? undefined : lastOffset + limit,
    refetchInterval: (q) => (shouldAutoRefresh(lastOffsetOf(q.state.data)) ? refreshMs : false),
    // Refocusing the window would refetch every loaded page: only the first page refreshes.
    refetchOnWindowFocus: (q) => shouldAutoRefresh(lastOffsetOf(q.state.data)),
    placeholderData: keepPreviousData,
    enabled,
    meta: live ? { live } : undefined,
  });

  const data = query.data;
  const rows = useMemo(() => flattenPages(data?.pages ?? [], getRowId), [data, getRowId]);
  const atFirstPage = shouldAutoRefresh(lastOffsetOf(data));
  const allLoaded = data !== undefined && !query.hasNextPage && !query.isPlaceholderData;

  const state = useRef({ loading: false, allLoaded: false, atFirstPage: true });
  state.current = { loading: query.isFetching, allLoaded, atFirstPage };
  const { fetchNextPage } = query;

  const nextTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onScrollPosition = useCallback(
    ({ distanceToEndPx }: ScrollPosition) => {
      const now = state.current;
      const wanted = shouldLoadMore(
        { distanceToBottomPx: distanceToEndPx, loading: now.loading, allLoaded: now.allLoaded },
        SCROLL_TRIGGER_PX,
      );
      if (!wanted || nextTimer.current !== undefined) return;
      nextTimer.current = setTimeout(() => {
        nextTimer.current = undefined;
        const later = state.current;
        if (!later.loading && !later.allLoaded) void fetchNextPage();
      }, SCROLL_DELAY_MS);
    },
    [fetchNextPage],
  );
  useEffect(() => () => clearTimeout(nextTimer.current), []);

  // Deeper pages loaded, a live event only marks the list stale (lib/live/liveQueries):
  // the list offers the update instead of reloading every page under the reader.
  const [invalidated, setInvalidated] = useState(false);
  useEffect(() => {
    const hash = hashKey(fullKey);
    return client.getQueryCache().subscribe((event) => {
      if (event.query.queryHash === hash) setInvalidated(event.query.state.isInvalidated);
    });
  }, [client, fullKey]);
  const hasUpdates = invalidated && !atFirstPage;
  const refresh = useCallback(async () => {
    client.setQueryData<Pages<T>>(fullKey, (old) => trimToFirstPage(old));
    await client.refetchQueries({ queryKey: fullKey, exact: true });
  }, [client, fullKey]);

  return {
    rows,
    isPending: query.isPending && enabled,
    isFetching: query.isFetching,
    isFetchingNextPage: query.isFetchingNextPage,
    error: query.error,
    allLoaded,
    atFirstPage,
    hasUpdates,
    filtersKey: settled.key,
    onScrollPosition,
    refresh,
  };
}

function lastOffsetOf(data: Pages<unknown> | undefined): number {
  return data?.pageParams.at(-1) ?? 0;
}
