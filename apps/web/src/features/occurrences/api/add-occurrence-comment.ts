import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OccurrenceComment } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import { notifySuccess } from '../../../ui/notify';
import { occurrenceCommentsKey } from './get-occurrence-comments';

/** `POST /api/ocorrencias/{id}/comentarios`; a refusal is toasted with the server's pt-BR text. */
export function addOccurrenceComment(
  occurrenceId: number,
  texto: string,
): Promise<OccurrenceComment> {
  return call(API.occurrenceComments.add, { params: { id: occurrenceId }, body: { texto } });
}

export function useAddOccurrenceComment(occurrenceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (texto: string) => addOccurrenceComment(occurrenceId, texto),
    onSuccess: () => notifySuccess(MESSAGES.commentAdded),
    onSettled: () => client.invalidateQueries({ queryKey: occurrenceCommentsKey(occurrenceId) }),
  });
}
