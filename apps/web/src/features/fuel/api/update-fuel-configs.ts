import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateFuelConfigsBody } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { FUEL_KEY } from './keys';

/** Spec 000 §7: `POST /api/combustivel/updateConfigs`. */
export function updateFuelConfigs(body: UpdateFuelConfigsBody) {
  return call(API.fuel.updateConfigs, { body }, { quiet: true });
}

/** Spec 001 §8: 'Configurações alteradas com sucesso!' / 'Problemas na adição de Configurações.'. */
export function useUpdateFuelConfigs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateFuelConfigs,
    onSuccess: () => notifySuccess(MESSAGES.configSaved),
    onError: () => notifyError(MESSAGES.configSaveFailed),
    onSettled: () => client.invalidateQueries({ queryKey: FUEL_KEY }),
  });
}
