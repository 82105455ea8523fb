import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface AttemptWindow {
  /** Epoch seconds the window started. */
  inicio: number;
  /** Attempts counted in it, this one included. */
  tentativas: number;
}

/**
 * Counts one attempt on the fixed window of `chave` in a single statement: a
 * window older than `windowS` starts over at `nowS`. Atomic on both databases,
 * so nodes counting the same key at once never lose an attempt.
 */
export async function countLoginAttempt(
  db: Kysely<Database>,
  chave: string,
  nowS: number,
  windowS: number,
): Promise<AttemptWindow> {
  const expired = nowS - windowS;
  return db
    .insertInto('login_attempts')
    .values({ chave, inicio: nowS, tentativas: 1 })
    .onConflict((oc) =>
      oc.column('chave').doUpdateSet((eb) => ({
        tentativas: eb
          .case()
          .when('login_attempts.inicio', '<=', expired)
          .then(1)
          .else(eb('login_attempts.tentativas', '+', 1))
          .end(),
        inicio: eb
          .case()
          .when('login_attempts.inicio', '<=', expired)
          .then(nowS)
          .else(eb.ref('login_attempts.inicio'))
          .end(),
      })),
    )
    .returning(['inicio', 'tentativas'])
    .executeTakeFirstOrThrow();
}

export async function clearLoginAttempts(db: Kysely<Database>, chave: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('chave', '=', chave).execute();
}

/** Removes the windows that started at or before `beforeS` (they count for nothing). */
export async function purgeLoginAttempts(db: Kysely<Database>, beforeS: number): Promise<number> {
  const result = await db
    .deleteFrom('login_attempts')
    .where('inicio', '<=', beforeS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
