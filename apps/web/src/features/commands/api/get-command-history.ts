import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommandHistoryItem } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { COMMAND_HISTORY_REFRESH_MS } from '@vigia/domain';
import { call } from '../../../lib/api';

/** Spec 000 §7: `GET /api/dispositivos/{dispositivoId}/comandos`, newest first. */
export function getCommandHistory(
  deviceId: number,
  signal?: AbortSignal,
): Promise<CommandHistoryItem[]> {
  return call(
    API.commands.history,
    { params: { dispositivoId: deviceId } },
    { signal, quiet: true },
  );
}

/** Spec 001 §4: refreshed every 60 s, and at once on the device's `command.status` events. */
export function commandHistoryQueryOptions(deviceId: number) {
  return queryOptions({
    queryKey: ['commands', 'history', deviceId],
    queryFn: ({ signal }) => getCommandHistory(deviceId, signal),
    refetchInterval: COMMAND_HISTORY_REFRESH_MS,
    meta: { live: { types: ['command.status'], deviceIds: [deviceId], throttleMs: 0 } },
  });
}

export function useCommandHistory(deviceId: number) {
  return useQuery(commandHistoryQueryOptions(deviceId));
}
