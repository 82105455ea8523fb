import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/** 8 days: between the 32-day blocks of migration 0102 and days (apps/server/src/occurrences/seek.ts). */
export const NAME_WEEK_SECONDS = 8 * 86_400;

const TABLE = 'occurrence_name_week_counts';
const KEYS = ['nome_alarme', 'system_id', 'is_evt'];

/**
 * Row counts per 8-day span by (alarm name, system, is_evt), kept by triggers.
 * A text filter fans out to every matching name of every system, so the walk
 * from a block straight to its 32 days read over a thousand counter rows; with
 * this level it reads 4 spans, then 8 days.
 */
export function occurrenceNameWeekCountsMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      const table = db.schema
        .createTable(TABLE)
        .addColumn('nome_alarme', 'text', (c) => c.notNull())
        .addColumn('system_id', 'integer', (c) => c.notNull())
        .addColumn('is_evt', 'integer', (c) => c.notNull())
        .addColumn('semana', 'integer', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${TABLE}_pk`, ['nome_alarme', 'system_id', 'is_evt', 'semana']);
      // SQLite: the count lives in the key's b-tree (as in 0102).
      await (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table).execute();
      if (dialect === 'postgres') {
        await sql
          .raw(`create index ${TABLE}_n_idx on ${TABLE} (${KEYS.join(', ')}, semana) include (n)`)
          .execute(db);
        await postgresTriggers(db);
      } else {
        await sqliteTriggers(db);
      }
      await sql
        .raw(
          `insert into ${TABLE} (${KEYS.join(', ')}, semana, n)
           select ${KEYS.join(', ')}, hora_ativacao / ${NAME_WEEK_SECONDS}, count(*) from occurrences
           group by ${KEYS.join(', ')}, hora_ativacao / ${NAME_WEEK_SECONDS}`,
        )
        .execute(db);
    },
  };
}

async function sqliteTriggers(db: AnyDb): Promise<void> {
  const bump = (row: 'new' | 'old', delta: 1 | -1) =>
    delta === 1
      ? `insert into ${TABLE} (${KEYS.join(', ')}, semana, n)
           values (${KEYS.map((k) => `${row}.${k}`).join(', ')}, ${row}.hora_ativacao / ${NAME_WEEK_SECONDS}, 1)
           on conflict (${KEYS.join(', ')}, semana) do update set n = n + 1;`
      : `update ${TABLE} set n = n - 1
           where ${KEYS.map((k) => `${k} = ${row}.${k}`).join(' and ')}
             and semana = ${row}.hora_ativacao / ${NAME_WEEK_SECONDS};`;
  const statements = [
    `create trigger occurrences_name_week_counts_ai after insert on occurrences begin
       ${bump('new', 1)}
     end`,
    `create trigger occurrences_name_week_counts_ad after delete on occurrences begin
       ${bump('old', -1)}
     end`,
    `create trigger occurrences_name_week_counts_au
     after update of system_id, is_evt, hora_ativacao, nome_alarme on occurrences
     when old.system_id is not new.system_id or old.is_evt is not new.is_evt
       or old.hora_ativacao is not new.hora_ativacao or old.nome_alarme is not new.nome_alarme
     begin
       ${bump('old', -1)}
       ${bump('new', 1)}
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Statement-level triggers with transition tables (see migration 0100). */
async function postgresTriggers(db: AnyDb): Promise<void> {
  const add = (source: string) =>
    `insert into ${TABLE} (${KEYS.join(', ')}, semana, n)
       select ${KEYS.join(', ')}, hora_ativacao / ${NAME_WEEK_SECONDS}, sum(d) from (${source}) k
       group by 1, 2, 3, 4 order by 1, 2, 3, 4
       on conflict (${KEYS.join(', ')}, semana) do update set n = ${TABLE}.n + excluded.n;`;
  const columns = 'nome_alarme, system_id, is_evt, hora_ativacao';
  const moved = `from old_rows o join new_rows n using (id)
    where (o.nome_alarme, o.system_id, o.is_evt, o.hora_ativacao)
      is distinct from (n.nome_alarme, n.system_id, n.is_evt, n.hora_ativacao)`;
  const statements = [
    `create function vigia_occurrences_name_week_counts_ins() returns trigger language plpgsql as $$
     begin
       ${add(`select ${columns}, 1 as d from new_rows`)}
       return null;
     end $$`,
    `create function vigia_occurrences_name_week_counts_del() returns trigger language plpgsql as $$
     begin
       ${add(`select ${columns}, -1 as d from old_rows`)}
       return null;
     end $$`,
    `create function vigia_occurrences_name_week_counts_upd() returns trigger language plpgsql as $$
     begin
       if exists (select 1 ${moved}) then
         ${add(`select o.nome_alarme, o.system_id, o.is_evt, o.hora_ativacao, -1 as d ${moved}
                union all
                select n.nome_alarme, n.system_id, n.is_evt, n.hora_ativacao, 1 as d ${moved}`)}
       end if;
       return null;
     end $$`,
    `create function vigia_occurrences_name_week_counts_truncate() returns trigger language plpgsql as $$
     begin
       delete from ${TABLE};
       return null;
     end $$`,
    `create trigger occurrences_name_week_counts_ins after insert on occurrences
       referencing new table as new_rows for each statement
       execute function vigia_occurrences_name_week_counts_ins()`,
    `create trigger occurrences_name_week_counts_del after delete on occurrences
       referencing old table as old_rows for each statement
       execute function vigia_occurrences_name_week_counts_del()`,
    `create trigger occurrences_name_week_counts_upd after update on occurrences
       referencing old table as old_rows new table as new_rows for each statement
       execute function vigia_occurrences_name_week_counts_upd()`,
    `create trigger occurrences_name_week_counts_truncate after truncate on occurrences
       for each statement execute function vigia_occurrences_name_week_counts_truncate()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
