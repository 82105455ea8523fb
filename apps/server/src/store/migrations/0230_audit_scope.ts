import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * The audit trail on screen (issue 28): each row names its system and device
 * in columns, so an administrator's page of their systems' rows is an index
 * seek (newest first by id) instead of a scan of the JSON details. Rows
 * written before are filled from their device, occurrence or details.
 */
export function auditScopeMigration(dialect: Dialect): Migration {
  const numeric =
    dialect === 'postgres'
      ? sql`entity_id ~ '^[0-9]{1,9}$'`
      : sql`entity_id not glob '*[^0-9]*' and length(entity_id) between 1 and 9`;
  const detail = (key: string) =>
    dialect === 'postgres'
      ? sql`case when (details::jsonb ->> ${key}) ~ '^[0-9]{1,9}$' then (details::jsonb ->> ${key})::integer end`
      : sql`cast(json_extract(details, ${`$.${key}`}) as integer)`;
  const asId = dialect === 'postgres' ? sql`entity_id::integer` : sql`cast(entity_id as integer)`;
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('audit_log').addColumn('system_id', 'integer').execute();
      await db.schema.alterTable('audit_log').addColumn('device_id', 'integer').execute();
      await sql`update audit_log set device_id = ${asId}
        where entity in ('device', 'dispositivo') and ${numeric}`.execute(db);
      await sql`update audit_log set device_id = (select o.device_id from occurrences o where o.id = ${asId})
        where entity = 'occurrence' and ${numeric}`.execute(db);
      await sql`update audit_log set device_id = ${detail('device_id')}
        where device_id is null and details is not null`.execute(db);
      await sql`update audit_log set system_id = (select d.system_id from devices d where d.id = audit_log.device_id)
        where device_id is not null`.execute(db);
      await sql`update audit_log set system_id = ${detail('system_id')}
        where system_id is null and details is not null`.execute(db);
      await db.schema
        .createIndex('audit_log_system_id_idx')
        .on('audit_log')
        .columns(['system_id', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_device_id_idx')
        .on('audit_log')
        .columns(['device_id', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_user_id_idx')
        .on('audit_log')
        .columns(['user_id', 'id'])
        .execute();
    },
  };
}
