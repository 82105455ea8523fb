import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../../lib/httpErrors';
import { shouldRetry } from './queryClient';

const http = (status: number) => new HttpError(status, null, null, `HTTP ${status}`);

describe('shouldRetry', () => {
  it('asks again after a busy answer (429) four times, never after another 4xx', () => {
    expect([0, 1, 2, 3, 4].map((n) => shouldRetry(n, http(429)))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetry(0, http(400))).toBe(false);
    expect(shouldRetry(0, http(404))).toBe(false);
  });

  it('gives network and server failures two more tries', () => {
    expect([0, 1, 2].map((n) => shouldRetry(n, http(503)))).toEqual([true, true, false]);
    expect([0, 1, 2].map((n) => shouldRetry(n, new NetworkError('offline')))).toEqual([
      true,
      true,
      false,
    ]);
  });
});
