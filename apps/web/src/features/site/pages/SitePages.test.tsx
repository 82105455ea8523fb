import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers/AppProviders';
import { createQueryClient } from '../../../app/providers/queryClient';
import { routeLinks } from '../../../app/router/links';
import { RouteLinksContext } from '../../../lib/navigation';
import { saveTokens } from '../../../lib/session/tokenStore';
import { deviceRow, json, overview, siteData } from '../test/fixtures';
import { SiteOverviewPage } from './SiteOverviewPage';
import { SiteRedirectPage } from './SiteRedirectPage';

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

const SITE = '/:sisId/site/:scdId/:usinaId/:siteId';

function renderAt(path: string) {
  const occurrences = (siteId: number) => <p>prévia de ocorrências de {siteId}</p>;
  const router = createMemoryRouter(
    [
      { path: SITE, element: <SiteRedirectPage renderOccurrences={occurrences} /> },
      {
        path: `${SITE}/visao-geral/:overviewId`,
        element: <SiteOverviewPage renderOccurrences={occurrences} />,
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

function answer(site = siteData(), overviews = [overview(4, 'Visão Geral', 'gerador')]) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith(`/api/Sites/${site.id}/site`)) return json(200, site);
    if (url.startsWith(`/api/ConfigurationOverview/${site.id}/overview`)) {
      return json(200, overviews);
    }
    if (url.startsWith('/api/taginfo/v2/dispositivo/id/infosLista')) {
      return json(200, deviceRow({ id: site.id, tipo: site.tipo, readings: { modoWeb: 8 } }));
    }
    if (url.startsWith('/api/dispositivos/infosFiltro')) return json(200, { total: 0, itens: [] });
    return json(404, { error: 'Não encontrado.' });
  });
}

describe('site page', () => {
  it("titles a device inside a plant 'asset - place' and shows its panel and occurrence preview", async () => {
    answer(siteData(), [
      overview(4, 'Visão Geral', 'gerador'),
      overview(7, 'Energia', 'gerador-energ'),
    ]);
    renderAt('/200/site/1/1/1001/visao-geral/4');
    expect(await screen.findByTestId('site-title')).toHaveTextContent('GMG1 - UTE Petrolina');
    const tabs = screen.getByRole('navigation', { name: 'Visões gerais' });
    expect(within(tabs).getByRole('link', { name: 'Visão Geral' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Energia' })).toHaveAttribute(
      'href',
      '/200/site/1/1/1001/visao-geral/7',
    );
    expect(await screen.findByTestId('overview-panel')).toHaveAttribute('data-panel', 'gerador');
    expect(await screen.findByText('prévia de ocorrências de 1001')).toBeInTheDocument();
  });

  it('draws what sits under the panel only once the panel has its readings, so nothing moves while it loads', async () => {
    answer();
    let release = () => {};
    const readings = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answered = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/taginfo/v2/dispositivo/id/infosLista')) await readings;
      return (answered as typeof fetch)(input, init);
    });
    renderAt('/200/site/1/1/1001/visao-geral/4');
    expect(await screen.findByTestId('site-title')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('prévia de ocorrências de 1001')).toBeNull();
    release();
    expect(await screen.findByText('prévia de ocorrências de 1001')).toBeInTheDocument();
    expect(screen.getByTestId('overview-panel')).toBeInTheDocument();
  });

  it('a panel that cannot be drawn still lets the occurrence preview show under it', async () => {
    answer(siteData(), [overview(4, 'Visão Geral', 'painel-inexistente')]);
    renderAt('/200/site/1/1/1001/visao-geral/4');
    expect(await screen.findByTestId('panel-error')).toBeInTheDocument();
    expect(await screen.findByText('prévia de ocorrências de 1001')).toBeInTheDocument();
  });

  it('titles a device outside a plant with its asset number only', async () => {
    answer(siteData({ usina: null, scd: null, localNome: 'ERB Manaus Adrianópolis' }));
    renderAt('/121/site/0/0/1001/visao-geral/4');
    expect(await screen.findByTestId('site-title')).toHaveTextContent(/^GMG1$/);
  });

  it('opening the site with no child screen goes to its first overview (spec 000 §2)', async () => {
    answer(siteData(), [overview(9, 'Primeira', 'qta'), overview(4, 'Segunda', 'gerador')]);
    const router = renderAt('/200/site/1/1/1001');
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/200/site/1/1/1001/visao-geral/9'),
    );
    expect(await screen.findByTestId('overview-panel')).toHaveAttribute('data-panel', 'qta');
  });

  it('asks for the site beside its overviews, not after the redirect', async () => {
    answer();
    const answered = fetchMock.getMockImplementation() as typeof fetch;
    let releaseOverviews = () => {};
    const overviewsHeld = new Promise<void>((resolve) => {
      releaseOverviews = resolve;
    });
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/overview')) await overviewsHeld;
      return answered(input, init);
    });
    renderAt('/200/site/1/1/1001');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContainEqual(
        expect.stringMatching(/^\/api\/Sites\/1001\/site/),
      ),
    );
    releaseOverviews();
    expect(await screen.findByTestId('overview-panel')).toHaveAttribute('data-panel', 'gerador');
  });

  it("without any overview it shows the device type's panel", async () => {
    answer(siteData({ tipo: 'tanque', patrimonio: 'TQ1' }), []);
    const router = renderAt('/200/site/1/1/1001');
    expect(await screen.findByTestId('overview-panel')).toHaveAttribute('data-panel', 'tanque');
    expect(router.state.location.pathname).toBe('/200/site/1/1/1001');
  });

  it('without any overview nor a panel for its type it says so', async () => {
    answer(siteData({ tipo: 'previsao' }), []);
    renderAt('/200/site/1/1/1001');
    expect(await screen.findByTestId('no-overview')).toHaveTextContent(
      'Nenhuma visão geral configurada para este dispositivo.',
    );
  });

  it("an overview id that is not the site's shows the error panel, with the tabs", async () => {
    answer();
    renderAt('/200/site/1/1/1001/visao-geral/999');
    expect(await screen.findByTestId('panel-error')).toHaveTextContent(
      'Visão geral não encontrada',
    );
    expect(screen.getByRole('link', { name: 'Visão Geral' })).toBeInTheDocument();
  });

  it('a site the user cannot see says it was not found', async () => {
    fetchMock.mockResolvedValue(json(404, { error: 'Não encontrado.' }));
    renderAt('/200/site/1/1/4242/visao-geral/1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dispositivo não encontrado.');
  });
});
