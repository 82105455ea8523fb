import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../lib/session/tokenStore';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { deviceRow, json, NOW_SEC, siteData } from '../test/fixtures';
import { PanelErrorBoundary } from './PanelErrorBoundary';
import { PanelHost } from './PanelHost';

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

const GENERATOR_READINGS = {
  statusGMG: 64,
  modoWeb: 8,
  chaveGrupo: 16384,
  kW: 512.345,
  Hz: 60.04,
  LoadSpeed: 64.4,
  fuelLevel: -1,
  OilTemp: 32767,
  Vab: 381.2,
};

function answer(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    for (const [prefix, respond] of Object.entries(routes)) {
      if (url.startsWith(prefix)) return respond();
    }
    return json(404, { error: 'Não encontrado.' });
  });
}

function renderPanel(panelName: string | null, site = siteData()) {
  return renderWithProviders(
    <PanelHost target={{ kind: 'dispositivo', site }} panelName={panelName} sinoticoId={7} />,
  );
}

const shown = (name: string) =>
  document.querySelector(`[data-reading="${name}"] dd`)?.textContent ?? null;

describe('PanelHost: the panel a render_html names', () => {
  it('shows a generator with the spec decoders and formats, and the other generators', async () => {
    answer({
      '/api/taginfo/v2/dispositivo/id/infosLista': () =>
        json(200, deviceRow({ readings: GENERATOR_READINGS })),
      '/api/dispositivos/infosFiltro': () =>
        json(200, {
          total: 2,
          itens: [
            deviceRow({ readings: GENERATOR_READINGS }),
            deviceRow({
              id: 1002,
              patrimonio: 'GMG2',
              nome: 'GMG2 UTE Petrolina',
              readings: { statusGMG: 2048, modoWeb: 1, kW: 0 },
            }),
          ],
        }),
    });
    renderPanel('gerador');
    const panel = await screen.findByTestId('overview-panel');
    expect(panel).toHaveAttribute('data-panel', 'gerador');
    expect(within(panel).getByText('Auto')).toBeInTheDocument();
    expect(within(panel).getAllByText('GMG ON').length).toBeGreaterThan(0);
    expect(within(panel).getByText('Fechada')).toBeInTheDocument();
    expect(shown('kW')).toBe('512,35 kW');
    expect(shown('Hz')).toBe('60,0');
    // Spec 001 §5: 32767 and fuel below 0 are '---'.
    expect(shown('OilTemp')).toBe('---');
    expect(document.querySelector('[data-reading="fuelLevel"]')).toHaveTextContent('---');
    // The other generators: GMG2 only, linked to its site page.
    const others = within(panel).getByRole('table', { name: 'Outros geradores do local' });
    expect(within(others).queryByText('GMG1')).toBeNull();
    const link = within(others).getByRole('link', { name: 'GMG2' });
    expect(link.getAttribute('href')).toContain('/site/1/1/1002');
    expect(within(others).getByText('Parado')).toBeInTheDocument();
    expect(screen.queryByTestId('freshness-label')).toBeNull();

    const readingsCall = fetchMock.mock.calls.find(([u]) => String(u).includes('infosLista'));
    expect(String(readingsCall?.[0])).toBe(
      '/api/taginfo/v2/dispositivo/id/infosLista?idDispositivo=1001',
    );
    const body = JSON.parse(String(readingsCall?.[1]?.body)) as { nomes: string[] };
    expect(body.nomes).toEqual(expect.arrayContaining(['statusGMG', 'modoWeb', 'kW', 'OilTemp']));
  });

  it("a device silent for over 30 minutes shows 'DESATUALIZADO'", async () => {
    const old = NOW_SEC - 31 * 60;
    answer({
      '/api/taginfo/v2/dispositivo/id/infosLista': () =>
        json(200, deviceRow({ ts: old, resumoComunicacao: 'offline', readings: { kW: 1 } })),
      '/api/dispositivos/infosFiltro': () => json(200, { total: 0, itens: [] }),
    });
    renderPanel('gerador');
    expect(await screen.findByTestId('freshness-label')).toHaveTextContent('DESATUALIZADO');
  });

  it("a device that never communicated shows 'NUNCA COMUNICOU'", async () => {
    answer({
      '/api/taginfo/v2/dispositivo/id/infosLista': () =>
        json(200, deviceRow({ ts: null, readings: { kW: null } })),
      '/api/dispositivos/infosFiltro': () => json(200, { total: 0, itens: [] }),
    });
    renderPanel('gerador');
    expect(await screen.findByTestId('freshness-label')).toHaveTextContent('NUNCA COMUNICOU');
    expect(shown('kW')).toBe('---');
  });

  it('a meter is fresh for 180 minutes and shows power divided by 1000', async () => {
    answer({
      '/api/taginfo/v2/dispositivo/id/infosLista': () =>
        json(
          200,
          deviceRow({
            tipo: 'medidor',
            ts: NOW_SEC - 120 * 60,
            resumoComunicacao: 'offline',
            readings: { KW: 1_250_000, KWH_TOTAL_H: 98_765_432, HZ: 59.98 },
          }),
        ),
    });
    renderPanel('medidor', siteData({ tipo: 'medidor' }));
    await screen.findByTestId('overview-panel');
    expect(screen.queryByTestId('freshness-label')).toBeNull();
    expect(shown('KW')).toBe('1.250,00 kW');
    expect(shown('KWH_TOTAL_H')).toBe('98.765,43 kWh');
    expect(shown('HZ')).toBe('60,0');
  });

  it('a synoptic is stale 20 minutes after ts_menos_atualizado, and reads through the synoptic call', async () => {
    answer({
      '/api/DataSinotico/7/dataSinotico': () =>
        json(200, {
          idSinotico: 7,
          web_nome: 'sinotico-qgbt',
          render_html: 'sinotico-qgbt',
          ts_menos_atualizado: NOW_SEC - 21 * 60,
          dispositivos: [deviceRow({ tipo: 'qgbt', readings: { kW: 800, Vab: 380 } })],
        }),
    });
    renderPanel('sinotico-qgbt', siteData({ tipo: 'qgbt' }));
    expect(await screen.findByTestId('freshness-label')).toHaveTextContent('DESATUALIZADO');
    expect(screen.getByRole('img', { name: /Sinótico do QGBT/ })).toBeInTheDocument();
    expect(screen.getByText(/atualiza a cada 20 s/)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(
      /^\/api\/DataSinotico\/7\/dataSinotico\?idSite=1001&nomes=/,
    );
  });

  it("a plant's own overview reads all its devices; the plant's aggregate device is the panel's", async () => {
    answer({
      '/api/dispositivos/infosFiltro': () =>
        json(200, {
          total: 2,
          itens: [
            deviceRow({ id: 1054, tipo: 'usina', patrimonio: 'USINA', readings: { kW: 1646.7 } }),
            deviceRow({ id: 1049, patrimonio: 'GMG1', readings: { statusGMG: 64, modoWeb: 8 } }),
          ],
        }),
    });
    renderWithProviders(
      <PanelHost target={{ kind: 'usina', id: 2, sisId: 200 }} panelName="usina" sinoticoId={11} />,
    );
    await screen.findByTestId('overview-panel');
    expect(shown('kW')).toBe('1.646,70 kW');
    const generators = screen.getByRole('table', { name: 'Geradores da usina' });
    expect(within(generators).getByRole('link', { name: 'GMG1' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(
      /^\/api\/dispositivos\/infosFiltro\?usinaId=2&/,
    );
  });

  it('an unknown render_html shows the error panel, not a blank page', () => {
    renderPanel('painel-inexistente');
    const error = screen.getByTestId('panel-error');
    expect(error).toHaveTextContent('Painel desconhecido');
    expect(error).toHaveTextContent('painel-inexistente');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an overview without render_html is a bad configuration', () => {
    renderPanel(null);
    expect(screen.getByTestId('panel-error')).toHaveTextContent('Configuração inválida');
  });

  it('a synoptic panel without a configured synoptic is a bad configuration', async () => {
    renderWithProviders(
      <PanelHost
        target={{ kind: 'dispositivo', site: siteData() }}
        panelName="unifilar"
        sinoticoId={null}
      />,
    );
    expect(await screen.findByTestId('panel-error')).toHaveTextContent(
      'a visão geral não tem sinótico configurado',
    );
  });

  it('a failed reading call shows the error panel with a retry', async () => {
    answer({});
    renderPanel('transformer', siteData({ tipo: 'transformer' }));
    const error = await screen.findByTestId('panel-error');
    expect(error).toHaveTextContent('Falha ao carregar o painel');
    expect(within(error).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

let fail = true;

function Flaky() {
  if (fail) throw new Error('quebrou');
  return <p>painel ok</p>;
}

describe('PanelErrorBoundary', () => {
  it('a panel that throws shows the error panel; retry renders it again', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    fail = true;
    renderWithProviders(
      <PanelErrorBoundary>
        <Flaky />
      </PanelErrorBoundary>,
    );
    expect(screen.getByTestId('panel-error')).toHaveTextContent('Erro ao exibir o painel');
    fail = false;
    screen.getByRole('button', { name: 'Tentar novamente' }).click();
    expect(await screen.findByText('painel ok')).toBeInTheDocument();
    spy.mockRestore();
  });
});
