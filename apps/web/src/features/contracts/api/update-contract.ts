import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractInputBody } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { failureText } from './failureText';
import { CONTRACTS_KEY } from './keys';

export function updateContract({ id, contrato }: { id: number; contrato: ContractInputBody }) {
  return call(API.contracts.update, { params: { id }, body: contrato }, { quiet: true });
}

export function useUpdateContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateContract,
    onSuccess: () => notifySuccess(MESSAGES.contractSaved),
    onError: (error) => notifyError(failureText(error, MESSAGES.contractSaveFailed)),
    onSettled: () => client.invalidateQueries({ queryKey: CONTRACTS_KEY }),
  });
}
