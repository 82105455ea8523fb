import { MAX_PAGE_SIZE, MAX_SHELVE_REASON_LENGTH } from '@vigia/domain';
import { z } from 'zod';
import { bodyId, queryId, querySisId } from './ids.js';
import { ackUser, occurrenceRow } from './occurrences.js';
import { defineRoute } from './route.js';

/**
 * ISA-18.2 alarm states beyond acknowledgement: shelving (an alarm out of the
 * active lists and counters for a while, with a reason) and out of service (a
 * device's alarms suppressed until it is put back). Both need the command
 * right (direitos 1). Server: apps/server/src/store/alarms/README.md.
 */

const reason = z.string().trim().min(1, 'Informe o motivo.').max(MAX_SHELVE_REASON_LENGTH);

export const shelveBody = z.object({
  ids: z.array(bodyId).min(1).max(MAX_PAGE_SIZE),
  motivo: reason,
  /** Seconds; inside the server's limits (`/api/ocorrencias/prateleira/limites`). */
  duracaoSegundos: z
    .number()
    .int()
    .positive()
    .max(366 * 24 * 3600),
});
export type ShelveBody = z.infer<typeof shelveBody>;

export const shelveAnswer = z.object({
  /** Shelved by this call. */
  suprimidas: z.array(z.number().int()),
  /** The caller's but left as they were: events, already shelved, or cleared and acknowledged. */
  inalteradas: z.array(z.number().int()),
  naoEncontradas: z.array(z.number().int()),
  /** Epoch seconds the shelf ends. */
  ate: z.number().int(),
});
export type ShelveAnswer = z.infer<typeof shelveAnswer>;

export const unshelveBody = z.object({ ids: z.array(bodyId).min(1).max(MAX_PAGE_SIZE) });
export type UnshelveBody = z.infer<typeof unshelveBody>;

export const unshelveAnswer = z.object({
  /** Back in the active lists (with the other shelved occurrences of the same alarms). */
  retornadas: z.array(z.number().int()),
  /** The caller's but not shelved. */
  inalteradas: z.array(z.number().int()),
  naoEncontradas: z.array(z.number().int()),
});
export type UnshelveAnswer = z.infer<typeof unshelveAnswer>;

export const shelveLimits = z.object({
  minSegundos: z.number().int(),
  maxSegundos: z.number().int(),
});
export type ShelveLimits = z.infer<typeof shelveLimits>;

export const shelvedListQuery = z.object({
  offSet: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).optional(),
  /** A system; 0 or absent: all the caller's systems. */
  sisid: querySisId.optional(),
  /** A device (site). */
  disp_id: queryId.optional(),
  /** A plant (usina). */
  local_id: queryId.optional(),
  scdId: queryId.optional(),
  venueId: queryId.optional(),
});
export type ShelvedListQuery = z.input<typeof shelvedListQuery>;

export const shelvedRow = occurrenceRow.extend({
  prateleira: z.object({
    /** Epoch seconds the shelf ends. */
    ate: z.number().int(),
    desde: z.number().int(),
    motivo: z.string(),
    usuario: ackUser.nullable(),
  }),
});
export type ShelvedRow = z.infer<typeof shelvedRow>;

export const deviceServiceParams = z.object({ id: queryId });

export const deviceService = z.object({
  idDispositivo: z.number().int(),
  foraDeServico: z.boolean(),
  /** Epoch seconds; null in service. */
  desde: z.number().int().nullable(),
  motivo: z.string().nullable(),
  usuario: ackUser.nullable(),
});
export type DeviceService = z.infer<typeof deviceService>;

export const deviceServiceBody = z.discriminatedUnion('foraDeServico', [
  z.object({ foraDeServico: z.literal(true), motivo: reason }),
  z.object({ foraDeServico: z.literal(false) }),
]);
export type DeviceServiceBody = z.infer<typeof deviceServiceBody>;

const TAGS = ['ocorrências'];
const RIGHT = 'Sem o direito de comando (1)';

export const ALARM_STATES_API = {
  shelve: defineRoute({
    method: 'POST',
    path: '/api/ocorrencias/prateleira',
    body: shelveBody,
    answer: shelveAnswer,
    errors: {
      400: 'Ids, motivo ou duração inválidos (duração fora dos limites)',
      401: 'Sem sessão válida',
      403: RIGHT,
      404: 'Nenhum id nos sistemas do usuário',
    },
    tags: TAGS,
    summary: 'Suprime alarmes (ISA-18.2: shelving) com motivo e duração',
    description:
      'Alarmes ativos, ou desativados sem reconhecimento, saem das listas de ativos e dos ' +
      'contadores até `ate` (agora + `duracaoSegundos`, dentro dos limites configurados) ou ' +
      'até serem retornados. Um novo disparo do mesmo alarme (dispositivo e regra) durante a ' +
      'supressão nasce suprimido. Auditado; publica `occurrence.shelved`.',
  }),
  unshelve: defineRoute({
    method: 'POST',
    path: '/api/ocorrencias/prateleira/retorna',
    body: unshelveBody,
    answer: unshelveAnswer,
    errors: {
      400: 'Lista de ids vazia ou inválida',
      401: 'Sem sessão válida',
      403: RIGHT,
      404: 'Nenhum id nos sistemas do usuário',
    },
    tags: TAGS,
    summary: 'Retorna alarmes suprimidos às listas de ativos antes do fim',
    description:
      'Retornam também as outras ocorrências suprimidas do mesmo alarme. Auditado; publica ' +
      '`occurrence.unshelved`.',
  }),
  shelved: defineRoute({
    method: 'GET',
    path: '/api/ocorrencias/prateleira',
    query: shelvedListQuery,
    answer: z.array(shelvedRow),
    errors: {
      400: 'Parâmetros inválidos',
      401: 'Sem sessão válida',
      404: 'Escopo fora dos sistemas do usuário',
    },
    tags: TAGS,
    summary: 'Alarmes suprimidos no escopo (o que termina antes primeiro)',
    description: 'Cada linha traz `prateleira`: fim, início, motivo e quem suprimiu.',
  }),
  shelveLimits: defineRoute({
    method: 'GET',
    path: '/api/ocorrencias/prateleira/limites',
    answer: shelveLimits,
    errors: { 401: 'Sem sessão válida' },
    tags: TAGS,
    summary: 'Durações de supressão permitidas (segundos)',
  }),
  deviceService: defineRoute({
    method: 'GET',
    path: '/api/dispositivos/{id}/servico',
    params: deviceServiceParams,
    answer: deviceService,
    errors: { 401: 'Sem sessão válida', 404: 'Dispositivo fora dos sistemas do usuário' },
    tags: TAGS,
    summary: 'Se o dispositivo está fora de serviço, desde quando, por quem e por quê',
  }),
  setDeviceService: defineRoute({
    method: 'PUT',
    path: '/api/dispositivos/{id}/servico',
    params: deviceServiceParams,
    body: deviceServiceBody,
    answer: deviceService,
    errors: {
      400: 'Motivo ausente',
      401: 'Sem sessão válida',
      403: RIGHT,
      404: 'Dispositivo fora dos sistemas do usuário',
    },
    tags: TAGS,
    summary: 'Coloca o dispositivo fora de serviço (com motivo) ou o retorna ao serviço',
    description:
      'Fora de serviço, os alarmes abertos do dispositivo e os que ele disparar saem das ' +
      'listas de ativos e dos contadores até o retorno. Auditado; publica `device.service`.',
  }),
};
