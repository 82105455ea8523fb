import { API } from '@vigia/contract/api';
import { MESSAGES, validateComment } from '@vigia/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/scope.js';
import { badRequest, forbidden, HttpError, notFound } from '../plugins/httpError.js';
import {
  addComment,
  type CommentedOccurrence,
  deleteComment,
  findOccurrence,
  listComments,
} from '../store/occurrenceComments/comments.js';
import { fromContract } from './contractRoute.js';
import type { AppServices } from './services.js';

/**
 * Comments on an occurrence (issue 17, texts of spec 001 §8): read and added
 * by anyone who sees the occurrence, deleted only by their author. Each change
 * is audited and published as `occurrence.commented`.
 */
export const occurrenceCommentRoutes: FastifyPluginAsyncZod<AppServices> = async (
  app,
  { store, bus },
) => {
  const db = store.db;
  const now = () => Math.floor(Date.now() / 1000);
  const announce = (occurrence: CommentedOccurrence) =>
    bus.publish({
      type: 'occurrence.commented',
      sisId: occurrence.systemId,
      deviceId: occurrence.deviceId,
      occurrenceId: occurrence.id,
    });

  app.route({
    ...fromContract(app, API.occurrenceComments.list),
    handler: async (request) => {
      const user = currentUser(request);
      const occurrence = await findOccurrence(db, request.params.id, user.systemIds);
      if (!occurrence) throw notFound();
      return listComments(db, occurrence.id, user.id);
    },
  });

  app.route({
    ...fromContract(app, API.occurrenceComments.add),
    handler: async (request, reply) => {
      const user = currentUser(request);
      const occurrence = await findOccurrence(db, request.params.id, user.systemIds);
      if (!occurrence) throw notFound();
      const problem = validateComment(request.body.texto);
      if (problem) throw badRequest(problem);
      const comment = await addComment(db, {
        occurrence,
        userId: user.id,
        texto: request.body.texto.trim(),
        now: now(),
      });
      announce(occurrence);
      return reply.code(201).send(comment);
    },
  });

  app.route({
    ...fromContract(app, API.occurrenceComments.remove),
    handler: async (request) => {
      const user = currentUser(request);
      const outcome = await deleteComment(db, {
        id: request.params.id,
        userId: user.id,
        allowedSystemIds: user.systemIds,
        now: now(),
      });
      if (outcome.kind === 'notFound') {
        throw new HttpError(404, { error: MESSAGES.commentDeleteFailed });
      }
      if (outcome.kind === 'notAuthor') throw forbidden(MESSAGES.commentDeleteFailed);
      announce(outcome.occurrence);
      return { id: request.params.id, mensagem: MESSAGES.commentDeleted };
    },
  });
};
