import { z } from 'zod';

/**
 * A device message, on MQTT `vigia/dispositivos/{id}/leituras` and in the body
 * of `POST /api/ingest`:
 *
 *   { "ts": 1763700000, "leituras": { "kW": 312.5, "Hz": 60.01 }, "qos": 0 }
 *
 * `ts` is the reading time in epoch seconds, `leituras` maps reading (tag)
 * names to numbers, `qos` (optional, default 0) is the device's quality code.
 * Other fields are ignored.
 */
export const TAG_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
export const MAX_READINGS_PER_MESSAGE = 1000;
/** A clock this far ahead of the server is refused. */
export const MAX_FUTURE_S = 300;
/** History older than this is refused (one year). */
export const MAX_AGE_S = 366 * 86400;

export const INGEST_MESSAGES = {
  invalidDeviceKey: 'Chave de dispositivo inválida.',
  invalidPayload:
    'Mensagem inválida: envie { "ts": <segundos desde 1970>, "leituras": { "<nome>": <número> } }.',
  unknownDevice: 'Dispositivo desconhecido.',
  tsOutOfRange: 'Horário da leitura fora do intervalo aceito.',
  overloaded: 'Ingestão sobrecarregada; tente novamente.',
} as const;

export const readingsPayload = z
  .object({
    ts: z.number().int().positive(),
    leituras: z.record(z.string().regex(TAG_NAME), z.number().finite()).refine((r) => {
      const n = Object.keys(r).length;
      return n > 0 && n <= MAX_READINGS_PER_MESSAGE;
    }, `de 1 a ${MAX_READINGS_PER_MESSAGE} leituras`),
    qos: z.number().int().min(0).max(255).optional(),
  })
  .describe('Leituras de um dispositivo');

export type ReadingsPayload = z.infer<typeof readingsPayload>;
