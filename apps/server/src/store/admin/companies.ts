import type { Empresa } from '@vigia/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';
import { auditAdmin, type SystemScope } from './audit.js';

type Db = Kysely<Database>;

function selectCompanies(db: Db, scope: SystemScope) {
  let query = db
    .selectFrom('companies')
    .leftJoin('systems', 'systems.company_id', 'companies.id')
    .select(['companies.id as id', 'companies.nome as nome'])
    .select((eb) => eb.fn.count<number>('systems.id').as('sistemas'))
    .groupBy(['companies.id', 'companies.nome']);
  if (scope !== 'all') {
    if (scope.length === 0) return undefined;
    query = query.where('companies.id', 'in', (eb) =>
      eb.selectFrom('systems').select('company_id').where('id', 'in', scope),
    );
  }
  return query;
}

const toCompany = (r: {
  id: number;
  nome: string;
  sistemas: number | string | bigint;
}): Empresa => ({
  id: r.id,
  nome: r.nome,
  sistemas: Number(r.sistemas),
});

/** Companies of the scope's systems (every company for the platform), by name. */
export async function listCompanies(db: Db, scope: SystemScope): Promise<Empresa[]> {
  const query = selectCompanies(db, scope);
  if (!query) return [];
  return (await query.orderBy('companies.nome').orderBy('companies.id').execute()).map(toCompany);
}

export async function findCompany(
  db: Db,
  scope: SystemScope,
  id: number,
): Promise<Empresa | undefined> {
  const row = await selectCompanies(db, scope)?.where('companies.id', '=', id).executeTakeFirst();
  return row ? toCompany(row) : undefined;
}

/** Whether another company has this name, ignoring case. */
async function nameTaken(db: Db, nome: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('companies')
    .select('id')
    .where(sql<string>`lower(nome)`, '=', nome.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Creates a company; undefined when the name is taken. */
export async function createCompany(
  db: Db,
  nome: string,
  userId: number,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    if (await nameTaken(trx, nome)) return undefined;
    const { id } = await trx
      .insertInto('companies')
      .values({ nome })
      .returning('id')
      .executeTakeFirstOrThrow();
    await auditAdmin(trx, {
      userId,
      action: 'admin.empresa.criar',
      entity: 'empresa',
      entityId: id,
      details: { nome },
    });
    return id;
  });
}

/** Renames a company: 'taken' when another has the name. */
export async function renameCompany(
  db: Db,
  id: number,
  nome: string,
  userId: number,
): Promise<'ok' | 'taken'> {
  return db.transaction().execute(async (trx) => {
    if (await nameTaken(trx, nome, id)) return 'taken';
    await trx.updateTable('companies').set({ nome }).where('id', '=', id).execute();
    await auditAdmin(trx, {
      userId,
      action: 'admin.empresa.alterar',
      entity: 'empresa',
      entityId: id,
      details: { nome },
    });
    return 'ok';
  });
}
