import type { Kysely, Migration } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * Escalas are read per system (spec 001 §2 schedule searches): every search
 * filters on `system_id`, then by weekday. Escalas written before this
 * version have no system and stay out of every list.
 */
export function schedulesBySystemMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createIndex('schedules_system_day_idx')
        .on('schedules')
        .columns(['system_id', 'dia_semana'])
        .execute();
    },
  };
}
