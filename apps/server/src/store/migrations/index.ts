import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../dialect.js';
import { initialMigration } from './0001_initial.js';
import { occurrencePagingMigration } from './0100_occurrence_paging.js';
import { occurrenceKeyCountsMigration } from './0101_occurrence_key_counts.js';
import { occurrenceBlockCountsMigration } from './0102_occurrence_block_counts.js';
import { occurrenceCountCoveringMigration } from './0103_occurrence_count_covering.js';
import { occurrenceNameWeekCountsMigration } from './0104_occurrence_name_week_counts.js';
import { schedulesBySystemMigration } from './0110_schedules_by_system.js';
import { commandDeliveryMigration } from './0120_command_delivery.js';
import { readingRollupsMigration } from './0130_reading_rollups.js';
import { loginAttemptsMigration } from './0140_login_attempts.js';
import { alarmShelvingMigration } from './0150_alarm_shelving.js';
import { occurrenceCommentsMigration } from './0160_occurrence_comments.js';
import { contractScopeMigration } from './0165_contract_scope.js';
import { occurrenceAnnunciatedIndexMigration } from './0170_occurrence_annunciated_idx.js';
import { readingPartitionLayoutMigration } from './0180_reading_partition_layout.js';
import { currentValuesFillfactorMigration } from './0190_current_values_fillfactor.js';
import { administrationMigration } from './0210_administration.js';
import { ingestRefusalsMigration } from './0220_ingest_refusals.js';
import { auditScopeMigration } from './0230_audit_scope.js';
import { notificationsMigration } from './0240_notifications.js';
import { alarmRuleOverridesMigration } from './0250_alarm_rule_overrides.js';
import { occurrenceRaisedAtMigration } from './0260_occurrence_raised_at.js';
import { auditTrailByTimeMigration } from './0270_audit_trail_by_time.js';
import { readingPacksMigration } from './0280_reading_packs.js';
import { devicesBySystemAndTypeMigration } from './0290_devices_by_system_and_type.js';
import { devicesFillfactorMigration } from './0300_devices_fillfactor.js';

/**
 * Migrations are code, not files read at runtime, so the built `dist/` runs
 * them too. Append new ones with the next number; never edit an applied one.
 */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001_initial': initialMigration(dialect),
        '0100_occurrence_paging': occurrencePagingMigration(dialect),
        '0101_occurrence_key_counts': occurrenceKeyCountsMigration(dialect),
        '0102_occurrence_block_counts': occurrenceBlockCountsMigration(dialect),
        '0103_occurrence_count_covering': occurrenceCountCoveringMigration(dialect),
        '0104_occurrence_name_week_counts': occurrenceNameWeekCountsMigration(dialect),
        '0110_schedules_by_system': schedulesBySystemMigration(),
        '0120_command_delivery': commandDeliveryMigration(dialect),
        '0130_reading_rollups': readingRollupsMigration(dialect),
        '0160_occurrence_comments': occurrenceCommentsMigration(dialect),
        '0165_contract_scope': contractScopeMigration(dialect),
        '0140_login_attempts': loginAttemptsMigration(dialect),
        '0150_alarm_shelving': alarmShelvingMigration(dialect),
        '0170_occurrence_annunciated_idx': occurrenceAnnunciatedIndexMigration(),
        '0180_reading_partition_layout': readingPartitionLayoutMigration(dialect),
        '0190_current_values_fillfactor': currentValuesFillfactorMigration(dialect),
        '0210_administration': administrationMigration(dialect),
        '0220_ingest_refusals': ingestRefusalsMigration(dialect),
        '0230_audit_scope': auditScopeMigration(dialect),
        '0240_notifications': notificationsMigration(dialect),
        '0250_alarm_rule_overrides': alarmRuleOverridesMigration(dialect),
        '0260_occurrence_raised_at': occurrenceRaisedAtMigration(dialect),
        '0270_audit_trail_by_time': auditTrailByTimeMigration(),
        '0280_reading_packs': readingPacksMigration(dialect),
        '0290_devices_by_system_and_type': devicesBySystemAndTypeMigration(),
        '0300_devices_fillfactor': devicesFillfactorMigration(dialect),
      };
    },
  };
}
