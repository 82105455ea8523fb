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

const { hasOwn } = Object;

/**
 * The common case of `readingsPayload` without zod's allocations: answers the
 * message when it is certainly valid, or null to let zod decide (and explain).
 * It accepts only what the schema accepts (a test holds it to that), so zod
 * stays the definition; this only spares the garbage at 100,000 readings/s.
 */
export function quickPayload(body: unknown): ReadingsPayload | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { ts, leituras, qos } = body as Record<string, unknown>;
  if (typeof ts !== 'number' || !Number.isInteger(ts) || ts <= 0) return null;
  if (
    qos !== undefined &&
    (typeof qos !== 'number' || !Number.isInteger(qos) || qos < 0 || qos > 255)
  ) {
    return null;
  }
  if (typeof leituras !== 'object' || leituras === null || Array.isArray(leituras)) return null;
  if (Object.getPrototypeOf(leituras) !== Object.prototype) return null;
  let n = 0;
  for (const name in leituras) {
    if (!hasOwn(leituras, name)) return null;
    const value = (leituras as Record<string, unknown>)[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || !TAG_NAME.test(name)) return null;
    n += 1;
  }
  if (n === 0 || n > MAX_READINGS_PER_MESSAGE) return null;
  return qos === undefined
    ? { ts, leituras: leituras as Record<string, number> }
    : { ts, leituras: leituras as Record<string, number>, qos };
}
