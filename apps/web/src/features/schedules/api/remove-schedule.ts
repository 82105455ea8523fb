import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { SCHEDULES_KEY } from './keys';

export function removeSchedule(id: number) {
  return call(API.schedules.remove, { params: { id } }, { quiet: true });
}

/** Spec 001 §8: 'Usuário Removido.' / 'Problema na Remoção de usuário'. */
export function useRemoveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeSchedule,
    onSuccess: () => notifySuccess(MESSAGES.scheduleRemoved),
    onError: () => notifyError(MESSAGES.scheduleRemoveFailed),
    onSettled: () => client.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
}
