import type { Query, QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@vigia/contract';
import { useEffect } from 'react';
import { subscribeLiveEvents } from './liveEvents';
import {
  FLOODING_EVENTS,
  LIVE_BURST,
  LIVE_FLUSH_MS,
  type LiveInterest,
  matchesInterest,
} from './liveInterest';

interface Throttle {
  /** When the latest event-caused refetches ran (the last `LIVE_BURST`, oldest first). */
  recent: number[];
  timer?: ReturnType<typeof setTimeout>;
  /** When `timer` fires. */
  dueAt: number;
}

/** An infinite list with more than its first page loaded (`{ pages, pageParams }`). */
function hasDeeperPages(data: unknown): boolean {
  const pageParams = (data as { pageParams?: unknown[] } | undefined)?.pageParams;
  return Array.isArray(pageParams) && pageParams.length > 1;
}

/**
 * How long an event waits before its query refetches, ms (0: at once). A
 * flooding event (`FLOODING_EVENTS`: readings) waits out the query's throttle
 * since its last refetch; any other (an alarm opened or cleared …) goes at
 * once unless `LIVE_BURST` refetches already ran within the throttle. Either
 * way the first event of a quiet query never waits.
 */
function liveDelay(
  recent: readonly number[],
  throttleMs: number,
  flooding: boolean,
  now: number,
): number {
  const last = recent.at(-1);
  if (last === undefined) return 0;
  if (flooding) return Math.max(0, last + throttleMs - now);
  const oldestOfBurst = recent.at(-LIVE_BURST);
  if (recent.length < LIVE_BURST || oldestOfBurst === undefined) return 0;
  return Math.max(0, oldestOfBurst + throttleMs - now);
}

/**
 * The console's one mapping from a live event to the queries it makes stale:
 * every query whose `meta.live` interest matches the event's type, system and
 * device is refetched, readings at most once per its `throttleMs`, alarms and
 * the other events at once (`liveDelay`). A list scrolled past its first page
 * is only marked stale (reloading every page would move the rows under the
 * reader); `useInfiniteList` offers the update instead. An event that arrives
 * during a load refetches once more after it, so it is not lost and a burst
 * does not cancel loads over and over.
 */
export function connectLiveQueries(client: QueryClient): () => void {
  const throttles = new Map<string, Throttle>();
  /** Queries an event reached while they were loading (true: only flooding events): refetched once that load ends. */
  const dirty = new Map<string, boolean>();

  const refetch = (query: Query) => {
    const throttle = throttles.get(query.queryHash);
    if (throttle) {
      clearTimeout(throttle.timer);
      throttle.timer = undefined;
      throttle.recent.push(Date.now());
      if (throttle.recent.length > LIVE_BURST) throttle.recent.shift();
    }
    void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
  };

  const schedule = (query: Query, interest: LiveInterest, flooding: boolean) => {
    if (hasDeeperPages(query.state.data)) {
      void client.invalidateQueries(
        { queryKey: query.queryKey, exact: true, refetchType: 'none' },
        { cancelRefetch: false },
      );
      return;
    }
    if (query.state.fetchStatus === 'fetching') {
      dirty.set(query.queryHash, flooding && dirty.get(query.queryHash) !== false);
      return;
    }
    let throttle = throttles.get(query.queryHash);
    if (!throttle) {
      throttle = { recent: [], dueAt: 0 };
      throttles.set(query.queryHash, throttle);
    }
    const now = Date.now();
    const due = liveDelay(throttle.recent, interest.throttleMs ?? LIVE_FLUSH_MS, flooding, now);
    if (due <= 0) {
      refetch(query);
      return;
    }
    if (throttle.timer !== undefined && throttle.dueAt <= now + due) return;
    clearTimeout(throttle.timer);
    throttle.dueAt = now + due;
    throttle.timer = setTimeout(() => refetch(query), due);
  };

  const onEvent = (event: LiveEvent) => {
    for (const query of client.getQueryCache().getAll()) {
      const interest = query.meta?.live;
      if (interest && matchesInterest(interest, event, query.state.data)) {
        schedule(query, interest, FLOODING_EVENTS.includes(event.type));
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
      dirty.has(query.queryHash) &&
      query.meta?.live
    ) {
      const flooding = dirty.get(query.queryHash) === true;
      dirty.delete(query.queryHash);
      schedule(query, query.meta.live, flooding);
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
