import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { LiveEvent, OccurrenceRow } from '@vigia/contract';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@vigia/domain';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { occurrence } from '../test/fixtures';
import { NOTIFY_ROW_WAIT_MS, useCriticalAlarmNotifications } from './useCriticalAlarmNotifications';

const live = vi.hoisted(() => ({ listeners: new Set<(event: LiveEvent) => void>() }));
vi.mock('../../../lib/live/liveEvents', () => ({
  subscribeLiveEvents: (listener: (event: LiveEvent) => void) => {
    live.listeners.add(listener);
    return () => live.listeners.delete(listener);
  },
}));

const shown: { title: string; body?: string; tag?: string }[] = [];
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  constructor(title: string, options?: NotificationOptions) {
    shown.push({ title, body: options?.body, tag: options?.tag });
  }
}

function opened(occurrenceId: number, critico: number, sisId = 121): LiveEvent {
  return { type: 'occurrence.opened', sisId, deviceId: 1001, occurrenceId, critico };
}
const emit = (event: LiveEvent) =>
  act(() => {
    for (const listener of live.listeners) listener(event);
  });

beforeEach(() => {
  shown.length = 0;
  FakeNotification.permission = 'granted';
  vi.stubGlobal('Notification', FakeNotification);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ofSystem121 = { sisId: 121 };

/** A query client that already holds the user's notification preferences (issue 29). */
function withPreferences(navegador: boolean) {
  const client = new QueryClient();
  client.setQueryData(['notificacoes', 'preferencias'], {
    ...DEFAULT_NOTIFICATION_PREFERENCES,
    navegador,
    webhookSegredo: null,
  });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}
const wrapper = withPreferences(true);

describe('critical alarm notifications (critico ≥ 17)', () => {
  it('names the alarm once its row arrives', () => {
    const { rerender } = renderHook(
      ({ rows }: { rows: OccurrenceRow[] }) => useCriticalAlarmNotifications(rows, ofSystem121),
      { initialProps: { rows: [] as OccurrenceRow[] }, wrapper },
    );
    emit(opened(9, 20));
    expect(shown).toEqual([]);
    rerender({ rows: [occurrence(9)] });
    expect(shown).toEqual([
      {
        title: 'Alarme crítico',
        body: 'Alta temperatura do óleo — GMG1 - ERB São Paulo Paulista',
        tag: 'vigia-ocorrencia-9',
      },
    ]);
  });

  it('without its row it still notifies after a while', () => {
    renderHook(() => useCriticalAlarmNotifications([], ofSystem121), { wrapper });
    emit(opened(9, 17));
    act(() => vi.advanceTimersByTime(NOTIFY_ROW_WAIT_MS));
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe('Alarme crítico');
  });

  it('ignores attention-level alarms, other scopes and a user who did not allow it', () => {
    renderHook(() => useCriticalAlarmNotifications([occurrence(1), occurrence(2)], ofSystem121), {
      wrapper,
    });
    emit(opened(1, 16));
    emit(opened(2, 20, 200));
    FakeNotification.permission = 'default';
    emit(opened(3, 25));
    act(() => vi.advanceTimersByTime(NOTIFY_ROW_WAIT_MS));
    expect(shown).toEqual([]);
  });

  it("not for a user who turned the browser notice off in 'Notificações'", () => {
    renderHook(() => useCriticalAlarmNotifications([occurrence(4)], ofSystem121), {
      wrapper: withPreferences(false),
    });
    emit(opened(4, 25));
    act(() => vi.advanceTimersByTime(NOTIFY_ROW_WAIT_MS));
    expect(shown).toEqual([]);
  });
});
