import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcknowledgeBody, AcknowledgeResponse } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { reloadInfiniteLists } from '../../../ui/table/infiniteData';
import { OCCURRENCE_LISTS_KEY } from './get-occurrence-page';

/** Spec 000 §7: `POST /api/ocorrencias/reconhece` with the selected ids. */
export function acknowledgeOccurrences(body: AcknowledgeBody): Promise<AcknowledgeResponse> {
  // The failure text is the spec's (001 §8), not the server's: shown by the mutation.
  return call(API.occurrences.acknowledge, { body }, { quiet: true });
}

/**
 * Spec 001 §4/§8: success 'Alarme(s) reconhecido(s) com sucesso', failure
 * 'Erro ao reconhecer Alarme(s)'; the lists reload either way (from offset 0).
 */
export function useAcknowledgeOccurrences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeOccurrences,
    onSuccess: () => notifySuccess(MESSAGES.ackSuccess),
    onError: () => notifyError(MESSAGES.ackFailed),
    onSettled: () => reloadInfiniteLists(client, OCCURRENCE_LISTS_KEY),
  });
}
