import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * Occurrence paging by device and by text (apps/server/src/occurrences/README.md):
 *
 * - an index by alarm name in time order, so a text filter reads one ordered,
 *   index-only range per matching name instead of every row of the scope;
 * - per-day row counts by (device, is_evt) and by (alarm name, system, is_evt),
 *   kept by triggers, so deep offsets of device, place and text lists jump to
 *   the right day like system-wide lists do (migration 0100).
 */
export function occurrenceKeyCountsMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      const s = db.schema;
      await s
        .createIndex('occurrences_name_time_idx')
        .on('occurrences')
        .columns(['nome_alarme', 'hora_ativacao', 'id', 'system_id', 'is_evt'])
        .execute();
      await s
        .createTable('occurrence_device_day_counts')
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('is_evt', 'integer', (c) => c.notNull())
        .addColumn('dia', 'integer', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('occurrence_device_day_counts_pk', ['device_id', 'is_evt', 'dia'])
        .execute();
      await s
        .createTable('occurrence_name_day_counts')
        .addColumn('nome_alarme', 'text', (c) => c.notNull())
        .addColumn('system_id', 'integer', (c) => c.notNull())
        .addColumn('is_evt', 'integer', (c) => c.notNull())
        .addColumn('dia', 'integer', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('occurrence_name_day_counts_pk', [
          'nome_alarme',
          'system_id',
          'is_evt',
          'dia',
        ])
        .execute();

      if (dialect === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);

      await sql`insert into occurrence_device_day_counts (device_id, is_evt, dia, n)
        select device_id, is_evt, hora_ativacao / 86400, count(*) from occurrences
        group by device_id, is_evt, hora_ativacao / 86400`.execute(db);
      await sql`insert into occurrence_name_day_counts (nome_alarme, system_id, is_evt, dia, n)
        select nome_alarme, system_id, is_evt, hora_ativacao / 86400, count(*) from occurrences
        group by nome_alarme, system_id, is_evt, hora_ativacao / 86400`.execute(db);
    },
  };
}

async function sqliteTriggers(db: AnyDb): Promise<void> {
  const bump = (row: 'new' | 'old', delta: 1 | -1) =>
    delta === 1
      ? `insert into occurrence_device_day_counts (device_id, is_evt, dia, n)
           values (${row}.device_id, ${row}.is_evt, ${row}.hora_ativacao / 86400, 1)
           on conflict (device_id, is_evt, dia) do update set n = n + 1;
         insert into occurrence_name_day_counts (nome_alarme, system_id, is_evt, dia, n)
           values (${row}.nome_alarme, ${row}.system_id, ${row}.is_evt, ${row}.hora_ativacao / 86400, 1)
           on conflict (nome_alarme, system_id, is_evt, dia) do update set n = n + 1;`
      : `update occurrence_device_day_counts set n = n - 1
           where device_id = ${row}.device_id and is_evt = ${row}.is_evt
             and dia = ${row}.hora_ativacao / 86400;
         update occurrence_name_day_counts set n = n - 1
           where nome_alarme = ${row}.nome_alarme and system_id = ${row}.system_id
             and is_evt = ${row}.is_evt and dia = ${row}.hora_ativacao / 86400;`;
  const statements = [
    `create trigger occurrences_key_counts_ai after insert on occurrences begin
       ${bump('new', 1)}
     end`,
    `create trigger occurrences_key_counts_ad after delete on occurrences begin
       ${bump('old', -1)}
     end`,
    `create trigger occurrences_key_counts_au
     after update of device_id, system_id, is_evt, hora_ativacao, nome_alarme on occurrences
     when old.device_id is not new.device_id or old.system_id is not new.system_id
       or old.is_evt is not new.is_evt or old.hora_ativacao is not new.hora_ativacao
       or old.nome_alarme is not new.nome_alarme
     begin
       ${bump('old', -1)}
       ${bump('new', 1)}
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Statement-level triggers with transition tables (see migration 0100). */
async function postgresTriggers(db: AnyDb): Promise<void> {
  // `source` yields (device_id, nome_alarme, system_id, is_evt, hora_ativacao, d), d = +1 or -1.
  const add = (source: string) => `
    insert into occurrence_device_day_counts (device_id, is_evt, dia, n)
      select device_id, is_evt, hora_ativacao / 86400, sum(d) from (${source}) k
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (device_id, is_evt, dia)
      do update set n = occurrence_device_day_counts.n + excluded.n;
    insert into occurrence_name_day_counts (nome_alarme, system_id, is_evt, dia, n)
      select nome_alarme, system_id, is_evt, hora_ativacao / 86400, sum(d) from (${source}) k
      group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (nome_alarme, system_id, is_evt, dia)
      do update set n = occurrence_name_day_counts.n + excluded.n;`;
  const columns = 'device_id, nome_alarme, system_id, is_evt, hora_ativacao';
  const moved = `from old_rows o join new_rows n using (id)
    where (o.device_id, o.nome_alarme, o.system_id, o.is_evt, o.hora_ativacao)
      is distinct from (n.device_id, n.nome_alarme, n.system_id, n.is_evt, n.hora_ativacao)`;
  const statements = [
    `create function vigia_occurrences_key_counts_ins() returns trigger language plpgsql as $$
     begin
       ${add(`select ${columns}, 1 as d from new_rows`)}
       return null;
     end $$`,
    `create function vigia_occurrences_key_counts_del() returns trigger language plpgsql as $$
     begin
       ${add(`select ${columns}, -1 as d from old_rows`)}
       return null;
     end $$`,
    `create function vigia_occurrences_key_counts_upd() returns trigger language plpgsql as $$
     begin
       if exists (select 1 ${moved}) then
         ${add(`select o.device_id, o.nome_alarme, o.system_id, o.is_evt, o.hora_ativacao, -1 as d ${moved}
                union all
                select n.device_id, n.nome_alarme, n.system_id, n.is_evt, n.hora_ativacao, 1 as d ${moved}`)}
       end if;
       return null;
     end $$`,
    `create function vigia_occurrences_key_counts_truncate() returns trigger language plpgsql as $$
     begin
       delete from occurrence_device_day_counts;
       delete from occurrence_name_day_counts;
       return null;
     end $$`,
    `create trigger occurrences_key_counts_ins after insert on occurrences
       referencing new table as new_rows for each statement
       execute function vigia_occurrences_key_counts_ins()`,
    `create trigger occurrences_key_counts_del after delete on occurrences
       referencing old table as old_rows for each statement
       execute function vigia_occurrences_key_counts_del()`,
    `create trigger occurrences_key_counts_upd after update on occurrences
       referencing old table as old_rows new table as new_rows for each statement
       execute function vigia_occurrences_key_counts_upd()`,
    `create trigger occurrences_key_counts_truncate after truncate on occurrences
       for each statement execute function vigia_occurrences_key_counts_truncate()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
