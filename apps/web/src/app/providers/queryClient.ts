import { QueryClient } from '@tanstack/react-query';
import { REFRESH_MS } from '@vigia/domain';
import { isHttpError } from '../../lib/httpErrors';

/**
 * A 4xx answer will not change by asking again, but for 429: the user's heavy calls
 * (reports, energy periods) are busy, typically the screen just left still computing, and
 * the server says to come back in a second (Retry-After: 1); four more tries, 1 to 8 s
 * apart (the query's doubling delay). Network and 5xx failures get two more tries.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isHttpError(error, 429)) return failureCount < 4;
  if (isHttpError(error) && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Spec 001 §1: screens refresh every 60 s unless a query says otherwise.
        refetchInterval: REFRESH_MS,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}
