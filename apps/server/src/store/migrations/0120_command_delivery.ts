import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { columnTypes } from './columnTypes.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * Remote commands end to end (apps/server/src/commands/README.md): a command's
 * idempotency key, time to live and end; the password confirmations of a
 * session; the audit read by device.
 */
export function commandDeliveryMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      const s = db.schema;
      await s.alterTable('commands').addColumn('idempotency_key', 'text').execute();
      await s.alterTable('commands').addColumn('expires_at', t.time).execute();
      await s.alterTable('commands').addColumn('ended_at', t.time).execute();
      // Null keys never collide (both dialects treat nulls as distinct).
      await s
        .createIndex('commands_idempotency_idx')
        .on('commands')
        .columns(['user_id', 'idempotency_key'])
        .unique()
        .execute();
      await s
        .createIndex('commands_open_idx')
        .on('commands')
        .columns(['status_web_id', 'expires_at'])
        .execute();

      await s
        .createTable('command_confirmations')
        .addColumn('id', 'integer', t.id)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', t.time, (c) => c.notNull())
        .addUniqueConstraint('command_confirmations_session_uq', ['user_id', 'session_id'])
        .execute();

      await s
        .createIndex('audit_log_entity_idx')
        .on('audit_log')
        .columns(['entity', 'entity_id', 'id'])
        .execute();
    },
  };
}
