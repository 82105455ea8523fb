import { type CreateTableBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/** 32 days: a coarse counter level above days (apps/server/src/occurrences/seek.ts). */
export const BLOCK_SECONDS = 32 * 86_400;

interface Family {
  table: string;
  /** Key columns before `is_evt`. */
  keys: string[];
}

const FAMILIES: Family[] = [
  { table: 'occurrence_block_counts', keys: ['system_id'] },
  { table: 'occurrence_device_block_counts', keys: ['device_id'] },
  { table: 'occurrence_name_block_counts', keys: ['nome_alarme', 'system_id'] },
];

/**
 * Row counts per 32-day block by (system), (device) and (alarm name, system),
 * each by is_evt, kept by triggers: the deep-offset walk reads a dozen blocks a
 * year, then the days of one block, instead of every day (migrations 0100/0101).
 */
export function occurrenceBlockCountsMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      for (const family of FAMILIES) {
        let table: CreateTableBuilder<string, string> = db.schema.createTable(family.table);
        for (const key of family.keys) {
          table = table.addColumn(key, key === 'nome_alarme' ? 'text' : 'integer', (c) =>
            c.notNull(),
          );
        }
        table = table
          .addColumn('is_evt', 'integer', (c) => c.notNull())
          .addColumn('bloco', 'integer', (c) => c.notNull())
          .addColumn('n', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${family.table}_pk`, [...family.keys, 'is_evt', 'bloco']);
        // SQLite: the count lives in the key's b-tree, so a walk never visits the table.
        if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
        await table.execute();
      }
      if (dialect === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);
      for (const family of FAMILIES) {
        const columns = [...family.keys, 'is_evt'].join(', ');
        await sql
          .raw(
            `insert into ${family.table} (${columns}, bloco, n)
             select ${columns}, hora_ativacao / ${BLOCK_SECONDS}, count(*) from occurrences
             group by ${columns}, hora_ativacao / ${BLOCK_SECONDS}`,
          )
          .execute(db);
      }
    },
  };
}

async function sqliteTriggers(db: AnyDb): Promise<void> {
  const bump = (row: 'new' | 'old', delta: 1 | -1) =>
    FAMILIES.map((f) => {
      const keys = [...f.keys, 'is_evt'];
      if (delta === 1) {
        return `insert into ${f.table} (${keys.join(', ')}, bloco, n)
          values (${keys.map((k) => `${row}.${k}`).join(', ')}, ${row}.hora_ativacao / ${BLOCK_SECONDS}, 1)
          on conflict (${keys.join(', ')}, bloco) do update set n = n + 1;`;
      }
      return `update ${f.table} set n = n - 1
        where ${keys.map((k) => `${k} = ${row}.${k}`).join(' and ')}
          and bloco = ${row}.hora_ativacao / ${BLOCK_SECONDS};`;
    }).join('\n');
  const statements = [
    `create trigger occurrences_block_counts_ai after insert on occurrences begin
       ${bump('new', 1)}
     end`,
    `create trigger occurrences_block_counts_ad after delete on occurrences begin
       ${bump('old', -1)}
     end`,
    `create trigger occurrences_block_counts_au
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
  // `source` yields the occurrence columns plus d (+1 or -1) per row.
  const add = (source: string) =>
    FAMILIES.map((f) => {
      const keys = [...f.keys, 'is_evt'];
      const positions = [...keys, 'bloco'].map((_, i) => i + 1).join(', ');
      return `insert into ${f.table} (${keys.join(', ')}, bloco, n)
        select ${keys.join(', ')}, hora_ativacao / ${BLOCK_SECONDS}, sum(d) from (${source}) k
        group by ${positions} order by ${positions}
        on conflict (${keys.join(', ')}, bloco) do update set n = ${f.table}.n + excluded.n;`;
    }).join('\n');
  const columns = 'device_id, nome_alarme, system_id, is_evt, hora_ativacao';
  const moved = `from old_rows o join new_rows n using (id)
    where (o.device_id, o.nome_alarme, o.system_id, o.is_evt, o.hora_ativacao)
      is distinct from (n.device_id, n.nome_alarme, n.system_id, n.is_evt, n.hora_ativacao)`;
  const statements = [
    `create function vigia_occurrences_block_counts_ins() returns trigger language plpgsql as $$
     begin
       ${add(`select ${columns}, 1 as d from new_rows`)}
       return null;
     end $$`,
    `create function vigia_occurrences_block_counts_del() returns trigger language plpgsql as $$
     begin
       ${add(`select ${columns}, -1 as d from old_rows`)}
       return null;
     end $$`,
    `create function vigia_occurrences_block_counts_upd() returns trigger language plpgsql as $$
     begin
       if exists (select 1 ${moved}) then
         ${add(`select o.device_id, o.nome_alarme, o.system_id, o.is_evt, o.hora_ativacao, -1 as d ${moved}
                union all
                select n.device_id, n.nome_alarme, n.system_id, n.is_evt, n.hora_ativacao, 1 as d ${moved}`)}
       end if;
       return null;
     end $$`,
    `create function vigia_occurrences_block_counts_truncate() returns trigger language plpgsql as $$
     begin
       ${FAMILIES.map((f) => `delete from ${f.table};`).join('\n')}
       return null;
     end $$`,
    `create trigger occurrences_block_counts_ins after insert on occurrences
       referencing new table as new_rows for each statement
       execute function vigia_occurrences_block_counts_ins()`,
    `create trigger occurrences_block_counts_del after delete on occurrences
       referencing old table as old_rows for each statement
       execute function vigia_occurrences_block_counts_del()`,
    `create trigger occurrences_block_counts_upd after update on occurrences
       referencing old table as old_rows new table as new_rows for each statement
       execute function vigia_occurrences_block_counts_upd()`,
    `create trigger occurrences_block_counts_truncate after truncate on occurrences
       for each statement execute function vigia_occurrences_block_counts_truncate()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
