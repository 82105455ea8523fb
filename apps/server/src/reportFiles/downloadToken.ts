import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A download URL's token: bucket, key and expiry signed with the deployment's
 * key (HMAC-SHA256), so a plain link (no bearer token) downloads one file
 * for a few minutes, like a storage service's presigned URL.
 */

interface Claims {
  b: string;
  k: string;
  e: number;
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

export function downloadToken(secret: string, bucket: string, key: string, expiresAt: number) {
  const payload = Buffer.from(JSON.stringify({ b: bucket, k: key, e: expiresAt })).toString(
    'base64url',
  );
  return `${payload}.${sign(secret, payload)}`;
}

/** The bucket and key of a valid, unexpired token; undefined otherwise. */
export function readDownloadToken(
  secret: string,
  token: string,
  nowSec: number,
): { bucket: string; key: string } | undefined {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Partial<Claims>;
    if (typeof claims.b !== 'string' || typeof claims.k !== 'string') return undefined;
    if (typeof claims.e !== 'number' || claims.e < nowSec) return undefined;
    return { bucket: claims.b, key: claims.k };
  } catch {
    return undefined;
  }
}
