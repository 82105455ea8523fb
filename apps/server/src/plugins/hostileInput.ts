import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { MESSAGES } from '@vigia/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './httpError.js';
import { SECURITY_HEADERS } from './securityHeaders.js';

/** Deepest JSON body accepted: the catalogue's bodies are two or three levels deep. */
export const MAX_BODY_DEPTH = 32;

/** C0 controls and DEL, but tab, line feed and carriage return (multi-line reasons). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** `[` and `{` nesting of a JSON text, outside strings, up to `limit + 1`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** Where a control character sits in a parsed value (`body.nomes[1]`), or null. */
export function findControlCharacter(value: unknown, path: string): string | null {
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length > 0) {
    const [current, at] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (CONTROL.test(current)) return at;
    } else if (Array.isArray(current)) {
      for (const [i, item] of current.entries()) pending.push([item, `${at}[${i}]`]);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (CONTROL.test(key)) return at;
        pending.push([item, at === '' ? key : `${at}.${key}`]);
      }
    }
  }
  return null;
}

const refuse = (error: string, campo?: string) =>
  new HttpError(
    400,
    campo === undefined ? { error } : { error, detalhes: [{ campo, mensagem: error }] },
  );

/**
 * Input the store could choke on is refused at the boundary, before any
 * handler, with a pt-BR error: JSON bodies nested deeper than MAX_BODY_DEPTH
 * (checked on the text, before parsing), and control characters anywhere in
 * the path, the query or the body (PostgreSQL refuses NUL in text).
 */
export function refuseHostileInput(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_BODY_DEPTH))
      return done(refuse(MESSAGES.bodyTooDeep), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(refuse(MESSAGES.invalidJson), undefined);
    }
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const at =
      findControlCharacter(request.params, '') ??
      findControlCharacter(request.query, '') ??
      findControlCharacter(request.body, '');
    done(at === null ? undefined : refuse(MESSAGES.controlCharacters, at));
  });
}

const securityHeaderLines = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any
 * route (headers or URL too long, a malformed request, a timeout) answers
 * with the pt-BR error body and the security headers, echoing nothing.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const body = JSON.stringify({
    error: status === 431 ? MESSAGES.headersTooLarge : MESSAGES.invalidRequest,
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `${securityHeaderLines}\r\n${body}`,
  );
}

/** Fastify's `frameworkErrors` (a URL it cannot decode …): before the request hooks ran. */
export function answerFrameworkError(
  _error: Error,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply
    .code(400)
    .headers(SECURITY_HEADERS)
    .type('application/json; charset=utf-8')
    .send({ error: MESSAGES.invalidUrl });
}
