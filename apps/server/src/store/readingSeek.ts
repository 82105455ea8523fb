import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Each tag that has history with its oldest reading, in tag order: one seek
 * on the primary key (tag_id, ts) per tag, where `min(ts)` over the table
 * would read every row.
 */
export async function* oldestReadingOfEachTag(
  db: Kysely<Database>,
): AsyncGenerator<{ tag_id: number; ts: number }> {
  // Below every id of the 32-bit column (PostgreSQL refuses a wider literal).
  let after = -2_147_483_648;
  for (;;) {
    const next = await db
      .selectFrom('readings')
      .select(['tag_id', 'ts'])
      .where('tag_id', '>', after)
      .orderBy('tag_id')
      .orderBy('ts')
      .limit(1)
      .executeTakeFirst();
    if (!next) return;
    after = next.tag_id;
    yield { tag_id: next.tag_id, ts: Number(next.ts) };
  }
}

/** Lets the event loop serve requests between the steps of a long job (SQLite runs in this thread). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
