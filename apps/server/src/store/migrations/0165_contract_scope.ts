import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { columnTypes } from './columnTypes.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration cannot be typed by the schema it creates.
type AnyDb = Kysely<any>;

/**
 * Contracts as the console keeps them (store/contracts): number (unique in its
 * system), customer, the devices covered (`contract_devices`), start and end
 * days and notes. The first schema's supplier, title and monthly value go: the
 * customer is the system's company and the title joins the notes.
 */
export function contractScopeMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      const s = db.schema;
      await s
        .alterTable('contracts')
        .addColumn('cliente', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await s.alterTable('contracts').addColumn('updated_at', t.time).execute();
      await sql`update contracts set
        cliente = coalesce((select c.nome from systems s join companies c on c.id = s.company_id
                            where s.id = contracts.system_id), ''),
        observacao = case when observacao is null then nome else nome || '. ' || observacao end`.execute(
        db,
      );
      for (const column of ['nome', 'fornecedor', 'valor_mensal']) {
        await s.alterTable('contracts').dropColumn(column).execute();
      }
      await s.dropIndex('contracts_system_idx').execute();
      await s
        .createIndex('contracts_system_numero_idx')
        .on('contracts')
        .columns(['system_id', 'numero'])
        .unique()
        .execute();
      await s
        .createTable('contract_devices')
        .addColumn('contract_id', 'integer', (c) =>
          c.notNull().references('contracts.id').onDelete('cascade'),
        )
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id'))
        .addPrimaryKeyConstraint('contract_devices_pk', ['contract_id', 'device_id'])
        .execute();
      await s
        .createIndex('contract_devices_device_idx')
        .on('contract_devices')
        .column('device_id')
        .execute();
    },
  };
}
