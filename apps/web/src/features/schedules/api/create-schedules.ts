import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSchedulesBody } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { SCHEDULES_KEY } from './keys';

/** Creates the escalas of the form (one per weekday chosen). */
export function createSchedules(body: CreateSchedulesBody) {
  return call(API.schedules.create, { body }, { quiet: true });
}

/** Spec 001 §8: 'Usuário Cadastrado' / 'Problema no cadastramento de usuário'. */
export function useCreateSchedules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSchedules,
    onSuccess: () => notifySuccess(MESSAGES.scheduleSaved),
    onError: () => notifyError(MESSAGES.scheduleSaveFailed),
    onSettled: () => client.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
}
