import { screen } from '@testing-library/react';
import type { DeviceRowPage } from '@vigia/contract';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageTitleContext } from '../../../lib/navigation';
import { saveTokens } from '../../../lib/session/tokenStore';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { EnergyCenterPage } from './EnergyCenterPage';

const USER = {
  id: 1,
  login: 'demo',
  nome: 'Operador Demo',
  acesso: 0,
  direitos_id: [1],
  administrador: false,
  sistemas: [{ id: 220, nome: 'Arena Guanabara', empresa: 'Arena', home: null }],
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function serve(center: { status: number; body: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/User/userinfo') return json(200, USER);
      if (url.pathname === '/api/EnergyCenters/1/energyCenter') {
        return json(center.status, center.body);
      }
      if (url.pathname === '/api/taginfo/v2/dispositivos/infosLista') {
        const page: DeviceRowPage = { total: 0, itens: [] };
        return json(200, page);
      }
      return json(404, { error: 'Não encontrado.' });
    }),
  );
}

beforeEach(() => {
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(setTitle: (title: string | null) => void = () => {}) {
  return renderWithProviders(
    <PageTitleContext.Provider value={setTitle}>
      <Routes>
        <Route path="/:sisId/sites/dispositivos/:energycenterId" element={<EnergyCenterPage />} />
      </Routes>
    </PageTitleContext.Provider>,
    '/220/sites/dispositivos/1',
  );
}

describe('energy-center page', () => {
  it('is titled with the energy center’s name (heading and breadcrumb); the spec label stays', async () => {
    serve({ status: 200, body: { id: 1, nome: 'Energy Center Arena Guanabara', sisId: 220 } });
    const setTitle = vi.fn();
    renderPage(setTitle);
    expect(
      await screen.findByRole('heading', { name: 'Energy Center Arena Guanabara' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Dispositivos - Energy Center · Arena Guanabara'),
    ).toBeInTheDocument();
    expect(setTitle).toHaveBeenLastCalledWith('Energy Center Arena Guanabara');
  });

  it('an energy center the user cannot see keeps the spec label and says it was not found', async () => {
    serve({ status: 404, body: { error: 'Não encontrado.' } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Energy center não encontrado.');
    expect(
      screen.getByRole('heading', { name: 'Dispositivos - Energy Center' }),
    ).toBeInTheDocument();
  });
});
