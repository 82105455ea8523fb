import type { TokenResponse } from '@vigia/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshNow, resumeSession, startSession, stopRefresh } from './refresh';
import { readTokens, saveTokens } from './tokenStore';

function tokens(n: number, expiresIn = 300): TokenResponse {
  return {
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
    expires_in: expiresIn,
    token_type: 'Bearer',
  };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  stopRefresh();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function refreshCalls() {
  return fetchMock.mock.calls.filter(([url]) => url === '/oauth/token');
}

describe('token refresh schedule (spec 000 §9)', () => {
  it('refreshes 30 s before expires_in after sign-in', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, tokens(2)));
    startSession(tokens(1, 40));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(refreshCalls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls()).toHaveLength(1);
    const body = refreshCalls()[0]?.[1]?.body as URLSearchParams;
    expect(body.get('grant_type')).toBe('refresh_token');
    expect(body.get('refresh_token')).toBe('refresh-1');
    expect(body.get('client_id')).toBe('vigia-web');
    expect(readTokens()?.accessToken).toBe('access-2');
  });

  it('keeps refreshing, each time 30 s before the new expiry', async () => {
    let n = 1;
    fetchMock.mockImplementation(async () => jsonResponse(200, tokens(++n, 60)));
    startSession(tokens(1, 60));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(readTokens()?.accessToken).toBe('access-2');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(readTokens()?.accessToken).toBe('access-3');
    expect(refreshCalls()).toHaveLength(2);
  });

  it('at page start refreshes at a random 1–60 s', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, tokens(2)));
    saveTokens(tokens(1, 3600));
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    resumeSession();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refreshCalls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('at page start refreshes sooner when the stored token is due before the random delay', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, tokens(2)));
    saveTokens(tokens(1, 35));
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    resumeSession();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('without a stored session nothing is scheduled', async () => {
    resumeSession();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a refused refresh removes the tokens silently (spec 000 §8)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { error: 'invalid_grant' }));
    startSession(tokens(1, 40));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(readTokens()).toBeNull();
    expect(localStorage.getItem('vigia.access_token')).toBeNull();
    expect(localStorage.getItem('vigia.refresh_token')).toBeNull();
  });

  it('a refresh that cannot reach the server keeps the session and tries again', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, tokens(2)));
    startSession(tokens(1, 40));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(readTokens()?.accessToken).toBe('access-1');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(readTokens()?.accessToken).toBe('access-2');
  });

  it.each([429, 500, 503])(
    'a refresh the server cannot answer for now (%i) keeps the session and tries again',
    async (status) => {
      fetchMock.mockResolvedValueOnce(jsonResponse(status, { error: 'Banco indisponível' }));
      fetchMock.mockResolvedValueOnce(jsonResponse(200, tokens(2)));
      startSession(tokens(1, 40));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(refreshCalls()).toHaveLength(1);
      expect(readTokens()?.refreshToken).toBe('refresh-1');
      await vi.advanceTimersByTimeAsync(10_000);
      expect(readTokens()?.accessToken).toBe('access-2');
    },
  );

  it('does not spend a refresh token another tab already rotated', async () => {
    startSession(tokens(1, 40));
    // Another tab refreshed meanwhile: same storage, new tokens.
    saveTokens(tokens(7, 40));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refreshCalls()).toHaveLength(0);
    expect(readTokens()?.refreshToken).toBe('refresh-7');
  });

  it('concurrent refreshes in one tab share one request', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, tokens(2)));
    saveTokens(tokens(1, 300));
    const results = await Promise.all([refreshNow(), refreshNow(), refreshNow()]);
    expect(results).toEqual([true, true, true]);
    expect(refreshCalls()).toHaveLength(1);
  });
});
