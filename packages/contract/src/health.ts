import { z } from 'zod';
import { defineRoute } from './route.js';

const count = z.number().int().nonnegative();

/**
 * Device messages refused for good, by reason: `grande` over 1 MiB, `invalida`
 * not a readings message, `horario` reading time out of range,
 * `desconhecido` no such device, `topico` an MQTT topic that names no device.
 */
export const ingestRefusalCounts = z.object({
  grande: count,
  invalida: count,
  horario: count,
  desconhecido: count,
  topico: count,
});

/** `GET /api/health` (no token): 200 when the database answers, 503 otherwise. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'indisponivel']),
  database: z.enum(['sqlite', 'postgres']),
  /** Round trip of a trivial query, milliseconds. */
  databaseMs: z.number().nonnegative().nullable(),
  uptimeSeconds: z.number().nonnegative(),
  version: z.string(),
  /** The project's own broker (`VIGIA_BROKER=1`), which the server restarts when it dies. */
  broker: z
    .object({
      estado: z.enum(['ok', 'reiniciando']),
      /** Times it was started again since the server started. */
      reinicios: z.number().int().nonnegative(),
    })
    .optional(),
  /** This node's ingest since it started: device messages refused for good. */
  ingestao: z
    .object({
      recusadas: count,
      porMotivo: ingestRefusalCounts,
    })
    .optional(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

export const HEALTH_API = {
  /** No token: for load balancers and the start script. */
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    public: true,
    answer: healthResponse,
    errors: { 503: 'O banco de dados não respondeu' },
    errorAnswer: healthResponse,
    tags: ['operação'],
    summary: 'Saúde do servidor e do banco de dados',
  }),
};
