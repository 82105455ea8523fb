import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommandHistoryItem, SiteData } from '@vigia/contract';
import { MESSAGES } from '@vigia/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../lib/session/tokenStore';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { forgetConfirmation } from '../confirmation';
import { CommandPanel } from './CommandPanel';

const fetchMock = vi.fn<typeof fetch>();
const DEVICE = 1010;
let rights: number[];
let history: CommandHistoryItem[];
const posts: { url: string; body: unknown }[] = [];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const item = (id: number, statusWebId: number, status: string): CommandHistoryItem => ({
  id,
  comandoId: 5,
  parameter_id: 101,
  nome: 'Partir GMG',
  statusWebId,
  status,
  usuario: 'Operador Demo',
  criadoEm: 1_795_000_000,
  finalizadoEm: statusWebId >= 2 ? 1_795_000_004 : null,
});

const SITE: SiteData = {
  id: DEVICE,
  siteId: DEVICE,
  nome: 'GMG ERB Manaus',
  patrimonio: 'GMG1',
  tipo: 'gerador',
  templateDispositivoId: 3,
  equipamento: 'GMG',
  localNome: 'ERB Manaus',
  uf: 'AM',
  lat: null,
  longi: null,
  titulo: 'GMG1',
  sisId: 121,
  usina: null,
  scd: null,
  venue: null,
  grupo: null,
  energyCenter: null,
  resumoComunicacao: 'online',
  ultimaLeitura: null,
  alarmTreeMapValue: 0,
  params: [],
};

beforeEach(() => {
  forgetConfirmation();
  rights = [1];
  history = [item(40, 2, 'Finalizado')];
  posts.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (init?.method === 'POST') posts.push({ url, body });
    if (url.includes('/api/User/userinfo')) {
      return json(200, {
        id: 1,
        login: 'demo',
        nome: 'Operador Demo',
        acesso: 0,
        direitos_id: rights,
        administrador: false,
        sistemas: [],
      });
    }
    if (url.includes(`/api/Sites/${DEVICE}/site`)) return json(200, SITE);
    if (url.includes('/comandos/tipos')) {
      return json(200, [
        { id: 5, nome: 'Partir GMG', parameter_id: 101, comando: 1 },
        { id: 6, nome: 'Parar GMG', parameter_id: 101, comando: 0 },
      ]);
    }
    if (url.includes('/comandos')) return json(200, history);
    if (url.includes('/api/User/confirmarSenha')) {
      return body.senha === 'demo'
        ? json(200, { validaAte: Date.now() + 300_000, mensagem: 'Senha confirmada.' })
        : json(400, { error: MESSAGES.invalidCredentials });
    }
    if (url.includes('/comandar')) {
      const id = 77 + posts.filter((p) => p.url.includes('/comandar')).length - 1;
      history = [item(id, 0, 'Enviado'), ...history];
      return json(200, { id, statusWebId: 0, mensagem: MESSAGES.commandSent });
    }
    return json(404, { error: MESSAGES.notFound });
  });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderPanel() {
  return renderWithProviders(
    <>
      <Notifications />
      <CommandPanel deviceId={DEVICE} />
    </>,
  );
}

describe('command panel (spec 001 §4–§8)', () => {
  it('is not shown without right 1', async () => {
    rights = [];
    renderPanel();
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringContaining('/api/User/userinfo'),
        expect.anything(),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Comandos' })).not.toBeInTheDocument();
  });

  it("says 'Nenhum comando selecionado.' and sends nothing without a choice", async () => {
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enviar comando' }));
    expect(await screen.findByText(MESSAGES.noCommandSelected)).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('cancelling the safety warning sends nothing', async () => {
    renderPanel();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Comando'), 'Partir GMG');
    await user.click(screen.getByRole('button', { name: 'Enviar comando' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.commandSafetyWarning)).toBeInTheDocument();
    // It names what it acts on: the command, the device and its site.
    const target = within(dialog).getByRole('list', { name: 'Comando a enviar' });
    expect(
      within(target)
        .getAllByText(/./)
        .map((line) => line.textContent),
    ).toEqual(['Partir GMG', 'Dispositivo: GMG ERB Manaus (GMG1)', 'Site: ERB Manaus (AM)']);
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.commandSafetyCancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([]);
  });

  it('safety warning, confirmation and password, then sends with a key and waits for status 2 of the sent command', async () => {
    renderPanel();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Comando'), 'Partir GMG');
    await user.click(screen.getByRole('button', { name: 'Enviar comando' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: MESSAGES.commandSafetySend,
      }),
    );
    await screen.findByText(MESSAGES.commandConfirm);
    await user.click(screen.getByRole('button', { name: MESSAGES.yes }));

    const password = await screen.findByLabelText('Senha');
    await user.type(password, 'errada');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(MESSAGES.invalidCredentials)).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'demo');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    expect(await screen.findByText(MESSAGES.commandSent)).toBeInTheDocument();
    const sent = posts.find((p) => p.url.includes('/comandar'));
    expect(sent?.url).toContain(`/api/dispositivos/${DEVICE}/comandar`);
    expect(sent?.body).toEqual({ comando: 5, chave: expect.stringMatching(/^[0-9a-f]{32}$/) });

    const send = screen.getByRole('button', { name: 'Enviar comando' });
    await waitFor(() => expect(send).toBeDisabled());
    expect(screen.getByText(MESSAGES.commandBusy)).toBeInTheDocument();
    history = [item(77, 1, 'Reconhecido'), ...history.slice(1)];
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(send).toBeDisabled();
    history = [item(77, 2, 'Finalizado'), ...history.slice(1)];
    await waitFor(() => expect(send).toBeEnabled(), { timeout: 3000 });
    expect(screen.getAllByText('Finalizado').length).toBeGreaterThan(0);

    // Within 300000 ms the password is not asked again.
    await user.click(send);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: MESSAGES.commandSafetySend,
      }),
    );
    await screen.findByText(MESSAGES.commandConfirm);
    await user.click(screen.getByRole('button', { name: MESSAGES.yes }));
    await waitFor(() => expect(posts.filter((p) => p.url.includes('/comandar'))).toHaveLength(2));
    expect(posts.filter((p) => p.url.includes('/confirmarSenha'))).toHaveLength(2);
  }, 15_000);
});
