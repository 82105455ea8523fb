import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateLive } from './useLiveInvalidation';

describe('live invalidation', () => {
  it('marks stale only the queries whose meta names the event type', () => {
    const client = new QueryClient();
    client.setQueryData(['alarms'], 1);
    client.setQueryData(['tipos'], 2);
    client.setQueryData(['static'], 3);
    const cache = client.getQueryCache();
    cache.find({ queryKey: ['alarms'] })!.options.meta = { live: ['occurrence.opened'] };
    cache.find({ queryKey: ['tipos'] })!.options.meta = {
      live: ['readings.updated', 'occurrence.cleared'],
    };
    invalidateLive(client, new Set(['occurrence.opened', 'occurrence.cleared']));
    expect(client.getQueryState(['alarms'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['tipos'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['static'])?.isInvalidated).toBe(false);
  });
});
