import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { failureText } from './failureText';
import { CONTRACTS_KEY } from './keys';

export function removeContract(id: number) {
  return call(API.contracts.remove, { params: { id } }, { quiet: true });
}

export function useRemoveContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeContract,
    onSuccess: () => notifySuccess(MESSAGES.contractRemoved),
    onError: (error) => notifyError(failureText(error, MESSAGES.contractRemoveFailed)),
    onSettled: () => client.invalidateQueries({ queryKey: CONTRACTS_KEY }),
  });
}
