import type { Kysely } from 'kysely';
import type { Store } from '../database.js';
import type { Database } from '../schema.js';

/** Rows per (system, is_evt, day|hour), kept by triggers (migration 0100). */
export interface OccurrenceDayCountsTable {
  system_id: number;
  is_evt: number;
  /** hora_ativacao / 86400 (UTC day number). */
  dia: number;
  n: number;
}

export interface OccurrenceHourCountsTable {
  system_id: number;
  is_evt: number;
  /** hora_ativacao / 3600. */
  hora: number;
  n: number;
}

/** Every distinct `nome_alarme`, kept by triggers (migration 0100). */
export interface OccurrenceNamesTable {
  nome_alarme: string;
}

export type OccurrenceDatabase = Database & {
  occurrence_day_counts: OccurrenceDayCountsTable;
  occurrence_hour_counts: OccurrenceHourCountsTable;
  occurrence_names: OccurrenceNamesTable;
};

/** The store's Kysely with the occurrence paging tables of migration 0100. */
export function occurrenceDb(store: Store): Kysely<OccurrenceDatabase> {
  return store.db.withTables<{
    occurrence_day_counts: OccurrenceDayCountsTable;
    occurrence_hour_counts: OccurrenceHourCountsTable;
    occurrence_names: OccurrenceNamesTable;
  }>();
}
