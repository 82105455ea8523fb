import { MESSAGES } from '@vigia/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../store/database.js';
import { HttpError } from './httpError.js';

let localeSet = false;

/** Zod's messages in Portuguese, with a plain text for a missing field. */
export function usePortugueseValidationMessages(): void {
  if (localeSet) return;
  localeSet = true;
  const pt = z.locales.pt();
  z.config({
    ...pt,
    customError: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined ? 'Campo obrigatório.' : undefined,
  });
}

export interface ValidationDetail {
  campo: string;
  mensagem: string;
}

/** Field paths as the caller wrote them: `body.ids.0` → `ids[0]`. */
export function validationDetails(error: FastifyError): ValidationDetail[] {
  if (!hasZodFastifySchemaValidationErrors(error)) {
    return (error.validation ?? []).map((v) => ({
      campo: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      mensagem: v.message ?? MESSAGES.invalidRequest,
    }));
  }
  return error.validation.map((v) => {
    const path = v.instancePath
      .split('/')
      .filter(Boolean)
      .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
      .join('');
    return { campo: path, mensagem: v.message ?? MESSAGES.invalidRequest };
  });
}

/** The framework's own refusals, in Portuguese. */
const CLIENT_ERRORS: Partial<Record<number, string>> = {
  413: MESSAGES.bodyTooLarge,
  415: MESSAGES.unsupportedContentType,
};

function send(reply: FastifyReply, status: number, body: object, headers?: Record<string, string>) {
  if (headers) reply.headers(headers);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * One error shape for the whole API (spec 000 §8): `{ error: <pt-BR text> }`.
 * Bad input is a 4xx with the reason; anything unexpected is logged and
 * answered with a generic 500 that reveals nothing.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return send(reply, error.statusCode, error.body, error.headers);
    }
    if (error.validation) {
      return send(reply, 400, {
        error: MESSAGES.invalidRequest,
        detalhes: validationDetails(error),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'resposta fora do contrato');
      return send(reply, 500, { error: MESSAGES.internalError });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, { error: MESSAGES.tooManyAttempts });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large, …: the client's fault, said plainly.
      request.log.info({ code: error.code, message: error.message }, 'requisição recusada');
      return send(reply, status, { error: CLIENT_ERRORS[status] ?? MESSAGES.invalidRequest });
    }
    if (isDatabaseUnavailable(error)) {
      // Down or restarting: the pool reconnects by itself, the caller retries.
      request.log.warn({ err: error }, 'banco de dados indisponível');
      return send(reply, 503, { error: MESSAGES.databaseUnavailable }, { 'retry-after': '5' });
    }
    request.log.error({ err: error }, 'erro interno');
    return send(reply, 500, { error: MESSAGES.internalError });
  });

  app.setNotFoundHandler((_request, reply) => send(reply, 404, { error: MESSAGES.notFound }));
}
