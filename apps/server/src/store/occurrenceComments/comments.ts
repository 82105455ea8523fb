import type { OccurrenceComment } from '@vigia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The occurrence a comment belongs to, when it is in the caller's systems. */
export interface CommentedOccurrence {
  id: number;
  systemId: number;
  deviceId: number;
}

export async function findOccurrence(
  db: Kysely<Database>,
  id: number,
  allowedSystemIds: readonly number[],
): Promise<CommentedOccurrence | null> {
  if (allowedSystemIds.length === 0) return null;
  const row = await db
    .selectFrom('occurrences')
    .select(['id', 'system_id', 'device_id'])
    .where('id', '=', id)
    .where('system_id', 'in', allowedSystemIds)
    .executeTakeFirst();
  return row ? { id: row.id, systemId: row.system_id, deviceId: row.device_id } : null;
}

function commentQuery(db: Kysely<Database>) {
  return db
    .selectFrom('occurrence_comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.occurrence_id',
      'c.texto',
      'c.created_at',
      'c.user_id',
      'u.login',
      'u.nome',
    ]);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof commentQuery>['executeTakeFirstOrThrow']>>;

function toComment(row: CommentRow, callerId: number): OccurrenceComment {
  return {
    id: row.id,
    idOcorrencia: row.occurrence_id,
    texto: row.texto,
    criadoEm: row.created_at,
    autor: { id: row.user_id, login: row.login, nome: row.nome },
    proprio: row.user_id === callerId,
  };
}

/** The occurrence's comments, oldest first. */
export async function listComments(
  db: Kysely<Database>,
  occurrenceId: number,
  callerId: number,
): Promise<OccurrenceComment[]> {
  const rows = await commentQuery(db)
    .where('c.occurrence_id', '=', occurrenceId)
    .orderBy('c.id')
    .execute();
  return rows.map((row) => toComment(row, callerId));
}

/** Stores a comment and its audit row in one transaction. */
export async function addComment(
  db: Kysely<Database>,
  input: { occurrence: CommentedOccurrence; userId: number; texto: string; now: number },
): Promise<OccurrenceComment> {
  const { occurrence, userId, texto, now } = input;
  const id = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('occurrence_comments')
      .values({ occurrence_id: occurrence.id, user_id: userId, texto, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('audit_log')
      .values({
        ts: now,
        user_id: userId,
        action: 'occurrence.comment',
        entity: 'occurrence',
        entity_id: String(occurrence.id),
        system_id: occurrence.systemId,
        device_id: occurrence.deviceId,
        details: JSON.stringify({
          comment_id: inserted.id,
          system_id: occurrence.systemId,
          device_id: occurrence.deviceId,
        }),
      })
      .execute();
    return inserted.id;
  });
  const row = await commentQuery(db).where('c.id', '=', id).executeTakeFirstOrThrow();
  return toComment(row, userId);
}

export type DeleteOutcome =
  | { kind: 'deleted'; occurrence: CommentedOccurrence }
  | { kind: 'notFound' }
  | { kind: 'notAuthor' };

/**
 * Deletes a comment of the caller: a comment of an occurrence outside the
 * caller's systems is not found; one written by someone else is refused.
 * The deletion is audited with the text it removed.
 */
export async function deleteComment(
  db: Kysely<Database>,
  input: { id: number; userId: number; allowedSystemIds: readonly number[]; now: number },
): Promise<DeleteOutcome> {
  if (input.allowedSystemIds.length === 0) return { kind: 'notFound' };
  return db.transaction().execute(async (trx): Promise<DeleteOutcome> => {
    const row = await trx
      .selectFrom('occurrence_comments as c')
      .innerJoin('occurrences as o', 'o.id', 'c.occurrence_id')
      .select([
        'c.id',
        'c.user_id',
        'c.texto',
        'o.id as occurrence_id',
        'o.system_id',
        'o.device_id',
      ])
      .where('c.id', '=', input.id)
      .where('o.system_id', 'in', input.allowedSystemIds)
      .executeTakeFirst();
    if (!row) return { kind: 'notFound' };
    if (row.user_id !== input.userId) return { kind: 'notAuthor' };
    const deleted = await trx
      .deleteFrom('occurrence_comments')
      .where('id', '=', row.id)
      .where('user_id', '=', input.userId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return { kind: 'notFound' };
    await trx
      .insertInto('audit_log')
      .values({
        ts: input.now,
        user_id: input.userId,
        action: 'occurrence.comment.delete',
        entity: 'occurrence',
        entity_id: String(row.occurrence_id),
        system_id: row.system_id,
        device_id: row.device_id,
        details: JSON.stringify({
          comment_id: row.id,
          system_id: row.system_id,
          device_id: row.device_id,
          texto: row.texto,
        }),
      })
      .execute();
    return {
      kind: 'deleted',
      occurrence: { id: row.occurrence_id, systemId: row.system_id, deviceId: row.device_id },
    };
  });
}
