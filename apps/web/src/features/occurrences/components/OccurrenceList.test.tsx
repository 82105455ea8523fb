import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OccurrenceRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { ALARM_ROW_STYLES, MESSAGES, SHELVING_MESSAGES } from '@vigia/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../lib/session/tokenStore';
import {
  type Call,
  CONFIG,
  fakeServer,
  json,
  occurrence,
  stubLayout,
  userInfo,
} from '../test/fixtures';
import { renderWithApp } from '../test/renderWithApp';
import { OccurrenceList, type OccurrenceListProps } from './OccurrenceList';

let restoreLayout: () => void;

beforeEach(() => {
  restoreLayout = stubLayout();
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
});

afterEach(() => {
  restoreLayout();
  vi.unstubAllGlobals();
});

const ACTIVE: OccurrenceListProps = {
  tableId: 'teste-ativas',
  label: 'Alarmes ativos',
  variant: 'active',
  route: API.occurrences.systemActive,
  scope: { sisid: 121 },
  config: { kind: 'general' },
  liveScope: {},
};

function serve(
  rows: OccurrenceRow[],
  ack: (call: Call) => Response = () =>
    json(200, { reconhecidas: [1], inalteradas: [], naoEncontradas: [] }),
  rights: number[] = [],
) {
  const server = fakeServer((call) => {
    if (call.url.pathname.startsWith('/api/ConfigurationOccurrence/')) return json(200, CONFIG);
    if (call.url.pathname === API.occurrences.acknowledge.path) return ack(call);
    if (call.url.pathname === API.user.userinfo.path) return json(200, userInfo(rights));
    if (call.url.pathname === API.alarmStates.shelveLimits.path) {
      return json(200, { minSegundos: 300, maxSegundos: 8 * 3600 });
    }
    if (call.url.pathname === API.alarmStates.shelve.path && call.method === 'POST') {
      return json(200, {
        suprimidas: (call.body as { ids: number[] }).ids,
        inalteradas: [],
        naoEncontradas: [],
        ate: 1,
      });
    }
    return json(200, rows);
  });
  vi.stubGlobal('fetch', server.fetchMock);
  return server;
}

const lists = (calls: Call[]) => calls.filter((c) => c.url.pathname === ACTIVE.route.path);

function row(name: string): HTMLElement {
  const found = screen
    .getAllByRole('row')
    .find((r) => r.hasAttribute('data-row-id') && r.textContent?.includes(name));
  if (!found) throw new Error(`linha ${name} não encontrada`);
  return found;
}

