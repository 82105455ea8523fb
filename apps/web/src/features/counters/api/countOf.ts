import { REFRESH_MS } from '@vigia/domain';
import { isHttpError } from '../../../lib/httpErrors';

/**
 * A counter is the `total` of a paged answer (asked with `limit=1`). Any other
 * shape is an error, so the counter hides instead of showing a guess.
 */
export function countOf(body: unknown): number {
  if (body && typeof body === 'object' && 'total' in body) {
    const total = (body as { total: unknown }).total;
    if (typeof total === 'number' && Number.isFinite(total)) return total;
  }
  throw new Error('Resposta de contador sem total');
}

/** Counters refresh with the lists (60 s); a call the server does not offer (404) is not asked again. */
export function counterRefetchInterval(query: { state: { error: Error | null } }): number | false {
  return isHttpError(query.state.error, 404) ? false : REFRESH_MS;
}
