/** Topic the server publishes a device's commands to (QoS 1). */
export const commandTopic = (deviceId: number) => `vigia/dispositivos/${deviceId}/comandos`;
/** Topic the device answers on: `{ "id": <commandId>, "statusWebId": 1|2|3 }`. */
export const commandStatusTopic = (deviceId: number) =>
  `vigia/dispositivos/${deviceId}/comandos/status`;
export const COMMAND_TOPIC_FILTER = 'vigia/dispositivos/+/comandos';
export const COMMAND_STATUS_TOPIC_FILTER = 'vigia/dispositivos/+/comandos/status';

/** The device id of a command or status topic, or NaN. */
export function deviceIdOfCommandTopic(topic: string, kind: 'comandos' | 'status'): number {
  const parts = topic.split('/');
  const shape =
    kind === 'comandos'
      ? parts.length === 4 && parts[3] === 'comandos'
      : parts.length === 5 && parts[3] === 'comandos' && parts[4] === 'status';
  if (!shape || parts[0] !== 'vigia' || parts[1] !== 'dispositivos') return Number.NaN;
  return /^[1-9]\d{0,15}$/.test(parts[2] ?? '') ? Number(parts[2]) : Number.NaN;
}

export interface StatusAnswer {
  id: number;
  statusWebId: 1 | 2 | 3;
}

/** A device's answer, or undefined when it is not one. */
export function parseStatusAnswer(payload: unknown): StatusAnswer | undefined {
  let value: unknown = payload;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    try {
      value = JSON.parse(payload.toString());
    } catch {
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, statusWebId } = value as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return undefined;
  if (statusWebId !== 1 && statusWebId !== 2 && statusWebId !== 3) return undefined;
  return { id, statusWebId };
}
