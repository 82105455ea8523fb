import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeLiveEvents } from '../../../lib/live/liveEvents';
import { LIVE_FLUSH_MS } from '../../../lib/live/useLiveInvalidation';
import { deviceIdsOf } from './deviceIdsOf';

/** The site queries that hold readings (not the configuration). */
const READING_QUERIES = new Set(['readings', 'synoptic', 'peers']);

/**
 * Refetches the panel's reading queries when `readings.updated` arrives for a
 * device they show, at most once per second; the 60 s / 20 s polling stays
 * as the floor (ARCHITECTURE.md, live screens). Events of other devices are
 * ignored, so a busy fleet does not reload an open panel.
 */
export function useReadingsLiveRefresh(): void {
  const client = useQueryClient();
  useEffect(() => {
    const pending = new Set<number>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const ids = new Set(pending);
      pending.clear();
      void client.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === 'site' &&
          READING_QUERIES.has(String(query.queryKey[1])) &&
          deviceIdsOf(query.state.data).some((id) => ids.has(id)),
      });
    };
    const unsubscribe = subscribeLiveEvents((event) => {
      if (event.type !== 'readings.updated') return;
      pending.add(event.deviceId);
      timer ??= setTimeout(flush, LIVE_FLUSH_MS);
    });
    return () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [client]);
}
