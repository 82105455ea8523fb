import { z } from 'zod';
import { querySisId } from './ids.js';
import { defineRoute } from './route.js';

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

const MAX_MESSAGES = 1000;

/** One message or a list of them. */
export const ingestBody = z.union([
  readingsPayload,
  z.array(readingsPayload).min(1).max(MAX_MESSAGES),
]);

export const ingestAccepted = z.object({
  dispositivo: z.number().int(),
  aceitas: z.number().int().describe('Mensagens aceitas para gravação'),
});

/** `sisid` 0 or absent: every system of the caller. */
export const ingestRefusalsQuery = z.object({ sisid: querySisId.optional() });

/** One device's messages refused for good, every node's, since the count began. */
export const ingestRefusalRow = z.object({
  dispositivo: z.number().int(),
  nome: z.string(),
  sisid: z.number().int(),
  recusadas: z.number().int().nonnegative(),
  porMotivo: z.object({
    grande: z.number().int().nonnegative().describe('Maiores que 1 MiB'),
    invalida: z.number().int().nonnegative().describe('Fora do formato de leituras'),
    horario: z.number().int().nonnegative().describe('Horário fora do intervalo aceito'),
  }),
  /** Epoch seconds of the latest refusal. */
  ultima: z.number().int(),
});
export type IngestRefusalRow = z.infer<typeof ingestRefusalRow>;

export const INGEST_API = {
  /** Devices, not the console: authenticated by the device key, not a user token. */
  readings: defineRoute({
    method: 'POST',
    path: '/api/ingest',
    public: true,
    body: ingestBody,
    answer: ingestAccepted,
    status: 202,
    errors: {
      400: 'Mensagem inválida ou horário fora do intervalo aceito',
      401: 'Chave de dispositivo inválida',
      503: 'Ingestão sobrecarregada',
    },
    tags: ['ingestão'],
    summary: 'Leituras de um dispositivo, autenticado pela sua chave',
    description:
      'Corpo: { "ts": <segundos desde 1970>, "leituras": { "<nome>": <número> }, "qos"?: <0-255> } ou uma lista ' +
      `de até ${MAX_MESSAGES} delas. Chave no cabeçalho x-device-key ou Authorization: Device <chave>.`,
  }),
  /** For the control room: which devices send messages that are refused, and why. */
  refusals: defineRoute({
    method: 'GET',
    path: '/api/ingestao/recusas',
    query: ingestRefusalsQuery,
    answer: z.array(ingestRefusalRow),
    errors: { 404: 'Sistema não encontrado' },
    tags: ['ingestão'],
    summary: 'Mensagens de dispositivos recusadas, por dispositivo',
    description:
      'Dispositivos dos sistemas do usuário com mensagens recusadas (maiores que 1 MiB, fora do formato, ' +
      'horário fora do intervalo), a mais recente primeiro; somadas de todos os nós.',
  }),
};
