import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HealthPlanRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MESSAGES, REFRESH_MS } from '@vigia/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../lib/session/tokenStore';
import { type Call, fakeServer, json, stubLayout } from '../test/fixtures';
import { renderWithApp } from '../test/renderWithApp';
import { HealthPlanReview } from './HealthPlanReview';

function planRow(id: number, motivo: string | null): HealthPlanRow {
  return {
    id,
    site_id: 2001,
    dispositivo_id: 2001,
    motivo,
    idSistema: 179,
    critico: 20,
    isEvt: false,
    horaAtivacao: 1_763_700_000,
    horaDesativacao: 1_763_700_600,
    horaAck: null,
    nomeAlarme: `Falha ${id}`,
    valorFalha: 1,
    patrimonio: 'QTA1',
    localNome: 'Hospital Santa Clara Recife',
    uf: 'PE',
    estado: 'cleared-unacknowledged',
  };
}

// jsdom has no document.fonts; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = stubLayout();
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
});
afterEach(() => {
  restoreLayout();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function serve(
  save: (call: Call) => Response = (call) =>
    json(200, {
      id: (call.body as { id: number }).id,
      motivo: 'x',
      mensagem: MESSAGES.reasonSaved,
    }),
) {
  const server = fakeServer((call) => {
    if (call.url.pathname === API.healthPlan.update.path) return save(call);
    return json(200, [planRow(1, null), planRow(2, 'Manutenção programada')]);
  });
  vi.stubGlobal('fetch', server.fetchMock);
  return server;
}

const listCalls = (calls: Call[]) =>
  calls.filter((c) => c.url.pathname === API.healthPlan.list.path);

describe('health-plan review (spec 001 §4)', () => {
  it('moves between the initial, without-reason and all lists with the toggles', async () => {
    const server = serve();
    renderWithApp(<HealthPlanReview sisId={179} />);
    await screen.findByText('Falha 1');
    const first = listCalls(server.calls)[0];
    expect(first?.url.searchParams.has('motivo')).toBe(false);
    expect(first?.url.searchParams.get('sisid')).toBe('179');
    expect(Number(first?.url.searchParams.get('dataFim'))).toBeGreaterThan(
      Number(first?.url.searchParams.get('dataInicio')),
    );

    const semMotivo = screen.getByRole('button', { name: 'Sem motivo' });
    const todas = screen.getByRole('button', { name: 'Todas' });
    await userEvent.click(semMotivo);
    expect(semMotivo).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(listCalls(server.calls).at(-1)?.url.searchParams.get('motivo')).toBe('sem'),
    );

    await userEvent.click(todas);
    expect(todas).toHaveAttribute('aria-pressed', 'true');
    expect(semMotivo).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(listCalls(server.calls).at(-1)?.url.searchParams.get('motivo')).toBe('todos'),
    );

    // From true the toggle goes back to the initial list.
    await userEvent.click(todas);
    expect(todas).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByText('Alarmes do período').length).toBeGreaterThan(0);
  });

  it('the 60 s refresh puts the toggles back to the initial list', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = serve();
    renderWithApp(<HealthPlanReview sisId={179} />);
    await screen.findByText('Falha 1');
    const semMotivo = screen.getByRole('button', { name: 'Sem motivo' });
    await userEvent.click(semMotivo);
    expect(semMotivo).toHaveAttribute('aria-pressed', 'true');
    act(() => vi.advanceTimersByTime(REFRESH_MS));
    expect(semMotivo).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(listCalls(server.calls).at(-1)?.url.searchParams.has('motivo')).toBe(false),
    );
  });

  it('saves a reason and says so', async () => {
    const server = serve();
    renderWithApp(<HealthPlanReview sisId={179} />);
    await screen.findByText('Falha 1');
    await userEvent.click(screen.getByRole('button', { name: 'Editar motivo de Falha 1' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByText(MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Motivo'), {
      target: { value: '  Queda da concessionária ' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MESSAGES.reasonSaved)).toBeInTheDocument();
    const post = server.calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe(API.healthPlan.update.path);
    expect(post?.body).toEqual({ id: 1, motivoEdit: 'Queda da concessionária' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("a refused reason shows 'Motivo não cadastrada.'", async () => {
    serve(() => json(404, { error: MESSAGES.reasonSaveFailed }));
    renderWithApp(<HealthPlanReview sisId={179} />);
    await screen.findByText('Falha 1');
    await userEvent.click(screen.getByRole('button', { name: 'Editar motivo de Falha 2' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Motivo')).toHaveValue('Manutenção programada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MESSAGES.reasonSaveFailed)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a system without the review says so', async () => {
    const server = fakeServer(() => json(404, { error: 'Não encontrado.' }));
    vi.stubGlobal('fetch', server.fetchMock);
    renderWithApp(<HealthPlanReview sisId={121} />);
    expect(
      await screen.findByText('Este sistema não tem a revisão de ocorrências do plano de saúde.'),
    ).toBeInTheDocument();
  });
});
