import type { SistemaAdmin } from '@vigia/contract';
import { enabledFeatures, type SystemFeature } from '@vigia/domain';
import { type Kysely, sql } from 'kysely';
import { parseJson } from '../json.js';
import type { Database, SystemConfig } from '../schema.js';
import { auditAdmin, type SystemScope } from './audit.js';

type Db = Kysely<Database>;

export interface SystemInput {
  nome: string;
  empresaId: number;
  home?: 'geradores' | 'cluster' | null;
  recursos?: SystemFeature[];
}

function toSystem(r: {
  id: number;
  nome: string;
  empresaId: number;
  empresa: string;
  config: string;
}): SistemaAdmin {
  const config = parseJson<Partial<SystemConfig>>(r.config, {});
  return {
    id: r.id,
    nome: r.nome,
    empresaId: r.empresaId,
    empresa: r.empresa,
    home: config.home ?? null,
    recursos: enabledFeatures(config.features),
  };
}

function selectSystems(db: Db, scope: SystemScope) {
  const query = db
    .selectFrom('systems')
    .innerJoin('companies', 'companies.id', 'systems.company_id')
    .select([
      'systems.id as id',
      'systems.nome as nome',
      'systems.company_id as empresaId',
      'companies.nome as empresa',
      'systems.config as config',
    ]);
  if (scope === 'all') return query;
  return scope.length === 0 ? undefined : query.where('systems.id', 'in', scope);
}

export async function listSystems(db: Db, scope: SystemScope): Promise<SistemaAdmin[]> {
  const query = selectSystems(db, scope);
  if (!query) return [];
  return (await query.orderBy('systems.nome').orderBy('systems.id').execute()).map(toSystem);
}

export async function findSystem(
  db: Db,
  scope: SystemScope,
  id: number,
): Promise<SistemaAdmin | undefined> {
  const row = await selectSystems(db, scope)?.where('systems.id', '=', id).executeTakeFirst();
  return row ? toSystem(row) : undefined;
}

export async function companyExists(db: Db, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined
  );
}

async function nameTaken(db: Db, empresaId: number, nome: string, exceptId?: number) {
  let query = db
    .selectFrom('systems')
    .select('id')
    .where('company_id', '=', empresaId)
    .where(sql<string>`lower(nome)`, '=', nome.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

function configOf(previous: Partial<SystemConfig>, input: Partial<SystemInput>): SystemConfig {
  const features = input.recursos
    ? Object.fromEntries(input.recursos.map((name) => [name, true]))
    : previous.features;
  return {
    ...previous,
    home: input.home === undefined ? (previous.home ?? null) : input.home,
    ...(features ? { features } : {}),
  };
}

/** Creates a system in a company, held by its creator; 'taken' when the company has one of that name. */
export async function createSystem(
  db: Db,
  input: SystemInput,
  userId: number,
): Promise<number | 'taken'> {
  return db.transaction().execute(async (trx) => {
    if (await nameTaken(trx, input.empresaId, input.nome)) return 'taken';
    const config = configOf({}, input);
    const { id } = await trx
      .insertInto('systems')
      .values({ nome: input.nome, company_id: input.empresaId, config: JSON.stringify(config) })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Its creator holds it, to see on screen what they set up in it.
    await trx.insertInto('user_systems').values({ user_id: userId, system_id: id }).execute();
    await auditAdmin(trx, {
      userId,
      action: 'admin.sistema.criar',
      entity: 'sistema',
      entityId: id,
      details: { system_id: id, ...input },
    });
    return id;
  });
}

/** Changes what `input` names and keeps the rest of the configuration. */
export async function updateSystem(
  db: Db,
  id: number,
  input: Partial<SystemInput>,
  userId: number,
): Promise<'ok' | 'taken' | 'missing'> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('systems')
      .select(['nome', 'company_id', 'config'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return 'missing';
    const nome = input.nome ?? current.nome;
    const empresaId = input.empresaId ?? current.company_id;
    if (await nameTaken(trx, empresaId, nome, id)) return 'taken';
    const config = configOf(parseJson<Partial<SystemConfig>>(current.config, {}), input);
    await trx
      .updateTable('systems')
      .set({ nome, company_id: empresaId, config: JSON.stringify(config) })
      .where('id', '=', id)
      .execute();
    await auditAdmin(trx, {
      userId,
      action: 'admin.sistema.alterar',
      entity: 'sistema',
      entityId: id,
      details: { system_id: id, ...input },
    });
    return 'ok';
  });
}
