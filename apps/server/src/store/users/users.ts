import type { Sistema } from '@vigia/contract';
import { enabledFeatures } from '@vigia/domain';
import type { Kysely } from 'kysely';
import { parseJson } from '../json.js';
import type { Database, SystemConfig } from '../schema.js';

/** A user as stored: the profile, the rights, the systems assigned, and what sign-in checks. */
export interface UserRecord {
  id: number;
  login: string;
  nome: string;
  acesso: number;
  /** Rights ids; 1 = command right. */
  direitos_id: number[];
  administrator: boolean;
  /** Creates companies and systems and names their administrators. */
  platformAdmin: boolean;
  /** Signed in with a temporary password: only changing it is allowed. */
  mustChangePassword: boolean;
  email: string | null;
  /** The systems assigned to the user: the tenancy boundary of every query. */
  systemIds: number[];
  blocked: boolean;
  passwordHash: string;
}

/** `direitos_id` is JSON text; anything unreadable grants nothing. */
function parseRights(text: string | null | undefined): number[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.map(Number).filter((n) => Number.isSafeInteger(n));
  } catch {
    return [];
  }
}

async function loadUser(
  db: Kysely<Database>,
  where: { id: number } | { login: string },
): Promise<UserRecord | undefined> {
  let query = db
    .selectFrom('users')
    .select([
      'id',
      'login',
      'nome',
      'password_hash',
      'blocked',
      'acesso',
      'direitos_id',
      'administrator',
      'platform_admin',
      'must_change_password',
      'email',
    ]);
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('login', '=', where.login);
  const user = await query.executeTakeFirst();
  if (!user) return undefined;
  const systems = await db
    .selectFrom('user_systems')
    .select('system_id')
    .where('user_id', '=', user.id)
    .orderBy('system_id')
    .execute();
  return {
    id: user.id,
    login: user.login,
    nome: user.nome,
    acesso: user.acesso,
    direitos_id: parseRights(user.direitos_id),
    administrator: user.administrator === 1,
    platformAdmin: user.platform_admin === 1,
    mustChangePassword: user.must_change_password === 1,
    email: user.email,
    systemIds: systems.map((s) => s.system_id),
    blocked: user.blocked === 1,
    passwordHash: user.password_hash,
  };
}

export const findUserById = (db: Kysely<Database>, id: number) => loadUser(db, { id });
export const findUserByLogin = (db: Kysely<Database>, login: string) => loadUser(db, { login });

export async function setPasswordHash(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: 0 })
    .where('id', '=', userId)
    .execute();
}

/** The systems `systemIds` with their company and the route each opens on, by name. */
export async function userSystems(
  db: Kysely<Database>,
  systemIds: readonly number[],
): Promise<Sistema[]> {
  if (systemIds.length === 0) return [];
  const systems = await db
    .selectFrom('systems')
    .innerJoin('companies', 'companies.id', 'systems.company_id')
    .select([
      'systems.id as id',
      'systems.nome as nome',
      'companies.nome as empresa',
      'systems.config as config',
    ])
    .where('systems.id', 'in', systemIds)
    .orderBy('systems.nome')
    .orderBy('systems.id')
    .execute();
  return systems.map((s) => {
    const config = parseJson<Partial<SystemConfig>>(s.config, {});
    return {
      id: s.id,
      nome: s.nome,
      empresa: s.empresa,
      home: config.home ?? null,
      recursos: enabledFeatures(config.features),
    };
  });
}
