import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers/AppProviders';
import { createQueryClient } from '../../../app/providers/queryClient';
import { routeLinks } from '../../../app/router/links';
import { RouteLinksContext } from '../../../lib/navigation';
import { saveTokens } from '../../../lib/session/tokenStore';
import { deviceRow, json, overview } from '../test/fixtures';
import { type Place, PlaceOverviewPage } from './PlaceOverviewPage';
import { PlaceRedirectPage } from './PlaceRedirectPage';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', undefined);
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const heading = (place: Place) => <h1>cabeçalho {`${place.kind} ${place.id}`}</h1>;
const occurrences = (place: Place) => (
  <p>
    prévia de ocorrências de {place.kind} {place.id} do sistema {place.sisId}
  </p>
);

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/:sisId/usina/:usinaId', element: <PlaceRedirectPage kind="usina" /> },
      { path: '/:sisId/scd/:scdId', element: <PlaceRedirectPage kind="scd" /> },
      { path: '/:sisId/usina/:usinaId/home', element: <p>dispositivos da usina</p> },
      {
        path: '/:sisId/usina/:usinaId/visao-geral/:overviewId',
        element: (
          <PlaceOverviewPage kind="usina" renderHeading={heading} renderOccurrences={occurrences} />
        ),
      },
      {
        path: '/:sisId/scd/:scdId/visao-geral/:overviewId',
        element: (
          <PlaceOverviewPage kind="scd" renderHeading={heading} renderOccurrences={occurrences} />
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouteLinksContext.Provider value={routeLinks}>
        <RouterProvider router={router} />
      </RouteLinksContext.Provider>
    </AppProviders>,
  );
  return router;
}

const PLANT_DEVICES = [
  deviceRow({ id: 1040, tipo: 'usina', patrimonio: 'USINA', readings: { kW: 1200 } }),
  deviceRow({ id: 1041, readings: { kW: 600, statusGMG: 64, modoWeb: 8 } }),
];

/** The server: overviews by `tipoLocal` and id, and the place's devices. */
function answer(overviews: Record<string, ReturnType<typeof overview>[] | number>) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const match = url.pathname.match(/^\/api\/ConfigurationOverview\/(\d+)\/overview$/);
    if (match) {
      const found = overviews[`${url.searchParams.get('tipoLocal')}:${match[1]}`];
      if (found === undefined) return json(404, { error: 'Não encontrado.' });
      return typeof found === 'number' ? json(found, { error: 'Falhou.' }) : json(200, found);
    }
    if (url.pathname === '/api/dispositivos/infosFiltro') {
      return json(200, { total: PLANT_DEVICES.length, itens: PLANT_DEVICES });
    }
    return json(404, { error: 'Não encontrado.' });
  });
}

const requestsTo = (path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);

describe('plant and SCD with no child screen (spec 000 §2 navigation behaviour)', () => {
  it('a plant goes to the plant overview of its first overviewId', async () => {
    answer({ 'usina:1': [overview(31, 'Usina', 'usina'), overview(32, 'Unifilar', 'unifilar')] });
    const router = renderAt('/200/usina/1');
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/200/usina/1/visao-geral/31'),
    );
    expect(await screen.findByTestId('overview-panel')).toHaveAttribute('data-panel', 'usina');
  });

  it('an SCD does the same with its own overviews', async () => {
    answer({ 'scd:3': [overview(40, 'SCD', 'scd')] });
    const router = renderAt('/200/scd/3');
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/200/scd/3/visao-geral/40'),
    );
    expect(await screen.findByTestId('overview-panel')).toHaveAttribute('data-panel', 'scd');
  });

  it('a plant without any overview opens its devices', async () => {
    answer({ 'usina:1': [] });
    const router = renderAt('/200/usina/1');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/200/usina/1/home'));
    expect(screen.getByText('dispositivos da usina')).toBeInTheDocument();
  });

  it('a plant the user cannot see says it was not found', async () => {
    answer({});
    renderAt('/200/usina/77');
    expect(await screen.findByRole('alert')).toHaveTextContent('Usina não encontrada.');
  });
});

describe('plant and SCD overview page', () => {
  it('shows the heading, the tabs, the panel over all the plant’s devices and the preview', async () => {
    answer({ 'usina:1': [overview(31, 'Usina', 'usina'), overview(32, 'Unifilar', 'unifilar')] });
    renderAt('/200/usina/1/visao-geral/31');
    expect(screen.getByRole('heading', { name: 'cabeçalho usina 1' })).toBeInTheDocument();
    const tabs = await screen.findByRole('navigation', { name: 'Visões gerais' });
    expect(within(tabs).getByRole('link', { name: 'Usina' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Unifilar' })).toHaveAttribute(
      'href',
      '/200/usina/1/visao-geral/32',
    );
    expect(await screen.findByTestId('overview-panel')).toHaveAttribute('data-panel', 'usina');
    expect(requestsTo('/api/dispositivos/infosFiltro')[0]?.searchParams.get('usinaId')).toBe('1');
    // The preview is drawn once the panel has its readings (it must not push the page while they load).
    expect(
      await screen.findByText('prévia de ocorrências de usina 1 do sistema 200'),
    ).toBeInTheDocument();
  });

  it('an overview id that is not the plant’s shows the error panel, with the tabs', async () => {
    answer({ 'usina:1': [overview(31, 'Usina', 'usina')] });
    renderAt('/200/usina/1/visao-geral/999');
    expect(await screen.findByTestId('panel-error')).toHaveTextContent(
      'Esta visão geral não pertence a esta usina.',
    );
    expect(screen.getByRole('link', { name: 'Usina' })).toBeInTheDocument();
  });

  it('a configuration naming an unknown panel shows the error panel, never a blank page', async () => {
    answer({ 'scd:3': [overview(40, 'Sinótico', 'painel-que-nao-existe')] });
    renderAt('/200/scd/3/visao-geral/40');
    expect(await screen.findByTestId('panel-error')).toHaveTextContent('Painel desconhecido');
  });

  it('an empty render_html shows the bad-configuration panel', async () => {
    answer({ 'scd:3': [overview(40, 'SCD', null)] });
    renderAt('/200/scd/3/visao-geral/40');
    expect(await screen.findByTestId('panel-error')).toHaveTextContent('Configuração inválida');
  });

  it('an SCD the user cannot see says it was not found', async () => {
    answer({ 'scd:4': [overview(40, 'SCD', 'scd')] });
    renderAt('/200/scd/3/visao-geral/40');
    expect(await screen.findByRole('alert')).toHaveTextContent('SCD não encontrado.');
  });
});
