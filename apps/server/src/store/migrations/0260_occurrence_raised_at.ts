import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { columnTypes } from './columnTypes.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * When the server raised an occurrence (its wall clock), beside the reading's
 * time (hora_ativacao): escalation delays run from it, so a late reading or a
 * device with a slow clock does not escalate at once (issue 29). Rows from
 * before this migration have none; escalation takes hora_ativacao for them.
 */
export function occurrenceRaisedAtMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('occurrences').addColumn('raised_at', t.time).execute();
    },
  };
}
