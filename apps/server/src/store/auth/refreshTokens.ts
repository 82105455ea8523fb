import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { appSecret } from './jwtSecret.js';

/**
 * A token already exchanged that comes back within this many seconds is a
 * concurrent refresh (two tabs, a retry), not theft: it gets the same
 * successor. Later, its reuse revokes the family.
 */
export const REUSE_GRACE_SECONDS = 10;

/** Opaque refresh tokens: 32 random bytes, base64url; only their SHA-256 is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const seconds = (now: Date) => Math.floor(now.getTime() / 1000);

export interface IssuedRefreshToken {
  token: string;
  /** The sign-in session: every token rotated from the first one shares it. */
  familyId: string;
}

/**
 * The token that replaces `token` on rotation: derived with a key of the
 * deployment, so a concurrent refresh of the same token can be handed the
 * same successor (only hashes are stored), and nobody without the key can
 * compute it.
 */
async function successorOf(db: Kysely<Database>, token: string): Promise<string> {
  const key = await appSecret(db, 'refresh_successor');
  return createHmac('sha256', key).update(token).digest('base64url');
}

/** Starts a new family (a sign-in) or continues one (a rotation, inside its transaction). */
export async function issueRefreshToken(
  db: Kysely<Database>,
  options: { userId: number; ttlSeconds: number; familyId?: string; now?: Date; token?: string },
): Promise<IssuedRefreshToken> {
  const now = seconds(options.now ?? new Date());
  const token = options.token ?? newRefreshToken();
  const familyId = options.familyId ?? randomUUID();
  await db
    .insertInto('refresh_tokens')
    .values({
      family_id: familyId,
      user_id: options.userId,
      token_hash: hashRefreshToken(token),
      expires_at: now + options.ttlSeconds,
      created_at: now,
    })
    .execute();
  return { token, familyId };
}

export type RotationResult =
  | { kind: 'rotated'; userId: number; familyId: string; token: string }
  /** Unknown, expired or revoked token. */
  | { kind: 'invalid' }
  /** A token already exchanged came back: the family is now revoked. */
  | { kind: 'reused'; userId: number; familyId: string };

/**
 * Exchanges a refresh token for a new one of the same family. The old one is
 * marked used by a conditional update, so one exchange creates the successor;
 * another exchange of the same token within REUSE_GRACE_SECONDS gets that same
 * successor, and any later one counts as reuse and revokes the family.
 */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  token: string,
  options: { ttlSeconds: number; now?: Date },
): Promise<RotationResult> {
  const nowDate = options.now ?? new Date();
  const now = seconds(nowDate);
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['id', 'family_id', 'user_id', 'expires_at', 'used_at', 'revoked_at'])
    .where('token_hash', '=', hashRefreshToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) return { kind: 'invalid' };
  const successor = await successorOf(db, token);
  const reused = async (): Promise<RotationResult> => {
    const spent = await db
      .selectFrom('refresh_tokens')
      .select('used_at')
      .where('id', '=', row.id)
      .executeTakeFirst();
    const usedAt = spent?.used_at ?? null;
    if (usedAt !== null && now - usedAt <= REUSE_GRACE_SECONDS) {
      const next = await db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('token_hash', '=', hashRefreshToken(successor))
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (next) {
        return { kind: 'rotated', userId: row.user_id, familyId: row.family_id, token: successor };
      }
    }
    await revokeFamily(db, row.family_id, nowDate);
    return { kind: 'reused', userId: row.user_id, familyId: row.family_id };
  };
  if (row.used_at !== null) return reused();
  if (row.expires_at <= now) return { kind: 'invalid' };

  const next = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return undefined;
    return issueRefreshToken(trx, {
      userId: row.user_id,
      familyId: row.family_id,
      ttlSeconds: options.ttlSeconds,
      now: nowDate,
      token: successor,
    });
  });
  if (!next) return reused();
  return { kind: 'rotated', userId: row.user_id, familyId: row.family_id, token: next.token };
}

/** The family a presented token belongs to, whatever its state. */
export async function findFamily(
  db: Kysely<Database>,
  token: string,
): Promise<{ familyId: string; userId: number } | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'user_id'])
    .where('token_hash', '=', hashRefreshToken(token))
    .executeTakeFirst();
  return row ? { familyId: row.family_id, userId: row.user_id } : undefined;
}

export async function revokeFamily(
  db: Kysely<Database>,
  familyId: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: seconds(now) })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Signs the user out everywhere, optionally keeping one session (the caller's). */
export async function revokeUserFamilies(
  db: Kysely<Database>,
  userId: number,
  options: { exceptFamilyId?: string; now?: Date } = {},
): Promise<void> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: seconds(options.now ?? new Date()) })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (options.exceptFamilyId) query = query.where('family_id', '!=', options.exceptFamilyId);
  await query.execute();
}

/** A session is alive while its family holds an unrevoked, unexpired token. */
export async function isSessionActive(
  db: Kysely<Database>,
  familyId: string,
  now = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', seconds(now))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Drops tokens past their expiry; a used token stays until then so its reuse is still caught. */
export async function purgeExpiredRefreshTokens(
  db: Kysely<Database>,
  now = new Date(),
): Promise<number> {
  const result = await db
    .deleteFrom('refresh_tokens')
    .where('expires_at', '<=', seconds(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
