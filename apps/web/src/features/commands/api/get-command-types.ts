import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommandType } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

/** Spec 000 §7: `GET /api/dispositivos/{dispositivoId}/comandos/tipos`. */
export function getCommandTypes(deviceId: number, signal?: AbortSignal): Promise<CommandType[]> {
  return call(API.commands.types, { params: { dispositivoId: deviceId } }, { signal, quiet: true });
}

export function commandTypesQueryOptions(deviceId: number) {
  return queryOptions({
    queryKey: ['commands', 'types', deviceId],
    queryFn: ({ signal }) => getCommandTypes(deviceId, signal),
    // A template's commands change with a new configuration only.
    staleTime: 10 * 60_000,
  });
}

export function useCommandTypes(deviceId: number) {
  return useQuery(commandTypesQueryOptions(deviceId));
}
