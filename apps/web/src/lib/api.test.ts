import { defineRoute } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call } from './api';
import { setHttpHandlers } from './http';
import { stopRefresh } from './session/refresh';
import { saveTokens } from './session/tokenStore';

const fetchMock = vi.fn<typeof fetch>();

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

const byPath = defineRoute({
  method: 'PUT',
  path: '/api/coisas/{coisaId}/nome',
  params: z.object({ coisaId: z.coerce.number() }),
  query: z.object({ sisid: z.coerce.number().optional() }),
  body: z.object({ nome: z.string() }),
  answer: z.object({ id: z.number(), nome: z.string() }),
  errors: { 404: 'Coisa fora do usuário' },
  tags: ['teste'],
  summary: 'Renomeia uma coisa',
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setHttpHandlers({ onInvalidToken: vi.fn(), onError: vi.fn() });
  saveTokens({ access_token: 't', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
});

afterEach(() => {
  stopRefresh();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('call (the console side of the route table)', () => {
  it('sends the definition’s method, its path filled from params, the query and the JSON body', async () => {
    fetchMock.mockResolvedValue(json({ id: 7, nome: 'GMG 1' }));
    const answer = await call(byPath, {
      params: { coisaId: 7 },
      query: { sisid: 3 },
      body: { nome: 'GMG 1' },
    });
    expect(answer).toEqual({ id: 7, nome: 'GMG 1' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/coisas/7/nome?sisid=3');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"nome":"GMG 1"}');
  });

  it('encodes a path value and refuses a missing one before any request', async () => {
    fetchMock.mockResolvedValue(json({ id: 1, nome: 'x' }));
    await call(byPath, { params: { coisaId: 'a/b' }, query: {}, body: { nome: 'x' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/coisas/a%2Fb/nome');
    await expect(
      call(byPath, { params: { coisaId: '' }, query: {}, body: { nome: 'x' } }),
    ).rejects.toThrow(/coisaId/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rejects an answer outside the contract (development and tests check every answer)', async () => {
    fetchMock.mockResolvedValue(json([{ tipo: 'gerador', total: '3' }]));
    await expect(call(API.user.listaTipos, { query: { sisid: 1 } })).rejects.toThrow(
      /resposta fora do contrato: GET \/api\/User\/listatipos/,
    );
  });

  it('takes no input for a call without params, query or body', async () => {
    fetchMock.mockResolvedValue(
      json({
        id: 1,
        login: 'demo',
        nome: 'Demo',
        acesso: 0,
        direitos_id: [1],
        administrador: false,
        sistemas: [],
      }),
    );
    await expect(call(API.user.userinfo)).resolves.toMatchObject({ login: 'demo' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/User/userinfo');
  });
});
