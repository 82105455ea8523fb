import { MAX_COMMENT_LENGTH } from '@vigia/domain';
import { z } from 'zod';
import { queryId } from './ids.js';
import { defineRoute } from './route.js';

/**
 * Comments on an occurrence (issue 17): anyone who sees the occurrence reads
 * and adds them; only the author deletes one (spec 001 §8: 'Deseja realmente
 * apagar esse comentário?', 'Comentario apagado com sucesso!', 'Comentario não
 * pode ser apagado'). Paths are Vigia's; the spec names the texts only.
 */

export const occurrenceCommentParams = z.object({ id: queryId });
export const commentIdParams = z.object({ id: queryId });

export const occurrenceComment = z.object({
  id: z.number().int(),
  idOcorrencia: z.number().int(),
  texto: z.string(),
  /** Epoch seconds. */
  criadoEm: z.number().int(),
  autor: z.object({ id: z.number().int(), login: z.string(), nome: z.string() }),
  /** The caller wrote it, so may delete it. */
  proprio: z.boolean(),
});
export type OccurrenceComment = z.infer<typeof occurrenceComment>;

/** The text is trimmed; blank or longer than MAX_COMMENT_LENGTH answers 400 (`validateComment`). */
export const addCommentBody = z.object({
  texto: z.string().max(MAX_COMMENT_LENGTH * 4),
});
export type AddCommentBody = z.infer<typeof addCommentBody>;

export const deleteCommentAnswer = z.object({ id: z.number().int(), mensagem: z.string() });

const TAGS = ['ocorrências'];

export const OCCURRENCE_COMMENTS_API = {
  list: defineRoute({
    method: 'GET',
    path: '/api/ocorrencias/{id}/comentarios',
    params: occurrenceCommentParams,
    answer: z.array(occurrenceComment),
    errors: { 400: 'id inválido', 401: 'Sem sessão válida', 404: 'Ocorrência fora do usuário' },
    tags: TAGS,
    summary: 'Comentários de uma ocorrência, do mais antigo ao mais recente',
  }),
  add: defineRoute({
    method: 'POST',
    path: '/api/ocorrencias/{id}/comentarios',
    params: occurrenceCommentParams,
    body: addCommentBody,
    answer: occurrenceComment,
    status: 201,
    errors: {
      400: `Comentário vazio ou com mais de ${MAX_COMMENT_LENGTH} caracteres`,
      401: 'Sem sessão válida',
      404: 'Ocorrência fora do usuário',
    },
    tags: TAGS,
    summary: 'Comenta uma ocorrência (autor e hora registrados, auditado)',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/ocorrencias/comentarios/{id}',
    params: commentIdParams,
    answer: deleteCommentAnswer,
    errors: {
      400: 'id inválido',
      401: 'Sem sessão válida',
      403: 'Comentário de outro usuário',
      404: 'Comentário inexistente ou fora do usuário',
    },
    tags: TAGS,
    summary: 'Apaga um comentário do próprio usuário',
    description:
      "Sucesso: `mensagem` 'Comentario apagado com sucesso!'; recusa: 'Comentario não pode ser apagado'.",
  }),
};
