import type { Query, QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@vigia/contract';
import { useEffect } from 'react';
import { subscribeLiveEvents } from './liveEvents';
import { LIVE_FLUSH_MS, type LiveInterest, matchesInterest } from './liveInterest';

interface Throttle {
  last: number;
  timer?: ReturnType<typeof setTimeout>;
}

/** An infinite list with more than its first page loaded (`{ pages, pageParams }`). */
function hasDeeperPages(data: unknown): boolean {
  const pageParams = (data as { pageParams?: unknown[] } | undefined)?.pageParams;
  return Array.isArray(pageParams) && pageParams.length > 1;
}

/**
 * The console's one mapping from a live event to the queries it makes stale:
 * every query whose `meta.live` interest matches the event's type, system and
 * device is refetched, at most once per its `throttleMs`. A list scrolled past
 * its first page is only marked stale (reloading every page would move the
 * rows under the reader); `useInfiniteList` offers the update instead. An
 * event that arrives during a load refetches once more after it, so it is not
 * lost and a burst does not cancel loads over and over.
 */
export function connectLiveQueries(client: QueryClient): () => void {
  const throttles = new Map<string, Throttle>();
  /** Queries an event reached while they were loading: refetched once that load ends. */
  const dirty = new Set<string>();

  const refetch = (query: Query) => {
    const throttle = throttles.get(query.queryHash);
    if (throttle) throttle.last = Date.now();
    void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
  };

  const schedule = (query: Query, interest: LiveInterest) => {
    if (hasDeeperPages(query.state.data)) {
      void client.invalidateQueries(
        { queryKey: query.queryKey, exact: true, refetchType: 'none' },
        { cancelRefetch: false },
      );
      return;
    }
    if (query.state.fetchStatus === 'fetching') {
      dirty.add(query.queryHash);
      return;
    }
    const wait = interest.throttleMs ?? LIVE_FLUSH_MS;
    let throttle = throttles.get(query.queryHash);
    if (!throttle) {
      throttle = { last: 0 };
      throttles.set(query.queryHash, throttle);
    }
    if (throttle.timer !== undefined) return;
    const due = throttle.last + wait - Date.now();
    if (due <= 0) {
      refetch(query);
      return;
    }
    const pending = throttle;
    pending.timer = setTimeout(() => {
      pending.timer = undefined;
      refetch(query);
    }, due);
  };

  const onEvent = (event: LiveEvent) => {
    for (const query of client.getQueryCache().getAll()) {
      const interest = query.meta?.live;
      if (interest && matchesInterest(interest, event, query.state.data)) {
        schedule(query, interest);
      }
    }
  };

  const unsubscribe = subscribeLiveEvents(onEvent);
  const unsubscribeCache = client.getQueryCache().subscribe((change) => {
    const { query } = change;
    if (change.type === 'removed') {
      clearTimeout(throttles.get(query.queryHash)?.timer);
      throttles.delete(query.queryHash);
      dirty.delete(query.queryHash);
    } else if (
      change.type === 'updated' &&
      query.state.fetchStatus === 'idle' &&
      dirty.delete(query.queryHash) &&
      query.meta?.live
    ) {
      schedule(query, query.meta.live);
    }
  });
  return () => {
    unsubscribe();
    unsubscribeCache();
    for (const throttle of throttles.values()) clearTimeout(throttle.timer);
    throttles.clear();
  };
}

/** Keeps the console's queries in step with the event stream while `enabled`. */
export function useLiveQueries(enabled = true): void {
  const client = useQueryClient();
  useEffect(() => (enabled ? connectLiveQueries(client) : undefined), [client, enabled]);
}
