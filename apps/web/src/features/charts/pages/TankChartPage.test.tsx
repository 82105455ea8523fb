import { MantineProvider } from '@mantine/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChartHistory, ChartLine, GraphicalConfig, SiteData } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageTitleContext } from '../../../lib/navigation';
import { saveTokens } from '../../../lib/session/tokenStore';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { TankChartPage } from './TankChartPage';

// uPlot draws on a canvas, which jsdom lacks: the chart is its text alternative here.
vi.mock('../components/TimeSeriesChart', () => ({
  TimeSeriesChart: ({ description }: { description: string }) => (
    <div role="img" aria-label={description} />
  ),
}));

const TANK = 42;
const HISTORY_PATH = API.chartHistory.pens.path;

const USER = {
  id: 1,
  login: 'demo',
  nome: 'Operador Demo',
  acesso: 0,
  direitos_id: [1],
  administrador: false,
  sistemas: [{ id: 121, nome: 'ERB Norte', empresa: 'ERB', home: null }],
};

// 15/05/2024 12:00 and 12:15 in Brasília.
const T0 = Date.UTC(2024, 4, 15, 15, 0) / 1000;
const T1 = T0 + 900;

const SITE: SiteData = {
  id: TANK,
  siteId: TANK,
  nome: 'Tanque ERB Serra',
  patrimonio: 'TQ1',
  tipo: 'tanque',
  templateDispositivoId: 7,
  equipamento: 'Tanque',
  localNome: 'ERB Serra',
  uf: 'SP',
  lat: null,
  longi: null,
  titulo: 'TQ1',
  sisId: 121,
  usina: null,
  scd: null,
  venue: null,
  grupo: null,
  energyCenter: null,
  resumoComunicacao: 'online',
  ultimaLeitura: T0,
  alarmTreeMapValue: 0,
  params: [],
};

const config = (idGraphical: number, nome: string): GraphicalConfig => ({
  idSite: TANK,
  tipo: 'graphical',
  nome,
  tempoDefault: null,
  tempoEnddtDefault: null,
  acesso: '00005',
  intervalo: null,
  render_html: null,
  idOverview: null,
  idGraphical,
  idTabela: null,
  graphic: { web_nome: nome, tempoDefault: 24 },
});

const line = (tagNome: string, nome: string, grandeza: string, maximo: number, casas: number) =>
  ({
    idTag: 1,
    tagNome,
    nome,
    grandeza,
    cor: '#1f77b4',
    casaDecimal: casas,
    maximo,
    minimo: 0,
    lineStyle: 'solid',
    renderer: 'line',
    tipo: null,
    scale: null,
  }) satisfies ChartLine;

const LINES: Record<number, ChartLine[]> = {
  1: [line('litros', 'Volume', 'L', 20_000, 0)],
  2: [line('temperatura', 'Temperatura', '°C', 60, 1)],
  3: [line('nivel', 'Nível', '%', 100, 2)],
};

function history(inicio: number, fim: number, empty = false): ChartHistory {
  const pen = (nome: string, unidade: string, values: [number, number]) => ({
    id: 1,
    nome,
    apelido: nome,
    unidade,
    scaleMin: 0,
    scaleMax: 100,
    agrupamento: null,
    serie: empty
      ? []
      : [
          { ts: T0, valor: values[0], qos: 0 },
          { ts: T1, valor: values[1], qos: 0 },
        ],
    ultimo: empty ? null : { ts: T1, valor: values[1] },
  });
  return {
    idDispositivo: TANK,
    inicio,
    fim,
    penas: [
      pen('litros', 'L', [3200, 3150]),
      pen('temperatura', '°C', [24.25, 25.5]),
      pen('nivel', '%', [64, 63.125]),
    ],
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

interface Call {
  url: URL;
  body: unknown;
}

function serve(options: { site?: number; empty?: boolean; historyError?: boolean } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const path = url.pathname;
      if (path === '/api/User/userinfo') return json(200, USER);
      if (path === `/api/Sites/${TANK}/site`) {
        return options.site === 404 ? json(404, { error: 'Não encontrado.' }) : json(200, SITE);
      }
      if (path === `/api/ConfigurationGraphical/${TANK}/graphical`) {
        return json(200, [config(1, 'litros'), config(2, 'temperatura'), config(3, 'nivel')]);
      }
      const lines = /^\/api\/ConfigurationGraphical\/(\d+)\/lines\/graphical$/.exec(path);
      if (lines) return json(200, LINES[Number(lines[1])] ?? []);
      if (path === HISTORY_PATH) {
        if (options.historyError) return json(500, { error: 'Erro interno do servidor.' });
        const inicio = Number(url.searchParams.get('inicio'));
        const fim = Number(url.searchParams.get('fim'));
        return json(200, history(inicio, fim, options.empty));
      }
      return json(404, { error: 'Não encontrado.' });
    }),
  );
  return calls;
}

