import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * Occurrence paging on large tables (apps/server/src/occurrences/README.md):
 *
 * - covering indexes for the newest-first order by system and over all systems,
 *   so a page is an index-only scan whatever the event/alarm flags;
 * - partial indexes of the alarms needing attention (active or unacknowledged);
 * - per-day and per-hour row counts by (system, is_evt), kept by triggers, so a
 *   deep `offSet` jumps to the right hour instead of stepping over every row;
 * - the set of alarm names, kept by triggers, for accent- and case-insensitive
 *   text filters without scanning the table.
 */
export function occurrencePagingMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      const s = db.schema;
      // Superseded by the covering index below (same leading columns).
      await s.dropIndex('occurrences_system_idx').execute();
      await s
        .createIndex('occurrences_system_time_idx')
        .on('occurrences')
        .columns(['system_id', 'hora_ativacao', 'id', 'is_evt'])
        .execute();
      await s
        .createIndex('occurrences_time_idx')
        .on('occurrences')
        .columns(['hora_ativacao', 'id', 'system_id', 'is_evt'])
        .execute();
      await s
        .createIndex('occurrences_pending_idx')
        .on('occurrences')
        .columns(['system_id', 'hora_ativacao', 'id'])
        .where(sql<boolean>`is_evt = 0 and (hora_desativacao is null or hora_ack is null)`)
        .execute();
      await s
        .createIndex('occurrences_device_pending_idx')
        .on('occurrences')
        .columns(['device_id', 'hora_ativacao', 'id'])
        .where(sql<boolean>`is_evt = 0 and (hora_desativacao is null or hora_ack is null)`)
        .execute();

      for (const [table, column] of [
        ['occurrence_day_counts', 'dia'],
        ['occurrence_hour_counts', 'hora'],
      ] as const) {
        await s
          .createTable(table)
          .addColumn('system_id', 'integer', (c) => c.notNull())
          .addColumn('is_evt', 'integer', (c) => c.notNull())
          .addColumn(column, 'integer', (c) => c.notNull())
          .addColumn('n', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['system_id', 'is_evt', column])
          .execute();
      }
      await s
        .createTable('occurrence_names')
        .addColumn('nome_alarme', 'text', (c) => c.primaryKey())
        .execute();

      if (dialect === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);

      await sql`insert into occurrence_day_counts (system_id, is_evt, dia, n)
        select system_id, is_evt, hora_ativacao / 86400, count(*) from occurrences
        group by system_id, is_evt, hora_ativacao / 86400`.execute(db);
      await sql`insert into occurrence_hour_counts (system_id, is_evt, hora, n)
        select system_id, is_evt, hora_ativacao / 3600, count(*) from occurrences
        group by system_id, is_evt, hora_ativacao / 3600`.execute(db);
      await sql`insert into occurrence_names (nome_alarme)
        select distinct nome_alarme from occurrences`.execute(db);
    },
  };
}

