export interface FieldProblem {
  campo: string;
  mensagem: string;
}

/** A response that was not 2xx. `code` is the body's `error` field when there is one. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly description: string | null;
  /** A validation failure's fields and reasons (pt-BR), when the body names them. */
  readonly details: readonly FieldProblem[];

  constructor(
    status: number,
    code: string | null,
    description: string | null,
    message: string,
    details: readonly FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.description = description;
    this.details = details;
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
  detalhes?: unknown;
}

const isFieldProblem = (value: unknown): value is FieldProblem =>
  typeof (value as FieldProblem | null)?.campo === 'string' &&
  typeof (value as FieldProblem | null)?.mensagem === 'string';

/** Reads `{ error, error_description, detalhes }` from a failed response; anything else gives nulls. */
export async function readErrorBody(
  response: Response,
): Promise<{ code: string | null; description: string | null; details: FieldProblem[] }> {
  try {
    const body = (await response.json()) as ErrorFields | null;
    return {
      code: typeof body?.error === 'string' ? body.error : null,
      description: typeof body?.error_description === 'string' ? body.error_description : null,
      details: Array.isArray(body?.detalhes) ? body.detalhes.filter(isFieldProblem) : [],
    };
  } catch {
    return { code: null, description: null, details: [] };
  }
}

/**
 * What a form shows for a failed write: the server's pt-BR reason and, for a
 * validation failure, each field's reason; the network message otherwise.
 */
export function writeFailureText(error: unknown, networkMessage: string): string {
  if (!(error instanceof HttpError)) return networkMessage;
  const reasons = [error.message, ...error.details.map((d) => d.mensagem)];
  return reasons.filter((text, i) => text && reasons.indexOf(text) === i).join(' ');
}
