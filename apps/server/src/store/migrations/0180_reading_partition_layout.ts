import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * PostgreSQL only. A partition made with `partition of` takes the parent's
 * column order, `(tag_id int4, ts int8, valor float8, qos int4)`: 4 bytes of
 * padding before `ts` and 4 after `qos`, 60 bytes a row with header and line
 * pointer. From now on each new month is created on its own as
 * `(tag_id, qos, ts, valor)` — no padding, 52 bytes a row — and attached
 * (PostgreSQL maps columns by name when routing rows to it). Months already
 * there keep their layout until retention drops them: nothing is rewritten.
 *
 * `reading_partitions_compacted` records the closed months whose primary-key
 * index was rebuilt (store/partitions.ts `compactClosedReadingPartitions`).
 */
export function readingPartitionLayoutMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`
        create table reading_partitions_compacted (
          name text primary key,
          compacted_at bigint not null
        )`.execute(db);
      await sql`
        create or replace function vigia_ensure_reading_partitions(from_ts bigint, to_ts bigint)
        returns integer language plpgsql as $$
        declare
          month_start timestamptz := date_trunc('month', to_timestamp(from_ts), 'UTC');
          month_end timestamptz;
          part text;
          created integer := 0;
        begin
          perform pg_advisory_xact_lock(hashtext('vigia_reading_partitions'));
          while month_start <= to_timestamp(to_ts) loop
            month_end := month_start + interval '1 month';
            part := 'readings_' || to_char(month_start at time zone 'UTC', 'YYYYMM');
            if to_regclass(part) is null then
              execute format(
                'create table %I (
                   tag_id integer not null,
                   qos integer not null default 0,
                   ts bigint not null,
                   valor double precision not null,
                   primary key (tag_id, ts))',
                part
              );
              execute format(
                'alter table readings attach partition %I for values from (%s) to (%s)',
                part,
                extract(epoch from month_start)::bigint,
                extract(epoch from month_end)::bigint
              );
              created := created + 1;
            end if;
            month_start := month_end;
          end loop;
          return created;
        end
        $$`.execute(db);
    },
  };
}
