import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { columnTypes } from './columnTypes.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * Alarm notifications (issue 29): each user's preferences, each system's
 * escalation, the durable outbox the delivery worker claims from (a lease per
 * row, so on several nodes each message is sent by one), every attempt, and
 * the escalation steps taken (one row per occurrence and step: the node that
 * writes it takes the step).
 */
export function notificationsMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      const s = db.schema;
      await s
        .createTable('notification_preferences')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('prefs', 'text', (c) => c.notNull())
        .addColumn('webhook_secret', 'text', (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();

      await s
        .createTable('escalation_settings')
        .addColumn('system_id', 'integer', (c) =>
          c.primaryKey().references('systems.id').onDelete('cascade'),
        )
        .addColumn('ativo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('critico_minimo', 'integer', (c) => c.notNull())
        .addColumn('minutos_plantao', 'integer', (c) => c.notNull())
        .addColumn('minutos_administradores', 'integer', (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .addColumn('updated_by', 'integer')
        .execute();

      await s
        .createTable('notification_outbox')
        .addColumn('id', 'integer', t.id)
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('system_id', 'integer', (c) => c.notNull())
        .addColumn('occurrence_id', 'integer')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        // 'alarme', 'escalonamento' or 'resumo'.
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        // 'pending', 'sent', 'failed'; 'held' in a flood, 'summarized' once in a summary.
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', t.time, (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_until', t.time)
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('sent_at', t.time)
        .execute();
      await s
        .createIndex('notification_outbox_due_idx')
        .on('notification_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await s
        .createIndex('notification_outbox_user_idx')
        .on('notification_outbox')
        .columns(['user_id', 'channel', 'created_at'])
        .execute();
      await s
        .createIndex('notification_outbox_system_idx')
        .on('notification_outbox')
        .columns(['system_id', 'id'])
        .execute();

      await s
        .createTable('notification_attempts')
        .addColumn('id', 'integer', t.id)
        .addColumn('outbox_id', 'integer', (c) =>
          c.notNull().references('notification_outbox.id').onDelete('cascade'),
        )
        .addColumn('ts', t.time, (c) => c.notNull())
        .addColumn('node', 'text', (c) => c.notNull())
        .addColumn('ok', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .execute();
      await s
        .createIndex('notification_attempts_outbox_idx')
        .on('notification_attempts')
        .columns(['outbox_id', 'id'])
        .execute();

      await s
        .createTable('escalation_steps')
        .addColumn('occurrence_id', 'integer', (c) => c.notNull())
        .addColumn('step', 'integer', (c) => c.notNull())
        .addColumn('system_id', 'integer', (c) => c.notNull())
        .addColumn('at', t.time, (c) => c.notNull())
        .addColumn('notified', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('escalation_steps_pk', ['occurrence_id', 'step'])
        .execute();
    },
  };
}
