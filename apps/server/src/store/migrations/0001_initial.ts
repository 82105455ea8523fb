import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { columnTypes } from './columnTypes.js';

// Migrations take `Kysely<any>`: they run against whatever the schema was before them.
// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

export function initialMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);

  return {
    async up(db: AnyDb) {
      const s = db.schema;

      await s
        .createTable('companies')
        .addColumn('id', 'integer', t.id)
        .addColumn('nome', 'text', (c) => c.notNull())
        .execute();

      await s
        .createTable('systems')
        .addColumn('id', 'integer', t.id)
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('config', 'text', (c) => c.notNull().defaultTo('{"home":null}'))
        .execute();
      await s.createIndex('systems_company_idx').on('systems').column('company_id').execute();

      await s
        .createTable('users')
        .addColumn('id', 'integer', t.id)
        .addColumn('login', 'text', (c) => c.notNull().unique())
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('acesso', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('direitos_id', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('administrator', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();

      await s
        .createTable('user_systems')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('system_id', 'integer', (c) =>
          c.notNull().references('systems.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('user_systems_pk', ['user_id', 'system_id'])
        .execute();
      await s
        .createIndex('user_systems_system_idx')
        .on('user_systems')
        .column('system_id')
        .execute();

      await s
        .createTable('refresh_tokens')
        .addColumn('id', 'integer', t.id)
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', t.time, (c) => c.notNull())
        .addColumn('used_at', t.time)
        .addColumn('revoked_at', t.time)
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await s
        .createIndex('refresh_tokens_family_idx')
        .on('refresh_tokens')
        .column('family_id')
        .execute();
      await s
        .createIndex('refresh_tokens_user_idx')
        .on('refresh_tokens')
        .column('user_id')
        .execute();

      await s
        .createTable('plants')
        .addColumn('id', 'integer', t.id)
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('uf', 'text', (c) => c.notNull())
        .addColumn('lat', t.real, (c) => c.notNull())
        .addColumn('lon', t.real, (c) => c.notNull())
        .addColumn('system_id', 'integer', (c) => c.notNull().references('systems.id'))
        .execute();
      await s.createIndex('plants_system_idx').on('plants').column('system_id').execute();

      await s
        .createTable('scds')
        .addColumn('id', 'integer', t.id)
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('uf', 'text', (c) => c.notNull())
        .addColumn('lat', t.real, (c) => c.notNull())
        .addColumn('lon', t.real, (c) => c.notNull())
        .addColumn('system_id', 'integer', (c) => c.notNull().references('systems.id'))
        .addColumn('usina_id', 'integer', (c) => c.references('plants.id'))
        .execute();
      await s.createIndex('scds_system_idx').on('scds').column('system_id').execute();

      await s
        .createTable('venues')
        .addColumn('id', 'integer', t.id)
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('system_id', 'integer', (c) => c.notNull().references('systems.id'))
        .execute();
      await s.createIndex('venues_system_idx').on('venues').column('system_id').execute();

      await s
        .createTable('device_groups')
        .addColumn('id', 'integer', t.id)
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('venue_id', 'integer', (c) =>
          c.notNull().references('venues.id').onDelete('cascade'),
        )
        .execute();
      await s
        .createIndex('device_groups_venue_idx')
        .on('device_groups')
        .column('venue_id')
        .execute();

      await s
        .createTable('energy_centers')
        .addColumn('id', 'integer', t.id)
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('system_id', 'integer', (c) => c.notNull().references('systems.id'))
        .execute();

      await s
        .createTable('device_templates')
        .addColumn('id', 'integer', t.id)
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('tipo', 'text', (c) => c.notNull())
        .execute();

      await s
        .createTable('devices')
        .addColumn('id', 'integer', t.id)
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('patrimonio', 'text', (c) => c.notNull())
        .addColumn('tipo', 'text', (c) => c.notNull())
        .addColumn('template_id', 'integer', (c) => c.notNull().references('device_templates.id'))
        .addColumn('local_nome', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('uf', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('lat', t.real)
        .addColumn('lon', t.real)
        .addColumn('system_id', 'integer', (c) => c.notNull().references('systems.id'))
        .addColumn('usina_id', 'integer', (c) => c.references('plants.id'))
        .addColumn('scd_id', 'integer', (c) => c.references('scds.id'))
        .addColumn('venue_id', 'integer', (c) => c.references('venues.id'))
        .addColumn('group_id', 'integer', (c) => c.references('device_groups.id'))
        .addColumn('energy_center_id', 'integer', (c) => c.references('energy_centers.id'))
        .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('ingest_key_hash', 'text')
        .addColumn('last_seen_at', t.time)
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      for (const column of [
        'system_id',
        'usina_id',
        'scd_id',
        'venue_id',
        'group_id',
        'energy_center_id',
      ]) {
        await s.createIndex(`devices_${column}_idx`).on('devices').column(column).execute();
      }
      await s
        .createIndex('devices_ingest_key_idx')
        .on('devices')
        .column('ingest_key_hash')
        .unique()
        .execute();

      await s
        .createTable('tags')
        .addColumn('id', 'integer', t.id)
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('apelido', 'text', (c) => c.notNull())
        .addColumn('unidade', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('scale_min', t.real)
        .addColumn('scale_max', t.real)
        .addColumn('nominal', t.real)
        .addUniqueConstraint('tags_device_nome_uq', ['device_id', 'nome'])
        .execute();

      await s
        .createTable('current_values')
        .addColumn('tag_id', 'integer', (c) =>
          c.primaryKey().references('tags.id').onDelete('cascade'),
        )
        .addColumn('valor', t.real, (c) => c.notNull())
        .addColumn('ts', t.time, (c) => c.notNull())
        .addColumn('qos', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await createReadings(db, dialect);

      await s
        .createTable('alarm_rules')
        .addColumn('id', 'integer', t.id)
        .addColumn('template_id', 'integer', (c) =>
          c.notNull().references('device_templates.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('threshold', 'bit', 'communication')`),
        )
        .addColumn('tag', 'text')
        .addColumn('operator', 'text')
        .addColumn('limit_value', t.real)
        .addColumn('deadband', t.real, (c) => c.notNull().defaultTo(0))
        .addColumn('bit', 'integer')
        .addColumn('critico', 'integer', (c) => c.notNull())
        .addColumn('is_event', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('nome_alarme', 'text', (c) => c.notNull())
        .execute();
      await s
        .createIndex('alarm_rules_template_idx')
        .on('alarm_rules')
        .column('template_id')
        .execute();

      await s
        .createTable('occurrences')
        .addColumn('id', 'integer', t.id)
        .addColumn('system_id', 'integer', (c) => c.notNull().references('systems.id'))
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('site_id', 'integer', (c) => c.notNull())
        .addColumn('rule_id', 'integer', (c) => c.references('alarm_rules.id').onDelete('set null'))
        .addColumn('critico', 'integer', (c) => c.notNull())
        .addColumn('is_evt', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hora_ativacao', t.time, (c) => c.notNull())
        .addColumn('hora_desativacao', t.time)
        .addColumn('hora_ack', t.time)
        .addColumn('ack_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('nome_alarme', 'text', (c) => c.notNull())
        .addColumn('valor_falha', t.real)
        .addColumn('motivo', 'text')
        .execute();
      await s
        .createIndex('occurrences_system_idx')
        .on('occurrences')
        .columns(['system_id', 'hora_ativacao desc', 'id desc'])
        .execute();
      await s
        .createIndex('occurrences_device_idx')
        .on('occurrences')
        .columns(['device_id', 'hora_ativacao desc', 'id desc'])
        .execute();
      await s
        .createIndex('occurrences_active_idx')
        .on('occurrences')
        .columns(['system_id', 'hora_ativacao desc', 'id desc'])
        .where(sql<boolean>`hora_desativacao is null`)
        .execute();
      // At most one open alarm per device and rule, even with several ingest nodes.
      await s
        .createIndex('occurrences_open_rule_uq')
        .on('occurrences')
        .columns(['device_id', 'rule_id'])
        .unique()
        .where(sql<boolean>`hora_desativacao is null and is_evt = 0`)
        .execute();

      await s
        .createTable('command_types')
        .addColumn('id', 'integer', t.id)
        .addColumn('template_id', 'integer', (c) =>
          c.notNull().references('device_templates.id').onDelete('cascade'),
        )
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('parameter_id', 'integer', (c) => c.notNull())
        .addColumn('comando', 'integer', (c) => c.notNull())
        .execute();
      await s
        .createIndex('command_types_template_idx')
        .on('command_types')
        .column('template_id')
        .execute();

      await s
        .createTable('commands')
        .addColumn('id', 'integer', t.id)
        .addColumn('status_web_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('command_type_id', 'integer', (c) => c.references('command_types.id'))
        .addColumn('comando', 'text', (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();
      await s
        .createIndex('commands_device_idx')
        .on('commands')
        .columns(['device_id', 'id desc'])
        .execute();

      await s
        .createTable('overview_configs')
        .addColumn('id', 'integer', t.id)
        .addColumn('tipo', 'text', (c) => c.notNull())
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('render_html', 'text', (c) => c.notNull())
        .addColumn('sinotico', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('graphic', 'text')
        .execute();

      await s
        .createTable('graphical_configs')
        .addColumn('id', 'integer', t.id)
        .addColumn('tipo', 'text', (c) => c.notNull())
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('tempo_default', 'integer', (c) => c.notNull())
        .execute();

      await s
        .createTable('graphical_lines')
        .addColumn('id', 'integer', t.id)
        .addColumn('graphical_id', 'integer', (c) =>
          c.notNull().references('graphical_configs.id').onDelete('cascade'),
        )
        .addColumn('tag_nome', 'text', (c) => c.notNull())
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('grandeza', 'text', (c) => c.notNull())
        .addColumn('cor', 'text', (c) => c.notNull())
        .addColumn('casa_decimal', 'integer', (c) => c.notNull())
        .addColumn('maximo', t.real, (c) => c.notNull())
        .addColumn('minimo', t.real, (c) => c.notNull())
        .addColumn('line_style', 'text', (c) => c.notNull())
        .addColumn('renderer', 'text')
        .addColumn('tipo', 'text')
        .addColumn('scale', t.real)
        .addColumn('ordem', 'integer', (c) => c.notNull())
        .execute();
      await s
        .createIndex('graphical_lines_graphical_idx')
        .on('graphical_lines')
        .column('graphical_id')
        .execute();

      await s
        .createTable('table_configs')
        .addColumn('id', 'integer', t.id)
        .addColumn('tipo', 'text', (c) => c.notNull())
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('tipo_relatorio', 'text', (c) => c.notNull())
        .addColumn('tempo_default', 'integer', (c) => c.notNull())
        .addColumn('intervalo', 'integer', (c) => c.notNull())
        .execute();

      await s
        .createTable('table_columns')
        .addColumn('id', 'integer', t.id)
        .addColumn('table_id', 'integer', (c) =>
          c.notNull().references('table_configs.id').onDelete('cascade'),
        )
        .addColumn('nome_coluna', 'text', (c) => c.notNull())
        .addColumn('grandeza', 'text', (c) => c.notNull())
        .addColumn('casa_decimal', 'integer', (c) => c.notNull())
        .addColumn('tipo', 'text', (c) => c.notNull())
        .addColumn('key_coluna', 'text', (c) => c.notNull())
        .addColumn('ordem', 'integer', (c) => c.notNull())
        .execute();
      await s
        .createIndex('table_columns_table_idx')
        .on('table_columns')
        .column('table_id')
        .execute();

      await s
        .createTable('site_configs')
        .addColumn('id', 'integer', t.id)
        .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
        .addColumn('usina_id', 'integer', (c) => c.references('plants.id').onDelete('cascade'))
        .addColumn('scd_id', 'integer', (c) => c.references('scds.id').onDelete('cascade'))
        .addColumn('tipo', 'text', (c) => c.notNull())
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('overview_id', 'integer', (c) => c.references('overview_configs.id'))
        .addColumn('graphical_id', 'integer', (c) => c.references('graphical_configs.id'))
        .addColumn('table_id', 'integer', (c) => c.references('table_configs.id'))
        .addColumn('tempo_default', 'integer')
        .addColumn('tempo_enddt_default', 'integer')
        .addColumn('acesso', 'text', (c) => c.notNull().defaultTo('00005'))
        .addColumn('intervalo', 'integer')
        .addColumn('render_html', 'text')
        .addColumn('ordem', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await s
        .createIndex('site_configs_device_idx')
        .on('site_configs')
        .column('device_id')
        .execute();
      await s.createIndex('site_configs_usina_idx').on('site_configs').column('usina_id').execute();
      await s.createIndex('site_configs_scd_idx').on('site_configs').column('scd_id').execute();

      await s
        .createTable('fuel_entries')
        .addColumn('id', 'integer', t.id)
        .addColumn('system_id', 'integer', (c) => c.notNull().references('systems.id'))
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().references('devices.id').onDelete('cascade'),
        )
        .addColumn('data_ref', 'text', (c) => c.notNull())
        .addColumn('consumo_litros', t.real, (c) => c.notNull())
        .addColumn('valor_referencia', t.real)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addUniqueConstraint('fuel_entries_device_day_uq', ['device_id', 'data_ref'])
        .execute();
      await s
        .createIndex('fuel_entries_system_idx')
        .on('fuel_entries')
        .columns(['system_id', 'data_ref'])
        .execute();

      await s
        .createTable('fuel_configs')
        .addColumn('id', 'integer', t.id)
        .addColumn('system_id', 'integer', (c) => c.notNull().references('systems.id'))
        .addColumn('device_id', 'integer', (c) =>
          c.notNull().unique().references('devices.id').onDelete('cascade'),
        )
        .addColumn('habilitado', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('valor_referencia', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .execute();

      await s
        .createTable('schedules')
        .addColumn('id', 'integer', t.id)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('system_id', 'integer', (c) => c.references('systems.id'))
        .addColumn('dia_semana', 'integer', (c) =>
          c.notNull().check(sql`dia_semana between 0 and 6`),
        )
        .addColumn('entrada', 'text', (c) => c.notNull())
        .addColumn('saida', 'text', (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await s.createIndex('schedules_user_idx').on('schedules').column('user_id').execute();

      await s
        .createTable('contracts')
        .addColumn('id', 'integer', t.id)
        .addColumn('system_id', 'integer', (c) => c.notNull().references('systems.id'))
        .addColumn('venue_id', 'integer', (c) => c.references('venues.id'))
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('numero', 'text', (c) => c.notNull())
        .addColumn('fornecedor', 'text', (c) => c.notNull())
        .addColumn('inicio', 'text', (c) => c.notNull())
        .addColumn('fim', 'text', (c) => c.notNull())
        .addColumn('valor_mensal', t.real, (c) => c.notNull())
        .addColumn('observacao', 'text')
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await s.createIndex('contracts_system_idx').on('contracts').column('system_id').execute();

      await s
        .createTable('report_files')
        .addColumn('id', 'integer', t.id)
        .addColumn('system_id', 'integer', (c) => c.notNull().references('systems.id'))
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('nome', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addUniqueConstraint('report_files_bucket_key_uq', ['bucket', 'key'])
        .execute();
      await s
        .createIndex('report_files_system_idx')
        .on('report_files')
        .columns(['system_id', 'created_at desc'])
        .execute();

      await s
        .createTable('audit_log')
        .addColumn('id', 'integer', t.id)
        .addColumn('ts', t.time, (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text')
        .addColumn('details', 'text')
        .execute();
      await s.createIndex('audit_log_ts_idx').on('audit_log').column('ts').execute();
    },
  };
}

/**
 * Reading history, keyed (tag_id, ts) so a repeated reading is ignored and a
 * tag's range scan is one index walk. No foreign key: it would cost every insert.
 */
async function createReadings(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`
      create table readings (
        tag_id integer not null,
        ts integer not null,
        valor real not null,
        qos integer not null default 0,
        primary key (tag_id, ts)
      ) without rowid`.execute(db);
    return;
  }
  await sql`
    create table readings (
      tag_id integer not null,
      ts bigint not null,
      valor double precision not null,
      qos integer not null default 0,
      primary key (tag_id, ts)
    ) partition by range (ts)`.execute(db);
  // Monthly partitions (UTC months) named readings_YYYYMM, created on demand and ahead of time.
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
            'create table %I partition of readings for values from (%s) to (%s)',
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
}
