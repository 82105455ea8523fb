import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceRowPage } from '@vigia/contract';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../lib/session/tokenStore';
import { deviceRow } from '../../../test/deviceFixtures.test-util';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { QtaListPage } from './deviceListPages';

const USER = {
  id: 1,
  login: 'demo',
  nome: 'Operador Demo',
  acesso: 0,
  direitos_id: [1],
  administrador: false,
  sistemas: [{ id: 121, nome: 'Geradores Telecom', empresa: 'TelcoBrasil', home: 'geradores' }],
};

const NOW = Math.floor(Date.now() / 1000);
const QTA = deviceRow(
  { statusRede: 0, chaveRede: 16384 | 32768, chaveGrupo: 4096, redekW: 49.4 },
  { id: 1002, tipo: 'qta', patrimonio: 'QTA1', nome: 'QTA ERB Recife', ultimaLeitura: NOW - 60 },
);

const requests: URL[] = [];

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

const originals = {
  clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
};

beforeEach(() => {
  // jsdom has no layout: the virtualised table needs a viewport to draw rows.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => 400,
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get: () => 1000,
  });
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      if (url.pathname === '/api/User/userinfo') return json(USER);
      if (url.pathname === '/api/dispositivos/infosFiltro') {
        const page: DeviceRowPage = { total: 1, itens: [QTA] };
        return json(page);
      }
      return new Response('{}', { status: 404 });
    }),
  );
});

afterEach(() => {
  for (const [key, descriptor] of Object.entries(originals)) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
  }
  vi.unstubAllGlobals();
  localStorage.clear();
});

function listRequests() {
  return requests.filter((u) => u.pathname === '/api/dispositivos/infosFiltro');
}

function renderQtas() {
  return renderWithProviders(
    <Routes>
      <Route path="/:sisId/qtas" element={<QtaListPage />} />
    </Routes>,
    '/121/qtas',
  );
}

describe('a typed device list (QTA)', () => {
  it('asks for the QTAs of the system with the readings its columns show, and decodes them', async () => {
    renderQtas();
    const table = await screen.findByRole('table', { name: 'Lista QTA' });
    const row = await within(table).findByText('QTA ERB Recife');
    const cells = row.closest('tr')?.textContent ?? '';
    expect(cells).toContain('Normal');
    expect(cells).toContain('FECHADA');
    expect(cells).toContain('ABERTA');
    expect(cells).toContain('49,40');
    expect(cells).toContain('Online');
    const [first] = listRequests();
    expect(first?.searchParams.get('tipo')).toBe('qta');
    expect(first?.searchParams.get('sisid')).toBe('121');
    expect(first?.searchParams.get('offSet')).toBe('0');
    expect(first?.searchParams.get('limit')).toBe('50');
    expect(first?.searchParams.get('nomes')?.split(',')).toEqual(
      expect.arrayContaining(['statusRede', 'chaveRede', 'chaveGrupo', 'redekW']),
    );
  });

  it('a search is sent as filtroTexto once typing stops; a header click as orderBy', async () => {
    const user = userEvent.setup();
    renderQtas();
    await screen.findByText('QTA ERB Recife');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'Recife');
    await waitFor(() =>
      expect(listRequests().at(-1)?.searchParams.get('filtroTexto')).toBe('Recife'),
    );
    // One request for the settled text, none per keystroke.
    expect(listRequests().filter((u) => u.searchParams.has('filtroTexto'))).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Nome' }));
    await waitFor(() =>
      expect(listRequests().at(-1)?.searchParams.get('orderBy')).toBe('nome asc'),
    );
  });

  it('the search and the order are kept in the browser and come back with the list (spec 000 §3)', async () => {
    const user = userEvent.setup();
    const first = renderQtas();
    await screen.findByText('QTA ERB Recife');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'Recife');
    await user.click(screen.getByRole('button', { name: 'Nome' }));
    await waitFor(() =>
      expect(listRequests().at(-1)?.searchParams.get('orderBy')).toBe('nome asc'),
    );
    expect(localStorage.getItem('vigia.lista.qtas.busca')).toBe('Recife');
    expect(localStorage.getItem('vigia.lista.qtas.ordem')).toBe('nome asc');
    first.unmount();

    requests.length = 0;
    renderQtas();
    expect(await screen.findByRole('searchbox', { name: 'Buscar' })).toHaveValue('Recife');
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(0));
    expect(listRequests()[0]?.searchParams.get('filtroTexto')).toBe('Recife');
    expect(listRequests()[0]?.searchParams.get('orderBy')).toBe('nome asc');

    // Emptied, the search is forgotten.
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar' }));
    expect(localStorage.getItem('vigia.lista.qtas.busca')).toBeNull();
  });

  it('the tiles view follows the card rule and is remembered', async () => {
    const user = userEvent.setup();
    renderQtas();
    await screen.findByText('QTA ERB Recife');
    await user.click(screen.getByText('Cards'));
    const card = await screen.findByLabelText(/QTA1 QTA ERB Recife: Online/);
    expect(card).toHaveAttribute('data-card-state', 'Success');
    // A tile opens the device's site page (no plant or SCD: 0).
    expect(card).toHaveAttribute('href', '/121/site/0/0/1002');
    expect(localStorage.getItem('vigia.lista.qtas.visao')).toBe('cards');
  });
});
