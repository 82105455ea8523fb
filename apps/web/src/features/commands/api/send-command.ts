import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommandAccepted } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { commandHistoryQueryOptions } from './get-command-history';

export interface SendCommandInput {
  deviceId: number;
  comandoId: number;
  /** One per intended send: a retried request is sent once. */
  chave: string;
}

/** Spec 000 §7: `POST /api/dispositivos/{dispositivoId}/comandar`. The panel reports failures itself. */
export function sendCommand({
  deviceId,
  comandoId,
  chave,
}: SendCommandInput): Promise<CommandAccepted> {
  return call(
    API.commands.send,
    { params: { dispositivoId: deviceId }, body: { comando: comandoId, chave } },
    { quiet: true },
  );
}

export function useSendCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendCommand,
    onSettled: (_answer, _error, input) =>
      client.invalidateQueries({ queryKey: commandHistoryQueryOptions(input.deviceId).queryKey }),
  });
}
