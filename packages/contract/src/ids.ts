import { z } from 'zod';

/**
 * Largest id the store holds: ids are `integer` columns (32 bits) on
 * PostgreSQL, which refuses a larger value with an error (a 500) where SQLite
 * finds nothing. Every id a caller sends is bound by it at the boundary.
 */
export const MAX_ID = 2_147_483_647;

// Built by functions free of side effects: a console bundle that takes a
// constant from a module importing these leaves them, and zod, out.

/* @__NO_SIDE_EFFECTS__ */
function boundedQueryId(min: 0 | 1) {
  return z.coerce.number().int().min(min).max(MAX_ID);
}

/* @__NO_SIDE_EFFECTS__ */
function boundedBodyId() {
  return z.number().int().positive().max(MAX_ID);
}

/** An id in a path or query (`?idDispositivo=12`): a positive 32-bit integer. */
export const queryId = boundedQueryId(1);
/** A system id filter in a query: 0 (or absent) means every system of the caller. */
export const querySisId = boundedQueryId(0);
/** An id in a JSON body. */
export const bodyId = boundedBodyId();
