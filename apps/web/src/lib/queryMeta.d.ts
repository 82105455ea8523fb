import type { LiveEventType } from '@vigia/contract';
import '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Live event types after which this query is stale (see lib/live). */
      live?: readonly LiveEventType[];
    };
  }
}
