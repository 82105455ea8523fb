import { MantineProvider } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import type { DeviceRow, OccurrenceRow, TipoTotal } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../lib/session/tokenStore';
import { deviceRow } from '../../../test/deviceFixtures.test-util';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { TONE_TEXT } from '../../../ui/tone';
import { AttentionLists } from './AttentionLists';
import { ClusterSummary } from './ClusterSummary';

const NOW = Math.floor(Date.now() / 1000);

/** An offline (or never-heard) QTA: the offline list's kind of row. */
const device = (id: number, nome: string, ultimaLeitura: number | null): DeviceRow =>
  deviceRow(
    {},
    {
      id,
      nome,
      patrimonio: 'QTA1',
      tipo: 'qta',
      equipamento: 'QTA',
      localNome: 'ERB Manaus',
      uf: 'AM',
      lat: null,
      longi: null,
      resumoComunicacao: ultimaLeitura === null ? 'nunca comunicou' : 'offline',
      ultimaLeitura,
    },
  );

function alarm(id: number, idDispositivo: number, at: number, critico: number): OccurrenceRow {
  return {
    id,
    critico,
    idSite: idDispositivo,
    idDispositivo,
    idSistema: 121,
    isEvt: false,
    horaAtivacao: at,
    horaDesativacao: null,
    horaAck: null,
    nomeAlarme: `Alarme ${id}`,
    valorFalha: null,
    percent: null,
    ackUsuario: null,
    patrimonio: `GMG${idDispositivo}`,
    localNome: 'ERB Recife',
    uf: 'PE',
    estado: 'active-unacknowledged',
    repeticoes: 0,
  };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

function serve(offline: DeviceRow[], total: number, alarms: OccurrenceRow[]) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://vigia.test');
      calls.push(url);
      if (url.pathname === API.devices.list.path) return json({ total, itens: offline });
      if (url.pathname === API.occurrences.list.path) return json(alarms);
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

const render = (ui: React.ReactElement) =>
  renderWithProviders(<MantineProvider env="test">{ui}</MantineProvider>);

beforeEach(() => {
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
});
afterEach(() => vi.unstubAllGlobals());

const SLOW = 30_000;

describe('AttentionLists: what is offline and what is alarming, by name', () => {
  it(
    'names the offline devices (since their last reading) and the alarming ones (since their oldest alarm), each a link to its site',
    async () => {
      const calls = serve(
        [device(7, 'QTA ERB Manaus', NOW - 3 * 86_400), device(8, 'Posto GNV João', null)],
        11,
        [alarm(1, 3, NOW - 600, 22), alarm(2, 4, NOW - 7200, 10), alarm(3, 3, NOW - 3600, 10)],
      );
      render(<AttentionLists sisId={121} />);
      const offline = await screen.findByRole('region', { name: /Sem comunicação/ });
      await within(offline).findByRole('link', { name: 'QTA ERB Manaus' });
      expect(within(offline).getByRole('link', { name: 'QTA ERB Manaus' })).toHaveAttribute(
        'href',
        '/121/site/0/0/7',
      );
      expect(offline).toHaveTextContent('SEM COMUNICAÇÃO');
      expect(offline).toHaveTextContent(/ERB Manaus \(AM\) · última leitura \d\d\/\d\d\/\d{4}/);
      expect(offline).toHaveTextContent('NUNCA COMUNICOU');
      // The server counted 11; the 2 silent longest are named.
      expect(offline).toHaveTextContent('Sem comunicação 11');
      expect(offline).toHaveTextContent('Os 2 há mais tempo sem leitura de 11.');
      const list = calls.find((c) => c.pathname === API.devices.list.path);
      expect(list?.searchParams.get('comunicacao')).toBe('offline');
      expect(list?.searchParams.get('sisid')).toBe('121');

      const alarming = screen.getByRole('region', { name: /Com alarme ativo/ });
      await within(alarming).findByRole('link', { name: 'GMG4' });
      const names = within(alarming)
        .getAllByRole('link')
        .map((a) => a.textContent);
      // Longest alarmed first; GMG3's two alarms are one row, since its oldest.
      expect(names).toEqual(['GMG4', 'GMG3']);
      expect(alarming).toHaveTextContent('Com alarme ativo 2');
      const gmg3 = within(alarming).getByRole('link', { name: 'GMG3' }).closest('li');
      expect(gmg3).toHaveTextContent('2 alarmes');
      expect(gmg3).toHaveTextContent(/ERB Recife \(PE\) · desde /);
      // One of them critical (critico 22): the row's state in the alarm colour.
      expect(within(gmg3 as HTMLElement).getByText('2 alarmes')).toHaveStyle({
        color: TONE_TEXT.bad,
      });
    },
    SLOW,
  );

  it(
    'says so when nothing is offline or alarming',
    async () => {
      serve([], 0, []);
      render(<AttentionLists sisId={121} />);
      expect(await screen.findByText('Todos os dispositivos estão comunicando.')).toBeVisible();
      expect(await screen.findByText('Nenhum dispositivo com alarme ativo.')).toBeVisible();
    },
    SLOW,
  );
});

describe('ClusterSummary: counts in their state colours', () => {
  it(
    'online in the communication colour, offline and alarmed in the alarm colour, never alike',
    async () => {
      const tipos: TipoTotal[] = [
        { tipo: 'gerador', total: 10, online: 8, comAlarme: 3 },
        { tipo: 'qta', total: 5, online: 5, comAlarme: 0 },
      ];
      render(<ClusterSummary tipos={tipos} />);
      const figure = async (label: string) =>
        (await screen.findByText(label)).nextElementSibling as HTMLElement;
      expect(await figure('Online')).toHaveTextContent('13');
      expect(await figure('Online')).toHaveStyle({ color: TONE_TEXT.good });
      expect(await figure('Offline')).toHaveTextContent('2');
      expect(await figure('Offline')).toHaveStyle({ color: TONE_TEXT.bad });
      expect(await figure('Com alarme')).toHaveStyle({ color: TONE_TEXT.bad });
    },
    SLOW,
  );
});
