import { z } from 'zod';
import { bodyId, queryId } from './ids.js';
import { defineRoute } from './route.js';

/**
 * Remote commands: spec 000 §3 "Command" and §7 "Commands", spec 001 §3/§4/§5/§6.
 * How the server stores, delivers and expires them: apps/server/src/commands/README.md.
 */

const id = z.number().int();

export const commandDeviceParams = z.object({
  dispositivoId: queryId,
});

/** A command the device's template offers (spec 001 §3 Command). */
export const commandType = z.object({
  /** comandoId: what `comandar` takes. */
  id,
  nome: z.string(),
  parameter_id: id,
  /** Value written for the command (e.g. the modoWeb bit). */
  comando: z.number(),
});
export type CommandType = z.infer<typeof commandType>;
export const commandTypeList = z.array(commandType);

/**
 * One command sent to the device, newest first (spec 001 §3 history item: id,
 * statusWebId). statusWebId 0 stored, 1 acknowledged, 2 finished, 3 failed,
 * 4 expired (no answer within its time to live); `status` is its pt-BR text.
 */
export const commandHistoryItem = z.object({
  id,
  comandoId: id.nullable(),
  parameter_id: id.nullable(),
  nome: z.string().nullable(),
  statusWebId: id,
  status: z.string(),
  /** Who sent it. */
  usuario: z.string(),
  /** Sent at, epoch seconds. */
  criadoEm: id,
  /** Ended (2, 3 or 4) at, epoch seconds; null while open. */
  finalizadoEm: id.nullable(),
});
export type CommandHistoryItem = z.infer<typeof commandHistoryItem>;
export const commandHistory = z.array(commandHistoryItem);

/** Longest history answered (spec 000 §9 list page size). */
export const COMMAND_HISTORY_LIMIT = 50;

/** An idempotency key: a repeated request with the same key sends once. */
export const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'chave: 8 a 100 letras, números, _ ou -');
/** The header that may carry the key instead of the body. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** `POST /api/dispositivos/{dispositivoId}/comandar` body: `comando` is the comandoId. */
export const commandRequest = z.object({
  comando: bodyId,
  chave: idempotencyKey.optional(),
});
export type CommandRequest = z.infer<typeof commandRequest>;

export const commandAccepted = z.object({
  id,
  statusWebId: id,
  /** 'Comando enviado com sucesso.' */
  mensagem: z.string(),
});
export type CommandAccepted = z.infer<typeof commandAccepted>;

/** `POST /api/User/confirmarSenha`: the password again, before commands. */
export const confirmPasswordRequest = z.object({ senha: z.string().min(1).max(200) });
export const confirmPasswordResponse = z.object({
  /** Until when commands are allowed on this session, epoch milliseconds. */
  validaAte: z.number().int(),
  mensagem: z.string(),
});
export type ConfirmPasswordResponse = z.infer<typeof confirmPasswordResponse>;

const TAGS = ['comandos'];

export const COMMANDS_API = {
  types: defineRoute({
    method: 'GET',
    path: '/api/dispositivos/{dispositivoId}/comandos/tipos',
    params: commandDeviceParams,
    answer: commandTypeList,
    errors: { 400: 'Id inválido', 401: 'Sem sessão válida', 404: 'Dispositivo fora do usuário' },
    tags: TAGS,
    summary: 'Os comandos que o modelo do dispositivo aceita',
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/dispositivos/{dispositivoId}/comandos',
    params: commandDeviceParams,
    answer: commandHistory,
    errors: { 400: 'Id inválido', 401: 'Sem sessão válida', 404: 'Dispositivo fora do usuário' },
    tags: TAGS,
    summary: 'Histórico de comandos do dispositivo, o mais novo primeiro',
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/dispositivos/{dispositivoId}/comandar',
    params: commandDeviceParams,
    body: commandRequest,
    answer: commandAccepted,
    errors: {
      400: 'Comando inexistente para o dispositivo ou chave inválida',
      401: 'Sem sessão válida',
      403: 'Sem o direito de comando (1) ou sem confirmação de senha nos últimos 5 minutos',
      404: 'Dispositivo fora do usuário',
      409: 'A chave já enviou outro comando ou a outro dispositivo',
    },
    tags: TAGS,
    summary: 'Envia um comando ao dispositivo (direito 1 e senha confirmada)',
    description:
      'O comando é gravado e depois publicado ao dispositivo; o estado segue por eventos ' +
      '`command.status` e pelo histórico. A mesma chave (`chave` ou cabeçalho ' +
      '`Idempotency-Key`) repetida com o mesmo comando envia uma vez só e responde o mesmo ' +
      'comando; com outro comando ou dispositivo, 409.',
  }),
  confirmPassword: defineRoute({
    method: 'POST',
    path: '/api/User/confirmarSenha',
    body: confirmPasswordRequest,
    answer: confirmPasswordResponse,
    errors: {
      400: 'Senha errada',
      401: 'Sem sessão válida',
      403: 'Sem o direito de comando (1)',
      429: 'Tentativas demais',
    },
    tags: TAGS,
    summary: 'Confirma a senha da sessão para comandos (vale 5 minutos)',
  }),
};
