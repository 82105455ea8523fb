/** A response that was not 2xx. `code` is the body's `error` field when there is one. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly description: string | null;

  constructor(status: number, code: string | null, description: string | null, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.description = description;
  }
}

/** The server could not be reached (offline, DNS, connection reset, aborted by a timeout). */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

export function isHttpError(error: unknown, status?: number): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status);
}

interface ErrorFields {
  error?: unknown;
  error_description?: unknown;
}

/** Reads `{ error, error_description }` from a failed response; anything else gives nulls. */
export async function readErrorBody(
  response: Response,
): Promise<{ code: string | null; description: string | null }> {
  try {
    const body = (await response.json()) as ErrorFields | null;
    return {
      code: typeof body?.error === 'string' ? body.error : null,
      description: typeof body?.error_description === 'string' ? body.error_description : null,
    };
  } catch {
    return { code: null, description: null };
  }
}
