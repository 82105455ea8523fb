import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveFuelEntriesBody } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { FUEL_KEY } from './keys';

/** Spec 000 §7: `POST /api/combustivel/atualizaConsumoDiario` with the consumos list. */
export function saveFuelEntries(body: SaveFuelEntriesBody) {
  // The failure text is the spec's (001 §8), shown by the mutation.
  return call(API.fuel.saveEntries, { body }, { quiet: true });
}

/** Spec 001 §8: 'Entradas adicionadas com sucesso!' / 'Problemas na adição de entradas.'. */
export function useSaveFuelEntries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveFuelEntries,
    onSuccess: () => notifySuccess(MESSAGES.fuelSaved),
    onError: () => notifyError(MESSAGES.fuelSaveFailed),
    onSettled: () => client.invalidateQueries({ queryKey: FUEL_KEY }),
  });
}