beforeEach(() => {
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(setTitle: (title: string | null) => void = () => {}) {
  return renderWithProviders(
    // env="test": Mantine's dropdowns open without layout (jsdom has none).
    <MantineProvider env="test">
      <PageTitleContext.Provider value={setTitle}>
        <Routes>
          <Route path="/:sisId/tanque/grafico/:siteId" element={<TankChartPage />} />
        </Routes>
      </PageTitleContext.Provider>
    </MantineProvider>,
    `/121/tanque/grafico/${TANK}`,
  );
}

const historyCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === HISTORY_PATH);

describe('tank chart page', { timeout: 15_000 }, () => {
  it("is titled with the tank's name and draws its preset lines over the last 24 h", async () => {
    const calls = serve();
    const setTitle = vi.fn();
    renderPage(setTitle);

    expect(await screen.findByRole('heading', { name: 'Tanque ERB Serra' })).toBeInTheDocument();
    expect(screen.getByText('Gráfico do Tanque · TQ1 · ERB Serra')).toBeInTheDocument();
    await waitFor(() => expect(setTitle).toHaveBeenLastCalledWith('Tanque ERB Serra'));

    const charts = await screen.findAllByRole('img');
    expect(
      charts.map((c) => /^Gráfico de (.+) de \d/.exec(c.getAttribute('aria-label') ?? '')?.[1]),
    ).toEqual(['Volume (L)', 'Temperatura (°C)', 'Nível (%)']);
    expect(screen.getByRole('combobox', { name: 'Período' })).toHaveValue('Últimas 24 horas');

    const [first] = historyCalls(calls);
    const inicio = Number(first?.url.searchParams.get('inicio'));
    const fim = Number(first?.url.searchParams.get('fim'));
    expect(Math.abs(fim - Date.now() / 1000)).toBeLessThan(60);
    expect(fim - inicio).toBe(86_400);
    expect(first?.url.searchParams.get('idDispositivo')).toBe(String(TANK));
    expect(first?.body).toEqual({ nomes: ['litros', 'temperatura', 'nivel'] });
    expect(screen.getByText(/atualiza a cada minuto/)).toBeInTheDocument();
  });

  it('gives the values in a table: comma decimals with the line’s decimals, dd/MM/yyyy HH:mm', async () => {
    serve();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Resumo do período' });
    const row = (name: string) =>
      within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    expect(
      within(row('Volume'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3.150 L', '15/05/2024 12:15', '3.150 L', '3.200 L']);
    expect(within(row('Temperatura')).getAllByRole('cell')[0]).toHaveTextContent('25,5 °C');
    expect(within(row('Nível')).getAllByRole('cell')[2]).toHaveTextContent('63,13 %');
  });

  it("says 'Sem dados no período.' when no reading arrived", async () => {
    serve({ empty: true });
    renderPage();
    expect(await screen.findByText('Sem dados no período.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('end before start gives the spec message and nothing loads', async () => {
    const calls = serve();
    renderPage();
    await screen.findAllByRole('img');
    await userEvent.click(screen.getByRole('combobox', { name: 'Período' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Período' }));
    const count = historyCalls(calls).length;
    const end = screen.getByLabelText('Data Final');
    fireEvent.change(end, { target: { value: '2020-01-01T10:00' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.endBeforeStart);
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('img')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(historyCalls(calls)).toHaveLength(count);
  });

  it('a tank the user cannot see says it was not found', async () => {
    serve({ site: 404 });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Tanque não encontrado.');
    expect(screen.getByRole('heading', { name: 'Gráfico do Tanque' })).toBeInTheDocument();
  });

  it('a failed load says so in Portuguese', async () => {
    serve({ historyError: true });
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Não foi possível carregar o gráfico.',
    );
  });
});
