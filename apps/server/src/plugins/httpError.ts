import { INVALID_TOKEN_ERROR, MESSAGES } from '@vigia/domain';

/** A failure with the spec's error body (`{ error: <text> }`), thrown from handlers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: {
      error: string;
      error_description?: string;
      detalhes?: { campo: string; mensagem: string }[];
    },
    readonly headers: Record<string, string> = {},
  ) {
    super(body.error);
    this.name = 'HttpError';
  }
}

export const notFound = () => new HttpError(404, { error: MESSAGES.notFound });
export const badRequest = (message: string = MESSAGES.invalidRequest) =>
  new HttpError(400, { error: message });
export const forbidden = (message: string) => new HttpError(403, { error: message });
export const conflict = (message: string) => new HttpError(409, { error: message });
/** Spec 000 §8: this body makes the console sign out. */
export const invalidToken = () =>
  new HttpError(
    401,
    { error: INVALID_TOKEN_ERROR },
    { 'www-authenticate': 'Bearer error="invalid_token"' },
  );
