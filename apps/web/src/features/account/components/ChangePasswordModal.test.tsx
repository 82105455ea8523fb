import { Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@vigia/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../lib/session/tokenStore';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ChangePasswordModal } from './ChangePasswordModal';

const fetchMock = vi.fn<typeof fetch>();
const onClose = vi.fn();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
});

afterEach(() => {
  fetchMock.mockReset();
  onClose.mockReset();
  vi.unstubAllGlobals();
});

async function fill(current: string, next: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Senha atual'), current);
  await user.type(screen.getByLabelText('Nova senha'), next);
  await user.type(screen.getByLabelText('Confirmação da nova senha'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Salvar' }));
}

function renderModal() {
  return renderWithProviders(
    <>
      <Notifications />
      <ChangePasswordModal opened onClose={onClose} />
    </>,
  );
}

describe('password change popup', () => {
  it('does not send when the confirmation differs (spec 000 §5)', async () => {
    renderModal();
    await fill('atual-123', 'nova-senha-1', 'nova-senha-2');
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the three fields and confirms with 'Senha alterada com sucesso!'", async () => {
    fetchMock.mockResolvedValue(json(200, { mensagem: MESSAGES.passwordChanged }));
    renderModal();
    await fill('atual-123', 'nova-senha-1', 'nova-senha-1');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/User/alterarSenha');
    expect(JSON.parse(String(init?.body))).toEqual({
      senhaAtual: 'atual-123',
      novaSenha: 'nova-senha-1',
      confirmacao: 'nova-senha-1',
    });
    expect(await screen.findByText('Senha alterada com sucesso!')).toBeInTheDocument();
  });

  it('shows a refusal from the server in the form', async () => {
    fetchMock.mockResolvedValue(json(400, { error: MESSAGES.wrongCurrentPassword }));
    renderModal();
    await fill('errada-123', 'nova-senha-1', 'nova-senha-1');
    const message = await screen.findByText(MESSAGES.wrongCurrentPassword);
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
