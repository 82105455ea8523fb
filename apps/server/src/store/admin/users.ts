import type { UsuarioAdmin } from '@vigia/contract';
import type { Kysely, Updateable } from 'kysely';
import { revokeUserFamilies } from '../auth/refreshTokens.js';
import type { Database, UsersTable } from '../schema.js';
import { auditAdmin, type SystemScope } from './audit.js';

type Db = Kysely<Database>;

/** Right id of remote commands (spec 001 §6). */
const COMMAND_RIGHT = 1;

export interface UserInput {
  nome: string;
  login: string;
  email?: string | null;
  sistemas: number[];
  comando?: boolean;
  administrador?: boolean;
  administradorPlataforma?: boolean;
  bloqueado?: boolean;
}

function rightsOf(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(Number).filter(Number.isSafeInteger) : [];
  } catch {
    return [];
  }
}

/** Users holding at least one system of the scope (every user for the platform). */
export async function listUsers(
  db: Db,
  scope: SystemScope,
  filter: { id?: number; systemId?: number } = {},
): Promise<UsuarioAdmin[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  let query = db
    .selectFrom('users')
    .select([
      'id',
      'nome',
      'login',
      'email',
      'direitos_id',
      'administrator',
      'platform_admin',
      'blocked',
      'must_change_password',
    ]);
  if (scope !== 'all') {
    query = query.where('id', 'in', (eb) =>
      eb.selectFrom('user_systems').select('user_id').where('system_id', 'in', scope),
    );
  }
  if (filter.systemId !== undefined) {
    const systemId = filter.systemId;
    query = query.where('id', 'in', (eb) =>
      eb.selectFrom('user_systems').select('user_id').where('system_id', '=', systemId),
    );
  }
  if (filter.id !== undefined) query = query.where('id', '=', filter.id);
  const users = await query.orderBy('nome').orderBy('id').execute();
  if (users.length === 0) return [];
  const memberships = await db
    .selectFrom('user_systems')
    .select(['user_id', 'system_id'])
    .where(
      'user_id',
      'in',
      users.map((u) => u.id),
    )
    .orderBy('system_id')
    .execute();
  const systemsOf = new Map<number, number[]>();
  for (const m of memberships) {
    const list = systemsOf.get(m.user_id) ?? [];
    list.push(m.system_id);
    systemsOf.set(m.user_id, list);
  }
  return users.map((u) => ({
    id: u.id,
    nome: u.nome,
    login: u.login,
    email: u.email,
    sistemas: systemsOf.get(u.id) ?? [],
    comando: rightsOf(u.direitos_id).includes(COMMAND_RIGHT),
    administrador: u.administrator === 1,
    administradorPlataforma: u.platform_admin === 1,
    bloqueado: u.blocked === 1,
    trocarSenha: u.must_change_password === 1,
  }));
}

export async function findAdminUser(
  db: Db,
  scope: SystemScope,
  id: number,
): Promise<UsuarioAdmin | undefined> {
  return (await listUsers(db, scope, { id }))[0];
}

export async function loginTaken(db: Db, login: string): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst()) !==
    undefined
  );
}

export async function existingSystems(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('systems').select('id').where('id', 'in', ids).execute()).map(
    (s) => s.id,
  );
}

/** Platform administrators not blocked, other than `exceptId`. */
export async function otherActivePlatformAdmins(db: Db, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('platform_admin', '=', 1)
    .where('blocked', '=', 0)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function setSystems(db: Db, userId: number, systems: readonly number[]) {
  await db.deleteFrom('user_systems').where('user_id', '=', userId).execute();
  if (systems.length > 0) {
    await db
      .insertInto('user_systems')
      .values([...new Set(systems)].map((system_id) => ({ user_id: userId, system_id })))
      .execute();
  }
}

/** Creates a user with a temporary password hash; undefined when the login is taken. */
export async function createUser(
  db: Db,
  input: UserInput,
  passwordHash: string,
  byUserId: number | null,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    if (await loginTaken(trx, input.login)) return undefined;
    const { id } = await trx
      .insertInto('users')
      .values({
        login: input.login,
        nome: input.nome,
        email: input.email ?? null,
        password_hash: passwordHash,
        blocked: input.bloqueado ? 1 : 0,
        acesso: 0,
        direitos_id: JSON.stringify(input.comando ? [COMMAND_RIGHT] : []),
        administrator: input.administrador ? 1 : 0,
        platform_admin: input.administradorPlataforma ? 1 : 0,
        must_change_password: 1,
        created_at: Math.floor(Date.now() / 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setSystems(trx, id, input.sistemas);
    const { login, nome, email, sistemas, ...rights } = input;
    await auditAdmin(trx, {
      userId: byUserId,
      action: 'admin.usuario.criar',
      entity: 'usuario',
      entityId: id,
      // A user's rows belong to their first system (what a system administrator's audit lists).
      details: { system_id: sistemas[0], login, nome, email, sistemas, ...rights },
    });
    return id;
  });
}

export interface UserChange {
  nome?: string;
  email?: string | null;
  /** The whole new list (the caller keeps systems it does not administer). */
  sistemas?: number[];
  comando?: boolean;
  administrador?: boolean;
  administradorPlataforma?: boolean;
  bloqueado?: boolean;
}

/** Applies a change; blocking ends every session of the user in the same transaction. */
export async function updateUser(
  db: Db,
  user: UsuarioAdmin,
  change: UserChange,
  byUserId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const set: Updateable<UsersTable> = {};
    if (change.nome !== undefined) set.nome = change.nome;
    if (change.email !== undefined) set.email = change.email;
    if (change.administrador !== undefined) set.administrator = change.administrador ? 1 : 0;
    if (change.administradorPlataforma !== undefined) {
      set.platform_admin = change.administradorPlataforma ? 1 : 0;
    }
    if (change.bloqueado !== undefined) set.blocked = change.bloqueado ? 1 : 0;
    if (change.comando !== undefined) {
      const current = await trx
        .selectFrom('users')
        .select('direitos_id')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      const others = rightsOf(current.direitos_id).filter((r) => r !== COMMAND_RIGHT);
      set.direitos_id = JSON.stringify(change.comando ? [COMMAND_RIGHT, ...others] : others);
    }
    if (Object.keys(set).length > 0) {
      await trx.updateTable('users').set(set).where('id', '=', user.id).execute();
    }
    if (change.sistemas !== undefined) await setSystems(trx, user.id, change.sistemas);
    if (change.bloqueado) await revokeUserFamilies(trx, user.id);
    await auditAdmin(trx, {
      userId: byUserId,
      action: change.bloqueado ? 'admin.usuario.bloquear' : 'admin.usuario.alterar',
      entity: 'usuario',
      entityId: user.id,
      details: { system_id: user.sistemas[0], login: user.login, ...change },
    });
  });
}

/** A new temporary password: the user must change it at the next sign-in; other sessions end. */
export async function setTemporaryPassword(
  db: Db,
  user: UsuarioAdmin,
  passwordHash: string,
  byUserId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, must_change_password: 1 })
      .where('id', '=', user.id)
      .execute();
    await revokeUserFamilies(trx, user.id);
    await auditAdmin(trx, {
      userId: byUserId,
      action: 'admin.usuario.senha',
      entity: 'usuario',
      entityId: user.id,
      details: { system_id: user.sistemas[0], login: user.login, sistemas: user.sistemas },
    });
  });
}
