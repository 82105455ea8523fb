import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateContractBody } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { failureText } from './failureText';
import { CONTRACTS_KEY } from './keys';

export function createContract(body: CreateContractBody) {
  return call(API.contracts.create, { body }, { quiet: true });
}

export function useCreateContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createContract,
    onSuccess: () => notifySuccess(MESSAGES.contractSaved),
    onError: (error) => notifyError(failureText(error, MESSAGES.contractSaveFailed)),
    onSettled: () => client.invalidateQueries({ queryKey: CONTRACTS_KEY }),
  });
}
