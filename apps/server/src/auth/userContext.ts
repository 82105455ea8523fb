import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

/** Who is calling, resolved from the access token on every `/api` request. */
export interface UserContext {
  id: number;
  login: string;
  nome: string;
  acesso: number;
  /** Rights ids; 1 = command right. */
  direitos_id: number[];
  administrator: boolean;
  /** The systems assigned to the user: the tenancy boundary of every query. */
  systemIds: number[];
  /** Refresh family (sign-in session) of the presented token. */
  sessionId: string;
}

export interface UserRecord extends Omit<UserContext, 'sessionId'> {
  blocked: boolean;
  passwordHash: string;
}

/** `direitos_id` is JSON text; anything unreadable grants nothing. */
export function parseRights(text: string | null | undefined): number[] {
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
    systemIds: systems.map((s) => s.system_id),
    blocked: user.blocked === 1,
    passwordHash: user.password_hash,
  };
}

export const findUserById = (db: Kysely<Database>, id: number) => loadUser(db, { id });
export const findUserByLogin = (db: Kysely<Database>, login: string) => loadUser(db, { login });
