import { MESSAGES } from '@vigia/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request, setHttpHandlers } from './http';
import { HttpError, NetworkError } from './httpErrors';
import { stopRefresh } from './session/refresh';
import { readTokens, saveTokens } from './session/tokenStore';

const fetchMock = vi.fn<typeof fetch>();
const onInvalidToken = vi.fn();
const onError = vi.fn();

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setHttpHandlers({ onInvalidToken, onError });
  saveTokens({
    access_token: 'tok-1',
    refresh_token: 'ref-1',
    expires_in: 300,
    token_type: 'Bearer',
  });
});

afterEach(() => {
  stopRefresh();
  fetchMock.mockReset();
  onInvalidToken.mockReset();
  onError.mockReset();
  vi.unstubAllGlobals();
});

describe('http client', () => {
  it('sends the bearer token with every request (spec 000 §6)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: 1 }));
    await expect(request('/api/User/userinfo')).resolves.toEqual({ ok: 1 });
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
  });

  it('drops query values that are null, undefined or false (spec 000 §5)', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    await request('/api/ocorrencias', {
      query: {
        sisid: 5,
        alarmeativo: true,
        evento: false,
        filtroTexto: null,
        orderBy: undefined,
        offSet: 0,
      },
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/ocorrencias?sisid=5&alarmeativo=true&offSet=0');
  });

  it("logs out on error 'invalid_token' instead of showing a toast (spec 000 §8)", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { error: 'invalid_token' }));
    await expect(request('/api/User/userinfo')).rejects.toBeInstanceOf(HttpError);
    expect(onInvalidToken).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('logs out on invalid_token even for a call that handles its own errors', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { error: 'invalid_token' }));
    await expect(request('/api/x', { quiet: true })).rejects.toBeInstanceOf(HttpError);
    expect(onInvalidToken).toHaveBeenCalledTimes(1);
  });

  it('shows any other error field as a toast', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { error: 'Dispositivo não encontrado.' }));
    const failure = await request('/api/dispositivos/9').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(404);
    expect((failure as HttpError).message).toBe('Dispositivo não encontrado.');
    expect(onError).toHaveBeenCalledWith('Dispositivo não encontrado.');
    expect(onInvalidToken).not.toHaveBeenCalled();
  });

  it('prefers error_description when the body has one', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(403, { error: 'access_denied', error_description: MESSAGES.userBlocked }),
    );
    await expect(request('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(onError).toHaveBeenCalledWith(MESSAGES.userBlocked);
  });

  it('a failure without an error body gets a generic text by status', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(request('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(onError).toHaveBeenCalledWith(MESSAGES.internalError);
  });

  it('quiet calls report nothing', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { error: 'Não encontrado.' }));
    await expect(request('/api/x', { quiet: true })).rejects.toBeInstanceOf(HttpError);
    expect(onError).not.toHaveBeenCalled();
  });

  it('an unreachable server is a NetworkError and a toast', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('/api/x')).rejects.toBeInstanceOf(NetworkError);
    expect(onError).toHaveBeenCalledWith(MESSAGES.networkError);
  });

  it('a request cancelled by its caller is not reported', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(request('/api/x', { signal: controller.signal })).rejects.toBeInstanceOf(
      DOMException,
    );
    expect(onError).not.toHaveBeenCalled();
  });

  it('sends JSON bodies and resolves 204 as undefined', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(
      request('/api/x', { method: 'POST', json: { ids: [1, 2] } }),
    ).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"ids":[1,2]}');
    expect(((init?.headers ?? {}) as Record<string, string>)['Content-Type']).toBe(
      'application/json',
    );
  });

  it('refreshes an expired access token before the call', async () => {
    saveTokens(
      { access_token: 'old', refresh_token: 'ref-old', expires_in: 300, token_type: 'Bearer' },
      0,
    );
    fetchMock.mockImplementation(async (url) =>
      url === '/oauth/token'
        ? jsonResponse(200, {
            access_token: 'new',
            refresh_token: 'ref-new',
            expires_in: 300,
            token_type: 'Bearer',
          })
        : jsonResponse(200, {}),
    );
    await request('/api/x');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/oauth/token', '/api/x']);
    const headers = fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer new');
    expect(readTokens()?.refreshToken).toBe('ref-new');
  });

  describe('GETs started by index.html for the first screen', () => {
    afterEach(() => {
      delete window.__vigiaEarly;
    });

    it('takes the early answer once instead of asking again', async () => {
      window.__vigiaEarly = {
        '/api/User/listatipos?sisid=7': Promise.resolve({
          token: 'tok-1',
          status: 200,
          body: '[{"tipo":1}]',
        }),
      };
      fetchMock.mockResolvedValue(jsonResponse(200, [{ tipo: 2 }]));
      await expect(request('/api/User/listatipos', { query: { sisid: 7 } })).resolves.toEqual([
        { tipo: 1 },
      ]);
      expect(fetchMock).not.toHaveBeenCalled();
      // A refetch asks the server.
      await expect(request('/api/User/listatipos', { query: { sisid: 7 } })).resolves.toEqual([
        { tipo: 2 },
      ]);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('asks itself when the early call failed or used another token', async () => {
      window.__vigiaEarly = {
        '/api/User/userinfo': Promise.resolve(null),
        '/api/User/listatipos?sisid=7': Promise.resolve({ token: 'old', status: 200, body: '[]' }),
      };
      fetchMock.mockImplementation(async () => jsonResponse(200, { fresh: true }));
      await expect(request('/api/User/userinfo')).resolves.toEqual({ fresh: true });
      await expect(request('/api/User/listatipos', { query: { sisid: 7 } })).resolves.toEqual({
        fresh: true,
      });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  });
});
