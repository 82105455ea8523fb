import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { columnTypes } from './columnTypes.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * ISA-18.2 alarm states beyond acknowledgement (apps/server/src/store/alarms/README.md):
 * shelving (until a time, with who and why), out of service (per device, its
 * alarms flagged) and the repeat count of a chattering alarm folded into one
 * occurrence. The partial index keeps the shelved alarms (few) one range away
 * for the shelved list and the expiry job.
 */
export function alarmShelvingMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      const s = db.schema;
      await s.alterTable('occurrences').addColumn('shelved_until', t.time).execute();
      await s.alterTable('occurrences').addColumn('shelved_at', t.time).execute();
      await s.alterTable('occurrences').addColumn('shelved_by', 'integer').execute();
      await s.alterTable('occurrences').addColumn('shelve_reason', 'text').execute();
      await s
        .alterTable('occurrences')
        .addColumn('out_of_service', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await s
        .alterTable('occurrences')
        .addColumn('repeat_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await s
        .createIndex('occurrences_shelved_idx')
        .on('occurrences')
        .columns(['shelved_until', 'id'])
        .where(sql<boolean>`shelved_until is not null`)
        .execute();
      await s
        .createIndex('occurrences_out_of_service_idx')
        .on('occurrences')
        .columns(['device_id', 'id'])
        .where(sql<boolean>`out_of_service = 1`)
        .execute();

      await s.alterTable('devices').addColumn('out_of_service_at', t.time).execute();
      await s.alterTable('devices').addColumn('out_of_service_by', 'integer').execute();
      await s.alterTable('devices').addColumn('out_of_service_reason', 'text').execute();
    },
  };
}
