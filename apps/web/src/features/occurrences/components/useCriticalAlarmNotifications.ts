import type { OccurrenceRow } from '@vigia/contract';
import { ALARM_CRITICAL_MIN, alarmSeverity } from '@vigia/domain';
import { useEffect, useRef } from 'react';
import { subscribeLiveEvents } from '../../../lib/live/liveEvents';
import { inScope, type LiveScope } from '../../../lib/live/liveInterest';
import { useBrowserNoticeWanted } from '../api/get-notification-preference';

/** How long a critical alarm waits for its row (names for the text) before a plain notice. */
export const NOTIFY_ROW_WAIT_MS = 5000;

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

function show(occurrenceId: number, body: string): void {
  if (!notificationsSupported() || Notification.permission !== 'granted') return;
  // The tag makes several open lists raise one notification per occurrence.
  new Notification('Alarme crítico', { body, tag: `vigia-ocorrencia-${occurrenceId}` });
}

function rowText(row: OccurrenceRow): string {
  const place = [row.patrimonio, row.localNome].filter(Boolean).join(' - ');
  return place ? `${row.nomeAlarme} — ${place}` : row.nomeAlarme;
}

/**
 * A new critical alarm (critico ≥ 17, spec 001 §4) in the list's scope raises
 * a browser notification when the user allowed them. The text names the
 * alarm once its row has arrived in the list.
 */
export function useCriticalAlarmNotifications(
  rows: readonly OccurrenceRow[],
  scope: LiveScope,
): void {
  const waiting = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  const wanted = useRef(true);
  wanted.current = useBrowserNoticeWanted();

  useEffect(() => {
    const pending = waiting.current;
    const unsubscribe = subscribeLiveEvents((event) => {
      if (event.type !== 'occurrence.opened' || !inScope(scopeRef.current, event)) return;
      // Shelved, or its device out of service: not annunciated (ISA-18.2).
      if (event.suprimido) return;
      if (alarmSeverity(event.critico) !== 'critical' || pending.has(event.occurrenceId)) return;
      if (!notificationsSupported() || Notification.permission !== 'granted') return;
      if (!wanted.current) return;
      const id = event.occurrenceId;
      pending.set(
        id,
        setTimeout(() => {
          pending.delete(id);
          show(
            id,
            `Criticidade ${event.critico} (≥ ${ALARM_CRITICAL_MIN}) no dispositivo ${event.deviceId}`,
          );
        }, NOTIFY_ROW_WAIT_MS),
      );
    });
    return () => {
      unsubscribe();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  useEffect(() => {
    const pending = waiting.current;
    if (pending.size === 0) return;
    for (const row of rows) {
      const timer = pending.get(row.id);
      if (timer === undefined) continue;
      clearTimeout(timer);
      pending.delete(row.id);
      show(row.id, rowText(row));
    }
  }, [rows]);
}
