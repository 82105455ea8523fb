import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../lib/session/tokenStore';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { alarmCounter, analysisCounter } from '../api/countOf';
import { NavCounters } from './NavCounters';

const fetchMock = vi.fn<typeof fetch>();

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
  vi.unstubAllGlobals();
});

describe('side-bar counters (spec 001 §2)', () => {
  it('reads the alarm counter from { total } and an analysis page from its bands', () => {
    expect(alarmCounter({ total: 3 })).toEqual({ count: 3, critical: 3 });
    expect(analysisCounter({ criticos: 2, atencao: 5 })).toEqual({
      count: 7,
      critical: 2,
    });
    expect(() => alarmCounter([])).toThrow();
  });

  it('shows the counters whose calls answer and hides the ones that fail', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/ocorrencias?')) return json(200, { total: 4 });
      if (url.startsWith('/api/energia/analise/loadspeeds?')) {
        return json(200, { total: 10, criticos: 1, atencao: 2, itens: [] });
      }
      return json(404, { error: 'Não encontrado.' });
    });
    renderWithProviders(<NavCounters sisId={8} collapsed={false} />);
    expect(await screen.findByLabelText('Alarmes ativos: 4')).toBeInTheDocument();
    expect(await screen.findByLabelText('LoadSpeed: 3')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    expect(screen.queryByTestId('counter-power')).toBeNull();
    expect(screen.queryByTestId('counter-battery')).toBeNull();
    const alarmUrl = fetchMock.mock.calls
      .map(([u]) => String(u))
      .find((u) => u.startsWith('/api/ocorrencias'));
    expect(alarmUrl).toBe('/api/ocorrencias?alarmeativo=true&sisid=8');
  });

  it('the collapsed rail writes the whole count: 12 reads 12, over 99 reads 99+', async () => {
    let total = 12;
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/ocorrencias?')
        ? json(200, { total })
        : json(404, { error: 'Não encontrado.' }),
    );
    const first = renderWithProviders(<NavCounters sisId={8} collapsed />);
    expect(await screen.findByTestId('counter-alarms-badge')).toHaveTextContent(/^12$/);
    // The rail badge takes its content's width rather than what is left beside the icon.
    expect(screen.getByTestId('counter-alarms-badge').className).toMatch(/railBadge/);
    first.unmount();
    total = 150;
    renderWithProviders(<NavCounters sisId={9} collapsed />);
    expect(await screen.findByTestId('counter-alarms-badge')).toHaveTextContent(/^99\+$/);
    expect(screen.getByLabelText('Alarmes ativos: 150')).toBeInTheDocument();
  });
});
