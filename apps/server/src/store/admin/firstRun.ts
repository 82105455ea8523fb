import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { auditAdmin } from './audit.js';

type Db = Kysely<Database>;

/** Whether a platform administrator exists: then the first run is over. */
export async function hasPlatformAdmin(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('platform_admin', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Keeps the hash of a new one-time code (the one row; an older code stops
 * working). An upsert: nodes starting together each write theirs, never a
 * duplicate key, and the last one's code is the one that works.
 */
export async function storeFirstRunCode(db: Db, codeHash: string, now: number): Promise<void> {
  await db
    .insertInto('first_run_codes')
    .values({ id: 1, code_hash: codeHash, created_at: now })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({ code_hash: codeHash, created_at: now }),
    )
    .execute();
}

export async function firstRunCodeHash(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('first_run_codes').select('code_hash').executeTakeFirst();
  return row?.code_hash;
}

export interface FirstAdministrator {
  nome: string;
  login: string;
  passwordHash: string;
}

/**
 * Creates the first platform administrator, holding every system there is,
 * and spends the code: 'closed' when one exists already (checked again inside
 * the transaction, so two racing requests create one), 'taken' for a login in use.
 */
export async function createFirstAdministrator(
  db: Db,
  admin: FirstAdministrator,
  via: 'console' | 'terminal',
): Promise<'ok' | 'closed' | 'taken'> {
  return db.transaction().execute(async (trx) => {
    if (await hasPlatformAdmin(trx)) return 'closed';
    const existing = await trx
      .selectFrom('users')
      .select('id')
      .where('login', '=', admin.login)
      .executeTakeFirst();
    if (existing) return 'taken';
    const { id } = await trx
      .insertInto('users')
      .values({
        login: admin.login,
        nome: admin.nome,
        password_hash: admin.passwordHash,
        administrator: 1,
        platform_admin: 1,
        direitos_id: '[1]',
        created_at: Math.floor(Date.now() / 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const systems = await trx.selectFrom('systems').select('id').execute();
    if (systems.length > 0) {
      await trx
        .insertInto('user_systems')
        .values(systems.map((s) => ({ user_id: id, system_id: s.id })))
        .execute();
    }
    await trx.deleteFrom('first_run_codes').execute();
    await auditAdmin(trx, {
      userId: id,
      action: 'admin.configuracao-inicial',
      entity: 'usuario',
      entityId: id,
      details: { login: admin.login, via },
    });
    return 'ok';
  });
}
