import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleInput } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { SCHEDULES_KEY } from './keys';

export function editSchedule({ id, escala }: { id: number; escala: ScheduleInput }) {
  return call(API.schedules.edit, { params: { id }, body: escala }, { quiet: true });
}

/** Spec 001 §8: the schedule save messages apply to an edit too. */
export function useEditSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editSchedule,
    onSuccess: () => notifySuccess(MESSAGES.scheduleSaved),
    onError: () => notifyError(MESSAGES.scheduleSaveFailed),
    onSettled: () => client.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
}
