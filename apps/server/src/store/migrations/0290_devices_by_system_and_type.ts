import type { Kysely, Migration } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * Which devices a list selects (a system, often of some types) is read from
 * one index, `(system_id, tipo)`: on SQLite the ids come from the index alone,
 * with no row of `devices` read (`selectDeviceStatics`). At 20,000 devices a
 * system of 4,000 took 9–10 ms by `system_id` and its rows, at every reload of
 * a list. The index leads with `system_id`, so it serves what the old one did.
 */
export function devicesBySystemAndTypeMigration(): Migration {
  return {
    async up(db: AnyDb) {
      const s = db.schema;
      await s
        .createIndex('devices_system_tipo_idx')
        .on('devices')
        .columns(['system_id', 'tipo'])
        .execute();
      await s.dropIndex('devices_system_id_idx').execute();
    },
  };
}
