import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { columnTypes } from './columnTypes.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * Comments on an occurrence (issue 17; store/occurrenceComments): author and
 * time, read per occurrence in the order written. The alarm KPIs
 * (store/alarmKpi) read the period's re-raises of chattering alarms from the
 * audit by action and time.
 */
export function occurrenceCommentsMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      const s = db.schema;
      await s
        .createTable('occurrence_comments')
        .addColumn('id', 'integer', t.id)
        .addColumn('occurrence_id', 'integer', (c) =>
          c.notNull().references('occurrences.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('texto', 'text', (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await s
        .createIndex('occurrence_comments_occurrence_idx')
        .on('occurrence_comments')
        .columns(['occurrence_id', 'id'])
        .execute();
      await s
        .createIndex('audit_log_action_time_idx')
        .on('audit_log')
        .columns(['action', 'ts'])
        .execute();
    },
  };
}
