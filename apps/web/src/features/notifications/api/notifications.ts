import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferencesBody } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { NOTIFICATION_MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import { notifySuccess } from '../../../ui/notify';

export const NOTIFICATIONS_KEY = ['notificacoes'] as const;

export function getPreferences(signal?: AbortSignal) {
  return call(API.notifications.preferences, {}, { signal, quiet: true });
}

export const usePreferences = () =>
  useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'preferencias'],
    queryFn: ({ signal }) => getPreferences(signal),
  });

export function savePreferences(body: NotificationPreferencesBody) {
  return call(API.notifications.savePreferences, { body }, { quiet: true });
}

/** Saves; the form shows a refusal itself (quiet call), the log is read again. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: () => notifySuccess(NOTIFICATION_MESSAGES.saved),
    onSettled: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export const useDeliveries = () =>
  useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'entregas'],
    queryFn: ({ signal }) =>
      call(API.notifications.deliveries, { query: { limit: 50 } }, { signal, quiet: true }),
    refetchInterval: 60_000,
  });

/** The device types of every system the caller holds (`listatipos`, sisid 0), for the type filter. */
export const useDeviceTypes = () =>
  useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'tipos'],
    queryFn: ({ signal }) =>
      call(API.user.listaTipos, { query: { sisid: 0 } }, { signal, quiet: true }),
    staleTime: 5 * 60_000,
  });
