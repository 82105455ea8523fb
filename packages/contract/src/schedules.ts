import { MAX_PAGE_SIZE, MESSAGES, PAGE_SIZE, parseTimeOfDay } from '@vigia/domain';
import { z } from 'zod';
import { bodyId, queryId } from './ids.js';
import { defineRoute } from './route.js';

/**
 * Work schedules (escalas, spec 001 §2/§3/§5/§6/§7/§9): a user on duty on a
 * weekday (`dia_semana` 0 Monday … 6 Sunday) from `entrada` to `saida`
 * ('HH:mm'), in one system. Everyone with the system reads; only
 * administrators write (403 otherwise). Paths are Vigia's: the spec names the
 * operations only.
 */

const entityId = queryId;

/** 'HH:mm' (or 'HH:mm:ss'), kept as 'HH:mm'. */
export const timeOfDay = z
  .string()
  .trim()
  .refine((text) => parseTimeOfDay(text) !== null, { message: MESSAGES.scheduleFieldsRequired })
  .transform((text) => text.slice(0, 5));

export const weekday = z.coerce.number().int().min(0).max(6);

/** One escala as written: exit after entry ('Horario de entrada e saída incompatíveis.'). */
export const scheduleInput = z
  .object({
    usuario_id: bodyId,
    dia_semana: z.number().int().min(0).max(6),
    entrada: timeOfDay,
    saida: timeOfDay,
  })
  .refine((s) => (parseTimeOfDay(s.saida) ?? 0) > (parseTimeOfDay(s.entrada) ?? 0), {
    message: MESSAGES.scheduleTimesIncompatible,
    path: ['saida'],
  });
export type ScheduleInput = z.input<typeof scheduleInput>;

export const schedule = z.object({
  id: z.number().int(),
  usuario_id: z.number().int(),
  usuarioNome: z.string(),
  usuarioLogin: z.string(),
  dia_semana: z.number().int(),
  entrada: z.string(),
  saida: z.string(),
});
export type Schedule = z.infer<typeof schedule>;

/**
 * The searches: by user, weekday, entry, exit and interval (on duty at some
 * time between `intervaloInicio` and `intervaloFim`), any combination; page of 50.
 */
export const scheduleSearchQuery = z.object({
  sisid: entityId,
  usuario_id: entityId.optional(),
  dia_semana: weekday.optional(),
  entrada: timeOfDay.optional(),
  saida: timeOfDay.optional(),
  intervaloInicio: timeOfDay.optional(),
  intervaloFim: timeOfDay.optional(),
  offSet: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export type ScheduleSearchQuery = z.input<typeof scheduleSearchQuery>;

export const schedulePage = z.object({ total: z.number().int(), escalas: z.array(schedule) });
export type SchedulePage = z.infer<typeof schedulePage>;

export const scheduleTotal = z.object({ total: z.number().int() });

export const scheduleAdmin = z.object({
  id: z.number().int(),
  nome: z.string(),
  login: z.string(),
});
export type ScheduleAdmin = z.infer<typeof scheduleAdmin>;

export const createSchedulesBody = z.object({
  sisid: bodyId,
  escalas: z
    .array(scheduleInput)
    .min(1)
    .max(7 * 20),
});
export type CreateSchedulesBody = z.input<typeof createSchedulesBody>;

export const scheduleIdParams = z.object({ id: entityId });

export const scheduleWriteAnswer = z.object({
  mensagem: z.string(),
  ids: z.array(z.number().int()),
});

const TAGS = ['escalas'];
const WRITE_ERRORS = {
  400: 'Campos ausentes, horário inválido ou saída antes da entrada',
  401: 'Sem sessão válida',
  403: 'Usuário não é administrador',
  404: 'Sistema ou escala fora do usuário',
} as const;

export const SCHEDULES_API = {
  search: defineRoute({
    method: 'GET',
    path: '/api/escalas',
    query: scheduleSearchQuery,
    answer: schedulePage,
    errors: { 400: 'Filtro inválido', 401: 'Sem sessão válida', 404: 'Sistema fora do usuário' },
    tags: TAGS,
    summary: 'Escalas do sistema por usuário, dia da semana, entrada, saída e intervalo',
    description: `Página de ${PAGE_SIZE.schedule} por padrão (\`offSet\`, \`limit\`).`,
  }),
  total: defineRoute({
    method: 'GET',
    path: '/api/escalas/total',
    query: scheduleSearchQuery.omit({ offSet: true, limit: true }),
    answer: scheduleTotal,
    errors: { 400: 'Filtro inválido', 401: 'Sem sessão válida', 404: 'Sistema fora do usuário' },
    tags: TAGS,
    summary: 'Total de escalas do sistema (com os mesmos filtros da busca)',
  }),
  administrators: defineRoute({
    method: 'GET',
    path: '/api/escalas/administradores',
    query: z.object({ sisid: entityId }),
    answer: z.array(scheduleAdmin),
    errors: { 400: 'sisid inválido', 401: 'Sem sessão válida', 404: 'Sistema fora do usuário' },
    tags: TAGS,
    summary: 'Usuários administradores do sistema, para o formulário de escala',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/escalas',
    body: createSchedulesBody,
    answer: scheduleWriteAnswer,
    status: 201,
    errors: WRITE_ERRORS,
    tags: TAGS,
    summary: 'Cadastra uma lista de escalas (todas ou nenhuma)',
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/api/escalas/{id}',
    params: scheduleIdParams,
    body: scheduleInput,
    answer: scheduleWriteAnswer,
    errors: WRITE_ERRORS,
    tags: TAGS,
    summary: 'Altera uma escala',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/escalas/{id}',
    params: scheduleIdParams,
    answer: scheduleWriteAnswer,
    errors: { 401: 'Sem sessão válida', 403: WRITE_ERRORS[403], 404: WRITE_ERRORS[404] },
    tags: TAGS,
    summary: 'Remove uma escala',
  }),
};
