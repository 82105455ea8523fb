import { MantineProvider } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlarmKpi } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../lib/session/tokenStore';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ClientAlarmKpiPage, SystemAlarmKpiPage } from './AlarmKpiPages';

// uPlot draws on a canvas, which jsdom lacks: the chart is its text alternative here.
vi.mock('../components/FloodTimeline', () => ({
  FloodTimeline: ({ windows }: { windows: { inicio: number; total: number }[] }) => (
    <div role="img" aria-label={`linha do tempo: ${windows.length} janelas`} />
  ),
}));

const T0 = Date.UTC(2026, 10, 25, 13) / 1000;
const device = {
  idDispositivo: 1001,
  idSistema: 121,
  nomeDispositivo: 'GMG ERB',
  patrimonio: 'GMG1',
};

function kpi(extra: Partial<AlarmKpi> = {}): AlarmKpi {
  return {
    sisid: 121,
    inicio: T0 - 3600,
    fim: T0,
    referencia: T0,
    total: 22,
    janelas: 7,
    por10min: { media: 3.14, pico: 20, referencia: 1 },
    porDia: { media: 452.2, pico: 22, referencia: 144 },
    inundacao: { janelas: 1, fracao: 1 / 7, limite: 10 },
    linhaDoTempo: [
      { inicio: T0 - 600, total: 20 },
      { inicio: T0, total: 2 },
    ],
    top10: [{ ...device, nomeAlarme: 'Alta temperatura do óleo', total: 20, fracao: 20 / 22 }],
    fracaoTop10: 1,
    oscilantes: [{ ...device, nomeAlarme: 'Alta temperatura do óleo', total: 20, picoEm60s: 20 }],
    obsoletos: { total: 0, lista: [] },
    prioridade: { criticos: 2, naoCriticos: 20 },
    sistemas: [
      {
        idSistema: 121,
        nome: 'Geradores Telecom',
        total: 22,
        mediaPor10min: 3.14,
        picoPor10min: 20,
        janelasEmInundacao: 1,
      },
    ],
    ...extra,
  };
}

function serve(answer: () => Response) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://vigia.test');
      calls.push(url);
      return answer();
    }),
  );
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderAt(path: string) {
  return renderWithProviders(
    <MantineProvider env="test">
      <Routes>
        <Route path="/0/indicadoresAlarmesSistemas" element={<ClientAlarmKpiPage />} />
        <Route path="/:sisId/alarmes/indicadores" element={<SystemAlarmKpiPage />} />
      </Routes>
    </MantineProvider>,
    path,
  );
}

beforeEach(() => {
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
});
afterEach(() => vi.unstubAllGlobals());

// The first render loads Mantine and the page on a slow machine.
const SLOW = 30_000;

describe('Indicadores de Alarmes', () => {
  it(
    "asks for the system and today's period, and shows each figure against its guidance",
    async () => {
      const calls = serve(() => json(200, kpi()));
      renderAt('/121/alarmes/indicadores');
      const peak = await screen.findByRole('group', { name: 'Pico em 10 min' });
      const call = calls.find((c) => c.pathname === API.alarmKpi.get.path);
      expect(call?.searchParams.get('sisid')).toBe('121');
      expect(Number(call?.searchParams.get('fim'))).toBeGreaterThan(
        Number(call?.searchParams.get('inicio')),
      );
      expect(peak).toHaveTextContent('20');
      expect(peak).toHaveTextContent('Muito acima da orientação');
      const average = screen.getByRole('group', { name: 'Média por 10 min' });
      expect(average).toHaveTextContent('3,14');
      expect(average).toHaveTextContent('Orientação: até 1');
      expect(average).toHaveTextContent('Muito acima da orientação');
      const stale = screen.getByRole('group', { name: 'Alarmes obsoletos (ativos > 24 h)' });
      expect(stale).not.toHaveTextContent('acima da orientação');
      expect(screen.getByRole('img', { name: 'linha do tempo: 2 janelas' })).toBeInTheDocument();
      const top = screen.getByRole('table', { name: 'Os 10 alarmes mais frequentes' });
      expect(within(top).getAllByRole('row')[1]).toHaveTextContent(
        'GMG1 · GMG ERBAlta temperatura do óleo2090,91%',
      );
      expect(screen.getByRole('table', { name: 'Alarmes oscilantes' })).toHaveTextContent('20');
      expect(screen.getByText('Nenhum alarme ativo há mais de 24 h.')).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Indicadores por sistema' })).toBeNull();
    },
    SLOW,
  );

  it(
    'the client-systems view asks for all systems and links each to its page',
    async () => {
      const calls = serve(() => json(200, kpi({ sisid: 0 })));
      renderAt('/0/indicadoresAlarmesSistemas');
      const systems = await screen.findByRole('table', { name: 'Indicadores por sistema' });
      expect(
        calls.find((c) => c.pathname === API.alarmKpi.get.path)?.searchParams.get('sisid'),
      ).toBe('0');
      expect(within(systems).getByRole('link', { name: 'Geradores Telecom' })).toHaveAttribute(
        'href',
        expect.stringContaining('/121/alarmes/indicadores'),
      );
    },
    SLOW,
  );

  it(
    'says when the period has no alarms, and shows a refused period’s message',
    async () => {
      serve(() =>
        json(
          200,
          kpi({
            total: 0,
            top10: [],
            oscilantes: [],
            linhaDoTempo: [],
            prioridade: { criticos: 0, naoCriticos: 0 },
          }),
        ),
      );
      renderAt('/121/alarmes/indicadores');
      expect(await screen.findAllByText('Nenhum alarme no período.')).toHaveLength(2);
      vi.unstubAllGlobals();
      serve(() => json(400, { error: MESSAGES.periodTooLong }));
      const user = userEvent.setup();
      await user.click(screen.getByRole('combobox', { name: 'Período' }));
      await user.click(await screen.findByRole('option', { name: 'Ontem' }));
      expect(await screen.findByText(MESSAGES.periodTooLong)).toBeInTheDocument();
    },
    SLOW,
  );
});