async function sqliteTriggers(db: AnyDb): Promise<void> {
  const bump = (row: 'new' | 'old', delta: '+ 1' | '- 1') =>
    delta === '+ 1'
      ? `insert into occurrence_day_counts (system_id, is_evt, dia, n)
           values (${row}.system_id, ${row}.is_evt, ${row}.hora_ativacao / 86400, 1)
           on conflict (system_id, is_evt, dia) do update set n = n + 1;
         insert into occurrence_hour_counts (system_id, is_evt, hora, n)
           values (${row}.system_id, ${row}.is_evt, ${row}.hora_ativacao / 3600, 1)
           on conflict (system_id, is_evt, hora) do update set n = n + 1;`
      : `update occurrence_day_counts set n = n - 1
           where system_id = ${row}.system_id and is_evt = ${row}.is_evt
             and dia = ${row}.hora_ativacao / 86400;
         update occurrence_hour_counts set n = n - 1
           where system_id = ${row}.system_id and is_evt = ${row}.is_evt
             and hora = ${row}.hora_ativacao / 3600;`;
  const statements = [
    `create trigger occurrences_counts_ai after insert on occurrences begin
       ${bump('new', '+ 1')}
       insert or ignore into occurrence_names (nome_alarme) values (new.nome_alarme);
     end`,
    `create trigger occurrences_counts_ad after delete on occurrences begin
       ${bump('old', '- 1')}
     end`,
    `create trigger occurrences_counts_au after update of system_id, is_evt, hora_ativacao on occurrences
     when old.system_id is not new.system_id or old.is_evt is not new.is_evt
       or old.hora_ativacao is not new.hora_ativacao
     begin
       ${bump('old', '- 1')}
       ${bump('new', '+ 1')}
     end`,
    `create trigger occurrences_names_au after update of nome_alarme on occurrences begin
       insert or ignore into occurrence_names (nome_alarme) values (new.nome_alarme);
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * Statement-level triggers with transition tables: a bulk insert updates each
 * counter once. Counters are upserted in key order so concurrent writers lock
 * them in the same order.
 */
async function postgresTriggers(db: AnyDb): Promise<void> {
  // `source` yields (system_id, is_evt, hora_ativacao, d): d is +1 or -1 per row.
  const add = (source: string) =>
    (['occurrence_day_counts:dia:86400', 'occurrence_hour_counts:hora:3600'] as const)
      .map((spec) => {
        const [table, column, width] = spec.split(':');
        return `insert into ${table} (system_id, is_evt, ${column}, n)
          select system_id, is_evt, hora_ativacao / ${width}, sum(d) from (${source}) k
          group by 1, 2, 3 order by 1, 2, 3
          on conflict (system_id, is_evt, ${column}) do update set n = ${table}.n + excluded.n;`;
      })
      .join('\n');
  const moved = `from old_rows o join new_rows n using (id)
    where (o.system_id, o.is_evt, o.hora_ativacao) is distinct from (n.system_id, n.is_evt, n.hora_ativacao)`;
  const statements = [
    `create function vigia_occurrences_counts_ins() returns trigger language plpgsql as $$
     begin
       ${add('select system_id, is_evt, hora_ativacao, 1 as d from new_rows')}
       insert into occurrence_names (nome_alarme)
         select distinct nome_alarme from new_rows order by 1 on conflict do nothing;
       return null;
     end $$`,
    `create function vigia_occurrences_counts_del() returns trigger language plpgsql as $$
     begin
       ${add('select system_id, is_evt, hora_ativacao, -1 as d from old_rows')}
       return null;
     end $$`,
    `create function vigia_occurrences_counts_upd() returns trigger language plpgsql as $$
     begin
       if exists (select 1 ${moved}) then
         ${add(`select o.system_id, o.is_evt, o.hora_ativacao, -1 as d ${moved}
                union all
                select n.system_id, n.is_evt, n.hora_ativacao, 1 as d ${moved}`)}
       end if;
       insert into occurrence_names (nome_alarme)
         select distinct n.nome_alarme from old_rows o join new_rows n using (id)
         where n.nome_alarme <> o.nome_alarme order by 1 on conflict do nothing;
       return null;
     end $$`,
    `create function vigia_occurrences_counts_truncate() returns trigger language plpgsql as $$
     begin
       delete from occurrence_day_counts;
       delete from occurrence_hour_counts;
       return null;
     end $$`,
    `create trigger occurrences_counts_ins after insert on occurrences
       referencing new table as new_rows for each statement
       execute function vigia_occurrences_counts_ins()`,
    `create trigger occurrences_counts_del after delete on occurrences
       referencing old table as old_rows for each statement
       execute function vigia_occurrences_counts_del()`,
    `create trigger occurrences_counts_upd after update on occurrences
       referencing old table as old_rows new table as new_rows for each statement
       execute function vigia_occurrences_counts_upd()`,
    `create trigger occurrences_counts_truncate after truncate on occurrences
       for each statement execute function vigia_occurrences_counts_truncate()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
