import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The report file objects (bucket, key) of spec 000 §7 "Report files". */

export interface ReportFileRow {
  system_id: number;
  bucket: string;
  key: string;
  nome: string;
  content_type: string;
  size: number;
  created_at: number;
}

/** A system's files under `prefix`, newest key first. */
export function listReportFiles(
  db: Kysely<Database>,
  query: { systemId: number; bucket: string; prefix: string; limit: number },
) {
  return db
    .selectFrom('report_files')
    .select(['bucket', 'key', 'nome', 'size', 'created_at'])
    .where('system_id', '=', query.systemId)
    .where('bucket', '=', query.bucket)
    .where('key', 'like', `${query.prefix}%`)
    .orderBy('key', 'desc')
    .limit(query.limit)
    .execute();
}

export function findReportFile(db: Kysely<Database>, bucket: string, key: string) {
  return db
    .selectFrom('report_files')
    .selectAll()
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Which of `keys` are already stored in `bucket`. */
export async function existingKeys(
  db: Kysely<Database>,
  bucket: string,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('report_files')
    .select('key')
    .where('bucket', '=', bucket)
    .where('key', 'in', keys)
    .execute();
  return new Set(rows.map((r) => r.key));
}

export async function saveReportFile(db: Kysely<Database>, row: ReportFileRow): Promise<void> {
  await db
    .insertInto('report_files')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['bucket', 'key'])
        .doUpdateSet({ nome: row.nome, size: row.size, created_at: row.created_at }),
    )
    .execute();
}

export function allSystems(db: Kysely<Database>) {
  return db.selectFrom('systems').select(['id', 'nome']).orderBy('id').execute();
}

/** A system's occurrences activated in [from, to], oldest first, with the device's name. */
export function occurrencesActivatedIn(
  db: Kysely<Database>,
  systemId: number,
  from: number,
  to: number,
) {
  return db
    .selectFrom('occurrences as o')
    .innerJoin('devices as d', 'd.id', 'o.device_id')
    .select([
      'o.id',
      'o.hora_ativacao',
      'o.hora_desativacao',
      'o.hora_ack',
      'o.nome_alarme',
      'o.valor_falha',
      'o.critico',
      'o.is_evt',
      'd.nome as dispositivo',
      'd.patrimonio',
    ])
    .where('o.system_id', '=', systemId)
    .where('o.hora_ativacao', '>=', from)
    .where('o.hora_ativacao', '<=', to)
    .orderBy('o.hora_ativacao')
    .orderBy('o.id')
    .execute();
}
