import { z } from 'zod';

/** `GET /api/health` (no token): 200 when the database answers, 503 otherwise. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'indisponivel']),
  database: z.enum(['sqlite', 'postgres']),
  /** Round trip of a trivial query, milliseconds. */
  databaseMs: z.number().nonnegative().nullable(),
  uptimeSeconds: z.number().nonnegative(),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponse>;
