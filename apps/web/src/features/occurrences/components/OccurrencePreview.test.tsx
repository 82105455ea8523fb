import { screen } from '@testing-library/react';
import { API } from '@vigia/contract/api';
import { ALARM_ROW_STYLES } from '@vigia/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../lib/session/tokenStore';
import { CONFIG, fakeServer, json, occurrence, stubLayout } from '../test/fixtures';
import { renderWithApp } from '../test/renderWithApp';
import { OccurrencePreview } from './OccurrencePreview';

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = stubLayout();
  saveTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300, token_type: 'Bearer' });
});
afterEach(() => {
  restoreLayout();
  vi.unstubAllGlobals();
});

describe('OccurrencePreview (panels, spec 001 §2)', () => {
  it("asks for the site's 10 latest occurrences, offset 0, no other filter, and colours them", async () => {
    const server = fakeServer((call) =>
      call.url.pathname.startsWith('/api/ConfigurationOccurrence/')
        ? json(200, CONFIG)
        : json(200, [occurrence(1, { nomeAlarme: 'Sobrevelocidade' })]),
    );
    vi.stubGlobal('fetch', server.fetchMock);
    renderWithApp(<OccurrencePreview siteId={1001} />);
    const cell = await screen.findByText('Sobrevelocidade');
    const list = server.calls.find((c) => c.url.pathname === API.occurrences.deviceSelect.path);
    expect(Object.fromEntries(list?.url.searchParams ?? [])).toEqual({
      disp_id: '1001',
      offSet: '0',
      limit: '10',
    });
    expect(cell.closest('tr')).toHaveStyle({
      backgroundColor: ALARM_ROW_STYLES['active-unacknowledged'].color,
    });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Colunas' })).toBeNull();
  });

  it.each([
    ['usina', 'local_id'],
    ['scd', 'scdId'],
  ] as const)(
    "a %s's preview asks for its devices' 10 latest occurrences (%s)",
    async (kind, param) => {
      const server = fakeServer((call) =>
        call.url.pathname.startsWith('/api/ConfigurationOccurrence/')
          ? json(200, CONFIG)
          : json(200, [occurrence(1, { nomeAlarme: 'Falha de rede' })]),
      );
      vi.stubGlobal('fetch', server.fetchMock);
      renderWithApp(<OccurrencePreview owner={{ kind, id: 3, sisId: 200 }} />);
      await screen.findByText('Falha de rede');
      const list = server.calls.find((c) => c.url.pathname === API.occurrences.list.path);
      expect(Object.fromEntries(list?.url.searchParams ?? [])).toEqual({
        [param]: '3',
        offSet: '0',
        limit: '10',
      });
    },
  );
});
