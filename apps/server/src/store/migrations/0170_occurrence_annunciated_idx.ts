import { type Kysely, type Migration, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/** The attention lists' and active counter's condition (occurrences/filter.ts), word for word. */
const ANNUNCIATED = sql<boolean>`is_evt = 0 and (hora_desativacao is null or hora_ack is null)
  and shelved_until is null and out_of_service = 0`;

/**
 * SQLite reads a partial index alone only when it holds every column the query
 * names, those of its own condition too; a device list also names its systems.
 */
const CONDITION_COLUMNS = [
  'is_evt',
  'hora_desativacao',
  'hora_ack',
  'shelved_until',
  'out_of_service',
];

/**
 * Since shelving (0150) the attention lists and the active counter also leave
 * out shelved alarms and those of devices out of service; the pending indexes
 * of 0100 do not cover that condition, so counting a list or reading it from
 * the far end visited the table for every row. These partial indexes repeat
 * the whole condition and hold its columns, so the lists, their counts and the
 * active counter are index-only (the rows are few: alarms needing attention). The 0100 indexes stay: the engine
 * and out-of-service look for pending alarms whatever their shelving.
 */
export function occurrenceAnnunciatedIndexMigration(): Migration {
  return {
    async up(db: AnyDb) {
      for (const [name, key, other] of [
        ['occurrences_annunciated_idx', 'system_id', 'device_id'],
        ['occurrences_device_annunciated_idx', 'device_id', 'system_id'],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on('occurrences')
          .columns([key, 'hora_ativacao', 'id', other, ...CONDITION_COLUMNS])
          .where(ANNUNCIATED)
          .execute();
      }
    },
  };
}
