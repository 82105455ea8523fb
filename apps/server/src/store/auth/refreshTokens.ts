import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { appSecret } from './jwtSecret.js';

/**
 * A token already exchanged that comes back within this many seconds is a
 * concurrent refresh (two tabs, a retry), not theft: it gets the same
 * successor.
 */
export const REUSE_GRACE_SECONDS = 30;

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
 * compute it. `'resent'` derives the one replacement a token one step behind
 * may get (see rotateRefreshToken).
 */
async function successorOf(
  db: Kysely<Database>,
  token: string,
  kind: 'next' | 'resent' = 'next',
): Promise<string> {
  const key = await appSecret(db, 'refresh_successor');
  const hmac = createHmac('sha256', key).update(token);
  if (kind === 'resent') hmac.update('\0resent');
  return hmac.digest('base64url');
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
 * marked used by a conditional update, so one exchange creates the successor.
 * A spent token that comes back is one of:
 * - a concurrent refresh (two tabs, a retry) within REUSE_GRACE_SECONDS: it
 *   gets that same successor;
 * - a client one step behind, whose answer was lost (a tab closed while its
 *   refresh was in flight): its successor was never used, so nobody holds a
 *   later token. The successor is spent and a replacement issued, once per
 *   token: whoever still holds the successor (a thief's victim, or the thief)
 *   presents a spent token with no successor and revokes the family;
 * - anything else (its successor already used, or a second time one step
 *   behind): a stolen token, and the family is revoked.
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
  const rotated = (next: string): RotationResult => ({
    kind: 'rotated',
    userId: row.user_id,
    familyId: row.family_id,
    token: next,
  });
  const tokenRow = (value: string) =>
    db
      .selectFrom('refresh_tokens')
      .select(['id', 'used_at', 'revoked_at', 'expires_at', 'created_at'])
      .where('token_hash', '=', hashRefreshToken(value))
      .executeTakeFirst();

  /**
   * Claims the unused token `claimId` and issues `nextToken` in its family, in
   * one transaction; undefined when another exchange claimed it first.
   */
  const exchange = (claimId: number, nextToken: string) =>
    db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('id', '=', claimId)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return undefined;
      return issueRefreshToken(trx, {
        userId: row.user_id,
        familyId: row.family_id,
        ttlSeconds: options.ttlSeconds,
        now: nowDate,
        token: nextToken,
      });
    });

  const spent = async (lastTry: boolean): Promise<RotationResult> => {
    const usedAt = (await tokenRow(token))?.used_at ?? null;
    const resent = await successorOf(db, token, 'resent');
    const replacement = await tokenRow(resent);
    if (replacement) {
      // Already resent once: only a retry of that very exchange gets it again.
      if (replacement.revoked_at === null && now - replacement.created_at <= REUSE_GRACE_SECONDS) {
        return rotated(resent);
      }
    } else {
      const next = await tokenRow(successor);
      if (usedAt !== null && next && next.revoked_at === null) {
        if (now - usedAt <= REUSE_GRACE_SECONDS) return rotated(successor);
        if (next.used_at === null && next.expires_at > now) {
          const issued = await exchange(next.id, resent);
          if (issued) return rotated(issued.token);
        }
      }
    }
    // Another exchange of this token (or of its successor) may have committed
    // between the reads above (no replacement yet, then the successor spent):
    // read once more before calling it theft.
    if (!lastTry) return spent(true);
    await revokeFamily(db, row.family_id, nowDate);
    return { kind: 'reused', userId: row.user_id, familyId: row.family_id };
  };
  if (row.used_at !== null) return spent(false);
  if (row.expires_at <= now) return { kind: 'invalid' };

  const next = await exchange(row.id, successor);
  if (!next) return spent(false);
  return rotated(next.token);
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
