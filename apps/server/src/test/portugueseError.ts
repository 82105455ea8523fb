import { STATUS_CODES } from 'node:http';
import { INVALID_TOKEN_ERROR } from '@vigia/domain';
import { errorCodes } from 'fastify';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Fastify's own error messages (their `%s` as anything) and Node's status texts. */
const FRAMEWORK_MESSAGES: RegExp[] = [
  ...Object.values(errorCodes).flatMap((ErrorClass) => {
    const template = new (ErrorClass as new () => Error)().message;
    if (template.replaceAll('%s', '').trim() === '') return [];
    return [new RegExp(`^${template.split('%s').map(escapeRegExp).join('.*')}$`, 's')];
  }),
  ...Object.values(STATUS_CODES).map(
    (text) => new RegExp(`^${escapeRegExp(text ?? '')}\\.?$`, 'i'),
  ),
];

/** Words of English error texts (Fastify, Node, zod and Ajv defaults) that Portuguese never uses. */
const ENGLISH =
  /\b(the|must|should|not|found|request|body|invalid|unsupported|unexpected|expected|received|required|cannot|empty|too|large|property|route|error|internal|server|failed|missing|malformed|allowed|unknown|input)\b/i;

/** Machine codes the spec and OAuth put in `error` (the human text is then in `error_description`). */
const CODE = /^[a-z]+(_[a-z]+)+$/;

/**
 * Why a 4xx body is not the spec's error body with a Portuguese text, or
 * null. `error` must be pt-BR text; a code (`invalid_grant`) must come with a
 * pt-BR `error_description`, except `invalid_token` (spec 000 §8: it signs out).
 */
export function notPortugueseError(status: number, body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'corpo não é JSON';
  }
  const { error, error_description: description } = (parsed ?? {}) as {
    error?: unknown;
    error_description?: unknown;
  };
  if (typeof error !== 'string' || error.trim() === '') return 'sem `error`';
  if (CODE.test(error)) {
    if (error === INVALID_TOKEN_ERROR && status === 401) return null;
    if (typeof description !== 'string') return `código ${error} sem error_description`;
    return englishText(description);
  }
  return englishText(error);
}

function englishText(text: string): string | null {
  if (FRAMEWORK_MESSAGES.some((re) => re.test(text))) return `mensagem do framework: ${text}`;
  if (ENGLISH.test(text)) return `texto em inglês: ${text}`;
  return null;
}
