import { z } from 'zod';
import { bodyId, queryId } from './ids.js';
import { defineRoute } from './route.js';

/**
 * Alarm notifications (issue 29): each user's preferences (channels, systems,
 * least criticality, device types, quiet hours, flood limit), each system's
 * escalation (its administrators only; another system's id answers 404), and
 * the delivery log. The rules behind the checks are the domain's
 * (`notifications.ts`): an invalid e-mail or URL, or a number out of range,
 * answers 400 with its pt-BR text.
 */

const quietHours = z.object({ inicio: z.string().max(8), fim: z.string().max(8) });

export const notificationPreferences = z.object({
  navegador: z.boolean(),
  email: z.boolean(),
  webhook: z.boolean(),
  enderecoEmail: z.string().trim().max(200).nullable(),
  webhookUrl: z.string().trim().max(500).nullable(),
  /** Null: every system the user holds. */
  sistemas: z.array(bodyId).max(200).nullable(),
  criticoMinimo: z.number().int(),
  /** Null: every device type. */
  tiposDispositivo: z.array(z.string().trim().min(1).max(50)).max(200).nullable(),
  silencio: quietHours.nullable(),
  somenteEmPlantao: z.boolean(),
  maxPorJanela: z.number().int(),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferences>;

export const notificationPreferencesAnswer = notificationPreferences.extend({
  /** Key of the `X-Vigia-Assinatura` HMAC-SHA256 of this user's webhooks; null until saved once. */
  webhookSegredo: z.string().nullable(),
});
export type NotificationPreferencesAnswer = z.infer<typeof notificationPreferencesAnswer>;

export const escalationSettings = z.object({
  ativo: z.boolean(),
  criticoMinimo: z.number().int(),
  minutosPlantao: z.number().int(),
  minutosAdministradores: z.number().int(),
});
export type EscalationSettingsBody = z.infer<typeof escalationSettings>;

export const escalationParams = z.object({ sisId: queryId });

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'held', 'summarized'] as const;

export const deliveriesQuery = z.object({
  sisid: queryId.optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  /** The next page: rows with an id below this. */
  antesDe: queryId.optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type DeliveriesQuery = z.input<typeof deliveriesQuery>;

export const delivery = z.object({
  id: z.number().int(),
  criadaEm: z.number().int(),
  sisId: z.number().int(),
  ocorrenciaId: z.number().int().nullable(),
  usuarioId: z.number().int(),
  usuarioNome: z.string(),
  tipo: z.enum(['alarme', 'escalonamento', 'resumo']),
  canal: z.enum(['email', 'webhook']),
  destinatario: z.string(),
  assunto: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  tentativas: z.number().int(),
  ultimoErro: z.string().nullable(),
  enviadaEm: z.number().int().nullable(),
});
export type Delivery = z.infer<typeof delivery>;

export const deliveriesAnswer = z.object({
  entregas: z.array(delivery),
  /** `antesDe` of the next page; null on the last. */
  proximo: z.number().int().nullable(),
});
export type DeliveriesAnswer = z.infer<typeof deliveriesAnswer>;

const TAGS = ['notificações'];

export const NOTIFICATIONS_API = {
  preferences: defineRoute({
    method: 'GET',
    path: '/api/notificacoes/preferencias',
    answer: notificationPreferencesAnswer,
    errors: { 401: 'Sem sessão válida' },
    tags: TAGS,
    summary: 'Preferências de notificação do usuário',
    description: 'Sem preferências salvas: só a notificação do navegador, alarmes críticos.',
  }),
  savePreferences: defineRoute({
    method: 'PUT',
    path: '/api/notificacoes/preferencias',
    body: notificationPreferences,
    answer: notificationPreferencesAnswer,
    errors: {
      400: 'E-mail ou URL inválidos, webhook para endereço privado, número fora dos limites',
      401: 'Sem sessão válida',
      404: 'Sistema fora do usuário',
    },
    tags: TAGS,
    summary: 'Salva as preferências de notificação do usuário',
  }),
  escalation: defineRoute({
    method: 'GET',
    path: '/api/notificacoes/escalonamento/{sisId}',
    params: escalationParams,
    answer: escalationSettings,
    errors: {
      401: 'Sem sessão válida',
      403: 'Usuário não é administrador do sistema',
      404: 'Sistema fora do usuário',
    },
    tags: TAGS,
    summary: 'Escalonamento de alarmes não reconhecidos do sistema',
  }),
  saveEscalation: defineRoute({
    method: 'PUT',
    path: '/api/notificacoes/escalonamento/{sisId}',
    params: escalationParams,
    body: escalationSettings,
    answer: escalationSettings,
    errors: {
      400: 'Prazos ou criticidade fora dos limites',
      401: 'Sem sessão válida',
      403: 'Usuário não é administrador do sistema',
      404: 'Sistema fora do usuário',
    },
    tags: TAGS,
    summary: 'Salva o escalonamento do sistema (auditado)',
    description:
      'Um alarme da criticidade escolhida não reconhecido após `minutosPlantao` notifica os usuários de plantão agora (escalas); após mais `minutosAdministradores`, os administradores do sistema.',
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/api/notificacoes/entregas',
    query: deliveriesQuery,
    answer: deliveriesAnswer,
    errors: { 400: 'Filtro inválido', 401: 'Sem sessão válida', 404: 'Sistema fora do usuário' },
    tags: TAGS,
    summary: 'Entregas de notificações: as do usuário; administradores, as dos seus sistemas',
    description: 'Mais novas primeiro, 50 por página (`antesDe`, `limit`).',
  }),
};
