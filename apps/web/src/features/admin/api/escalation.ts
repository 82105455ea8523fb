import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EscalationSettingsBody } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { NOTIFICATION_MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import { notifySuccess } from '../../../ui/notify';
import { ADMIN_KEY } from './admin';

const key = (sisId: number) => [...ADMIN_KEY, 'escalonamento', sisId] as const;

export const useEscalation = (sisId: number) =>
  useQuery({
    queryKey: key(sisId),
    queryFn: ({ signal }) =>
      call(API.notifications.escalation, { params: { sisId } }, { signal, quiet: true }),
  });

/** Saves a system's escalation; the form shows a refusal (quiet call). */
export function useSaveEscalation(sisId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EscalationSettingsBody) =>
      call(API.notifications.saveEscalation, { params: { sisId }, body }, { quiet: true }),
    onSuccess: () => notifySuccess(NOTIFICATION_MESSAGES.escalationSaved),
    onSettled: () => client.invalidateQueries({ queryKey: key(sisId) }),
  });
}
