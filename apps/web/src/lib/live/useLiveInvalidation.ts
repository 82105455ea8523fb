import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { LiveEventType } from '@vigia/contract';
import { useEffect } from 'react';
import { subscribeLiveEvents } from './liveEvents';

/** Live events arrive in bursts (a reading update per device): stale queries are refetched at most this often. */
export const LIVE_FLUSH_MS = 1000;

/**
 * Invalidates every query whose `meta.live` names the event's type, so a
 * screen declares what makes it stale instead of reloading by hand.
 */
export function invalidateLive(client: QueryClient, types: ReadonlySet<LiveEventType>): void {
  void client.invalidateQueries({
    predicate: (query) => query.meta?.live?.some((type) => types.has(type)) ?? false,
  });
}

export function useLiveInvalidation(enabled = true): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const pending = new Set<LiveEventType>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeLiveEvents((event) => {
      pending.add(event.type);
      timer ??= setTimeout(() => {
        timer = undefined;
        invalidateLive(client, new Set(pending));
        pending.clear();
      }, LIVE_FLUSH_MS);
    });
    return () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [client, enabled]);
}
