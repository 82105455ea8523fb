import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationPreferencesAnswer } from '@vigia/contract';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@vigia/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../lib/session/tokenStore';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { deviceTypeOptions, PreferencesForm } from './PreferencesForm';

const USER = {
  id: 1,
  login: 'demo',
  nome: 'Operador Demo',
  acesso: 0,
  direitos_id: [1],
  administrador: false,
  sistemas: [{ id: 1, nome: 'Sistema A', empresa: 'Empresa', home: null }],
};
const SAVED: NotificationPreferencesAnswer = {
  ...DEFAULT_NOTIFICATION_PREFERENCES,
  webhookSegredo: null,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const saved: unknown[] = [];

beforeEach(() => {
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/User/userinfo') return json(200, USER);
      if (url.pathname === '/api/User/listatipos') {
        return json(200, [
          { tipo: 'qta', total: 2, online: 2, comAlarme: 0 },
          { tipo: 'gerador', total: 5, online: 4, comAlarme: 1 },
          { tipo: 'batmon', total: 1, online: 1, comAlarme: 0 },
        ]);
      }
      if (url.pathname === '/api/notificacoes/preferencias' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        saved.push(body);
        return json(200, { ...body, webhookSegredo: null });
      }
      return json(404, { error: 'Não encontrado.' });
    }),
  );
});
afterEach(() => {
  saved.length = 0;
  vi.unstubAllGlobals();
});

describe('deviceTypeOptions', () => {
  it('names the types of the caller’s systems and those already chosen, never by their code', () => {
    expect(deviceTypeOptions(['qta', 'gerador'], ['UPS'])).toEqual([
      { value: 'gerador', label: 'Geradores' },
      { value: 'qta', label: 'QTA' },
      { value: 'ups', label: 'UPS' },
    ]);
    expect(deviceTypeOptions([], null)).toEqual([]);
  });
});

describe('notification preferences form: device types', () => {
  it('chooses device types with the keyboard by their names and saves their codes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PreferencesForm saved={SAVED} />);
    const types = screen.getByRole('combobox', { name: 'Tipos de dispositivo' });
    // Reached with Tab from the systems before it; the list opens with the keyboard.
    screen.getByRole('combobox', { name: 'Sistemas' }).focus();
    await user.tab();
    expect(types).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(types).toHaveAttribute('aria-expanded', 'true'));
    const shown = () =>
      [
        ...document.querySelectorAll(
          `#${CSS.escape(types.getAttribute('aria-controls') ?? '')} [role="option"]`,
        ),
      ].map((o) => o.textContent);
    await waitFor(() => expect(shown()).toEqual(['Geradores', 'Monitores de bateria', 'QTA']));
    await user.type(types, 'monit');
    await user.keyboard('{ArrowDown}{Enter}');
    await user.keyboard('{Escape}');
    expect(screen.queryByText('batmon')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ tiposDispositivo: ['batmon'] });
  }, 20_000);

  it('sends none chosen as every type (null)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PreferencesForm saved={{ ...SAVED, tiposDispositivo: ['qta'] }} />);
    const types = screen.getByRole('combobox', { name: 'Tipos de dispositivo' });
    types.focus();
    await user.keyboard('{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ tiposDispositivo: null });
  }, 20_000);
});