describe('OccurrenceList (spec 001 §2, §4)', () => {
  it('loads the first page with the configured limit and paints each state with its colour', async () => {
    const server = serve([
      occurrence(3, { nomeAlarme: 'Ativo' }),
      occurrence(2, { nomeAlarme: 'Reconhecido', horaAck: 1_763_700_100 }),
      occurrence(1, { nomeAlarme: 'Desativado', horaDesativacao: 1_763_700_200 }),
    ]);
    renderWithApp(<OccurrenceList {...ACTIVE} />);
    await screen.findByText('Ativo');
    const [call] = lists(server.calls);
    expect(call?.url.search).toBe('?sisid=121&alarme=true&offSet=0&limit=100');
    expect(row('Ativo')).toHaveStyle({
      backgroundColor: ALARM_ROW_STYLES['active-unacknowledged'].color,
    });
    expect(row('Reconhecido')).toHaveStyle({
      backgroundColor: ALARM_ROW_STYLES['active-acknowledged'].color,
    });
    expect(row('Desativado')).toHaveStyle({
      backgroundColor: ALARM_ROW_STYLES['cleared-unacknowledged'].color,
    });
    expect(within(row('Ativo')).getByText('Alarme Ativo')).toBeInTheDocument();
    expect(within(row('Ativo')).getByText('110,50')).toBeInTheDocument();
    expect(within(row('Ativo')).getByText('105,24%')).toBeInTheDocument();
    expect(within(row('Ativo')).getByText('--')).toBeInTheDocument();
  });

  it('acknowledging with none selected does nothing', async () => {
    const server = serve([occurrence(1)]);
    renderWithApp(<OccurrenceList {...ACTIVE} />);
    await screen.findByText('Alta temperatura do óleo');
    await userEvent.click(screen.getByRole('button', { name: 'Reconhecer' }));
    expect(screen.queryByText(MESSAGES.confirmHeader)).toBeNull();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  /** The names a confirmation lists, line by line. */
  const targetLines = (dialog: HTMLElement, name: string) =>
    within(within(dialog).getByRole('list', { name }))
      .getAllByRole('listitem')
      .map((item) => [...item.children].map((line) => line.textContent));

  it('confirms, sends the selected ids, shows the success toast and reloads', async () => {
    const server = serve([
      occurrence(7),
      occurrence(8, {
        nomeAlarme: 'Falha de rede',
        patrimonio: 'QTA2',
        localNome: 'ERB Manaus',
        uf: 'AM',
      }),
    ]);
    renderWithApp(<OccurrenceList {...ACTIVE} />);
    await screen.findAllByText('Alta temperatura do óleo');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar todos' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reconhecer (2)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.confirmHeader)).toBeInTheDocument();
    // Spec 001 §8's exact text, then each alarm with its equipment and site.
    expect(
      within(dialog).getByText('Deseja realmente reconhecer esse(s) alarme(s)?'),
    ).toBeInTheDocument();
    expect(targetLines(dialog, 'Alarmes a reconhecer')).toEqual([
      ['Alta temperatura do óleo', 'Equipamento: GMG1', 'Site: ERB São Paulo Paulista (SP)'],
      ['Falha de rede', 'Equipamento: QTA2', 'Site: ERB Manaus (AM)'],
    ]);
    const before = lists(server.calls).length;
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.yes }));

    expect(await screen.findByText(MESSAGES.ackSuccess)).toBeInTheDocument();
    const post = server.calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe(API.occurrences.acknowledge.path);
    expect(post?.body).toEqual({ ids: [7, 8] });
    await waitFor(() => expect(lists(server.calls).length).toBeGreaterThan(before));
    expect(lists(server.calls).at(-1)?.url.searchParams.get('offSet')).toBe('0');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Reconhecer' })).toBeInTheDocument(),
    );
  });

  it("answering 'Não' sends nothing", async () => {
    const server = serve([occurrence(7)]);
    renderWithApp(<OccurrenceList {...ACTIVE} />);
    await screen.findByText('Alta temperatura do óleo');
    await userEvent.click(screen.getByRole('checkbox', { name: /^Selecionar Alta/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Reconhecer (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.ackConfirm)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.no }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.getByRole('button', { name: 'Reconhecer (1)' })).toBeInTheDocument();
  });

  it('on failure shows the error toast and still reloads', async () => {
    const server = serve([occurrence(7)], () => json(404, { error: 'Não encontrado.' }));
    renderWithApp(<OccurrenceList {...ACTIVE} />);
    await screen.findByText('Alta temperatura do óleo');
    await userEvent.click(screen.getByRole('checkbox', { name: /^Selecionar Alta/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Reconhecer (1)' }));
    const before = lists(server.calls).length;
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: MESSAGES.yes }),
    );
    expect(await screen.findByText(MESSAGES.ackFailed)).toBeInTheDocument();
    expect(screen.queryByText('Não encontrado.')).toBeNull();
    await waitFor(() => expect(lists(server.calls).length).toBeGreaterThan(before));
  });

  it('only alarms waiting for an acknowledgement can be selected', async () => {
    serve([
      occurrence(1, { nomeAlarme: 'Pendente' }),
      occurrence(2, { nomeAlarme: 'Já reconhecido', horaAck: 1_763_700_100 }),
      occurrence(3, { nomeAlarme: 'Um evento', isEvt: true }),
    ]);
    renderWithApp(<OccurrenceList {...ACTIVE} />);
    await screen.findByText('Pendente');
    expect(within(row('Pendente')).getByRole('checkbox')).toBeEnabled();
    expect(within(row('Já reconhecido')).getByRole('checkbox')).toBeDisabled();
    expect(within(row('Um evento')).getByRole('checkbox')).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar todos' }));
    expect(screen.getByRole('button', { name: 'Reconhecer (1)' })).toBeInTheDocument();
  });

  it('with the command right any alarm can be selected and shelved with a reason and a duration', async () => {
    const server = serve(
      [
        occurrence(1, { nomeAlarme: 'Pendente' }),
        occurrence(2, { nomeAlarme: 'Já reconhecido', horaAck: 1_763_700_100 }),
        occurrence(3, { nomeAlarme: 'Um evento', isEvt: true }),
      ],
      undefined,
      [1],
    );
    renderWithApp(<OccurrenceList {...ACTIVE} />);
    await screen.findByText('Pendente', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(row('Já reconhecido')).getByRole('checkbox')).toBeEnabled(), {
      timeout: 10_000,
    });
    expect(within(row('Um evento')).getByRole('checkbox')).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar todos' }));
    // Acknowledging counts only the alarm waiting for it.
    expect(screen.getByRole('button', { name: 'Reconhecer (1)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `${SHELVING_MESSAGES.shelve} (2)` }));
    const shelveDialog = await screen.findByRole(
      'dialog',
      { name: SHELVING_MESSAGES.shelveTitle },
      { timeout: 5000 },
    );
    const dialog = within(shelveDialog);
    expect(targetLines(shelveDialog, 'Alarmes a suprimir')).toEqual([
      ['Pendente', 'Equipamento: GMG1', 'Site: ERB São Paulo Paulista (SP)'],
      ['Já reconhecido', 'Equipamento: GMG1', 'Site: ERB São Paulo Paulista (SP)'],
    ]);
    const submit = await dialog.findByRole(
      'button',
      { name: SHELVING_MESSAGES.shelve },
      { timeout: 5000 },
    );
    await userEvent.click(submit);
    expect(dialog.getByText(SHELVING_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(dialog.getByLabelText(/Motivo/), 'Sensor em manutenção');
    await userEvent.selectOptions(dialog.getByLabelText(SHELVING_MESSAGES.duration), '7200');
    await userEvent.click(submit);
    expect(
      await screen.findByText(SHELVING_MESSAGES.shelveSuccess, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const post = server.calls.find((c) => c.url.pathname === API.alarmStates.shelve.path);
    expect(post?.body).toEqual({
      ids: [1, 2],
      motivo: 'Sensor em manutenção',
      duracaoSegundos: 7200,
    });
  }, 20_000);

  it('the events toggle asks for alarms plus events', async () => {
    const server = serve([occurrence(1)]);
    renderWithApp(<OccurrenceList {...ACTIVE} />);
    await screen.findByText('Alta temperatura do óleo');
    await userEvent.click(screen.getByRole('switch', { name: 'Mostrar eventos' }));
    await waitFor(
      () => expect(lists(server.calls).at(-1)?.url.searchParams.get('evento')).toBe('true'),
      { timeout: 2000 },
    );
    expect(lists(server.calls).at(-1)?.url.searchParams.get('alarme')).toBe('true');
  });

  it('history asks for today from midnight to now, alarms only, and holds an invalid period', async () => {
    const server = serve([occurrence(1)]);
    renderWithApp(
      <OccurrenceList
        {...ACTIVE}
        variant="history"
        route={API.occurrences.list}
        config={{ kind: 'historical' }}
      />,
    );
    await screen.findByText('Alta temperatura do óleo');
    const first = server.calls.find((c) => c.url.pathname === API.occurrences.list.path);
    const inicio = Number(first?.url.searchParams.get('inicio'));
    const fim = Number(first?.url.searchParams.get('fim'));
    expect(Math.abs(fim - Date.now() / 1000)).toBeLessThan(60);
    expect(fim - inicio).toBeLessThanOrEqual(86_400);
    expect(first?.url.searchParams.get('alarme')).toBe('true');
    expect(first?.url.searchParams.has('evento')).toBe(false);
    expect(screen.queryByRole('switch', { name: 'Mostrar eventos' })).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: 'Período' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Período' }));
    const end = screen.getByLabelText('Data Final');
    const count = server.calls.length;
    fireEvent.change(end, { target: { value: '2020-01-01T10:00' } });
    expect(await screen.findByText(MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(end).toHaveAttribute('aria-invalid', 'true');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.calls.filter((c) => c.url.pathname === API.occurrences.list.path).length).toBe(
      server.calls.slice(0, count).filter((c) => c.url.pathname === API.occurrences.list.path)
        .length,
    );
  });
});
