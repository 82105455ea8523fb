import { createHash, randomBytes } from 'node:crypto';

/**
 * Device ingest keys: random, shown once, stored only as their sha256
 * (`devices.ingest_key_hash`). A key has enough entropy that a fast hash is
 * the right tool (unlike passwords).
 */
export const deviceKeyHash = (key: string): string =>
  createHash('sha256').update(key).digest('hex');

export const newDeviceKey = (): string => `vk_${randomBytes(24).toString('base64url')}`;
