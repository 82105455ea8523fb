import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Those of `ids` that are occurrences of `systemIds` (the others do not exist for the caller). */
export async function occurrenceIdsIn(
  db: Kysely<Database>,
  ids: readonly number[],
  systemIds: readonly number[],
): Promise<number[]> {
  if (ids.length === 0 || systemIds.length === 0) return [];
  const rows = await db
    .selectFrom('occurrences')
    .select('id')
    .where('id', 'in', ids)
    .where('system_id', 'in', systemIds)
    .execute();
  return rows.map((row) => row.id);
}
