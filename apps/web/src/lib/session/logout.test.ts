import { API } from '@vigia/contract/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from './logout';
import { saveTokens } from './tokenStore';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  saveTokens({ access_token: 'tok', refresh_token: 'ref', expires_in: 300, token_type: 'Bearer' });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('logout (spec 000 §4)', () => {
  it('removes the tokens, calls the logout service with the refresh token, then reloads', async () => {
    const order: string[] = [];
    fetchMock.mockImplementation(async () => {
      order.push(
        `logout call, tokens stored: ${localStorage.getItem('vigia.access_token') !== null}`,
      );
      return new Response(null, { status: 204 });
    });
    const reload = vi.fn(() => order.push('reload'));
    await logout({ reload });
    expect(order).toEqual(['logout call, tokens stored: false', 'reload']);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(API.auth.logout.path);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ refresh_token: 'ref' });
    expect(((init?.headers ?? {}) as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(Object.keys(localStorage).filter((k) => k.startsWith('vigia.'))).toEqual([]);
  });

  it('still reloads when the logout service fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const reload = vi.fn();
    await logout({ reload });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('vigia.refresh_token')).toBeNull();
  });

  it('goes to the given screen before reloading', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const reload = vi.fn(() => expect(window.location.hash).toBe('#/login/'));
    await logout({ redirectTo: '#/login/', reload });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('several failing calls at once log out once', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const reload = vi.fn();
    await Promise.all([logout({ reload }), logout({ reload }), logout({ reload })]);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
