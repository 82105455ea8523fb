import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { columnTypes } from './columnTypes.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * Alarm rules edited by administrators (issue 28): an on-delay on every rule
 * (`delay_s`, seconds its condition must hold before the alarm opens) and a
 * device's overrides of its model's rules. A null field of an override is the
 * model's value; deleting the device or the rule deletes its overrides.
 */
export function alarmRuleOverridesMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('alarm_rules')
        .addColumn('delay_s', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('device_alarm_rules')
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('rule_id', 'integer', (c) =>
          c.notNull().references('alarm_rules.id').onDelete('cascade'),
        )
        .addColumn('limit_value', t.real)
        .addColumn('delay_s', 'integer')
        .addColumn('critico', 'integer')
        .addColumn('nome_alarme', 'text')
        .addPrimaryKeyConstraint('device_alarm_rules_pk', ['device_id', 'rule_id'])
        .execute();
      await db.schema
        .createIndex('device_alarm_rules_rule_idx')
        .on('device_alarm_rules')
        .column('rule_id')
        .execute();
    },
  };
}
