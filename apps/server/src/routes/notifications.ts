import { API } from '@vigia/contract/api';
import {
  NOTIFICATION_MESSAGES,
  validateEscalation,
  validateNotificationPreferences,
} from '@vigia/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/scope.js';
import { webhookUrlProblem } from '../notifications/webhookAddress.js';
import { badRequest, forbidden, notFound } from '../plugins/httpError.js';
import type { SystemScope } from '../store/admin/audit.js';
import { findSystem } from '../store/admin/systems.js';
import { parseJson } from '../store/json.js';
import { listDeliveries, type OutboxPayload } from '../store/notifications/outbox.js';
import {
  readEscalation,
  readPreferences,
  saveEscalation,
  savePreferences,
} from '../store/notifications/preferences.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

const PAGE = 50;

/** The systems whose escalation the caller sets: every one (platform) or those they hold; 403 for others. */
function escalationScope(request: FastifyRequest): SystemScope {
  const user = currentUser(request);
  if (user.platformAdmin) return 'all';
  if (user.administrator) return user.systemIds;
  throw forbidden(NOTIFICATION_MESSAGES.escalationAdminOnly);
}

/**
 * Notifications (issue 29; notifications/README.md): a user's own preferences,
 * a system's escalation (its administrators; another system 404, audited),
 * the delivery log (one's own; an administrator's, their systems').
 */
export const notificationRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, config },
) => {
  const db = store.db;
  const now = () => Math.floor(Date.now() / 1000);

  const answerOf = ({ prefs, webhookSecret }: Awaited<ReturnType<typeof readPreferences>>) => ({
    ...prefs,
    webhookSegredo: webhookSecret,
  });

  app.route({
    ...fromContract(app, API.notifications.preferences),
    handler: async (request) => answerOf(await readPreferences(db, currentUser(request).id)),
  });

  app.route({
    ...fromContract(app, API.notifications.savePreferences),
    handler: async (request) => {
      const user = currentUser(request);
      const body = request.body;
      const prefs = {
        ...body,
        enderecoEmail: body.enderecoEmail || null,
        webhookUrl: body.webhookUrl || null,
      };
      const problem = validateNotificationPreferences(prefs);
      if (problem) throw badRequest(problem);
      if (prefs.sistemas?.some((id) => !user.systemIds.includes(id))) throw notFound();
      if (prefs.webhookUrl !== null) {
        const refused = await webhookUrlProblem(
          prefs.webhookUrl,
          config.notifications.webhookPrivate,
        );
        if (refused) throw badRequest(refused);
      }
      return answerOf(await savePreferences(db, user.id, prefs, now()));
    },
  });

  app.route({
    ...fromContract(app, API.notifications.escalation),
    handler: async (request) => {
      const { sisId } = request.params;
      if (!(await findSystem(db, escalationScope(request), sisId))) throw notFound();
      return readEscalation(db, sisId);
    },
  });

  app.route({
    ...fromContract(app, API.notifications.saveEscalation),
    handler: async (request) => {
      const { sisId } = request.params;
      if (!(await findSystem(db, escalationScope(request), sisId))) throw notFound();
      const problem = validateEscalation(request.body);
      if (problem) throw badRequest(problem);
      await saveEscalation(db, sisId, request.body, {
        userId: currentUser(request).id,
        now: now(),
      });
      return readEscalation(db, sisId);
    },
  });

  app.route({
    ...fromContract(app, API.notifications.deliveries),
    handler: async (request) => {
      const user = currentUser(request);
      const { sisid, status, antesDe } = request.query;
      if (sisid !== undefined && !user.systemIds.includes(sisid)) throw notFound();
      const limit = request.query.limit ?? PAGE;
      const rows = await listDeliveries(db, {
        userId: user.id,
        adminSystemIds: user.administrator || user.platformAdmin ? user.systemIds : [],
        sisId: sisid,
        status,
        before: antesDe,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      return {
        entregas: page.map((r) => ({
          id: r.id,
          criadaEm: r.created_at,
          sisId: r.system_id,
          ocorrenciaId: r.occurrence_id,
          usuarioId: r.user_id,
          usuarioNome: r.usuario_nome,
          tipo: r.kind,
          canal: r.channel,
          destinatario: r.recipient,
          assunto: parseJson<Partial<OutboxPayload>>(r.payload, {}).assunto ?? '',
          status: r.status,
          tentativas: r.attempts,
          ultimoErro: r.last_error,
          enviadaEm: r.sent_at,
        })),
        proximo: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
      };
    },
  });
};
