import { z } from 'zod';

/** Error body of every failed call (spec 000 §8): `error` is shown as a toast, 'invalid_token' logs out. */
export const errorBody = z.object({
  error: z.string(),
  error_description: z.string().optional(),
  /** Validation failures: which field and why (pt-BR). */
  detalhes: z.array(z.object({ campo: z.string(), mensagem: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
