import '@tanstack/react-query';
import type { LiveInterest } from './live/liveInterest';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Live events after which this query is stale (read only by lib/live/liveQueries). */
      live?: LiveInterest;
    };
  }
}
