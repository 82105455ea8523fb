import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { occurrenceCommentsKey } from './get-occurrence-comments';

/** `DELETE /api/ocorrencias/comentarios/{id}` (only the author's). */
export function deleteOccurrenceComment(commentId: number): Promise<{ mensagem: string }> {
  // The failure text is the spec's (001 §8), shown by the mutation.
  return call(API.occurrenceComments.remove, { params: { id: commentId } }, { quiet: true });
}

/** Spec 001 §8: 'Comentario apagado com sucesso!' / 'Comentario não pode ser apagado'. */
export function useDeleteOccurrenceComment(occurrenceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteOccurrenceComment,
    onSuccess: () => notifySuccess(MESSAGES.commentDeleted),
    onError: () => notifyError(MESSAGES.commentDeleteFailed),
    onSettled: () => client.invalidateQueries({ queryKey: occurrenceCommentsKey(occurrenceId) }),
  });
}
