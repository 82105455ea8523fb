import { HttpError } from '../../../lib/httpErrors';

/** The failure message, followed by the server's pt-BR reason when it gave one (400, 404, 409). */
export function failureText(error: unknown, failure: string): string {
  return error instanceof HttpError && error.status >= 400 && error.status < 500 && error.code
    ? `${failure} ${error.message}`
    : failure;
}
