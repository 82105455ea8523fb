import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Config, ConfigError } from '../config.js';
import { moveLegacyJwtSecret } from '../store/auth/jwtSecret.js';
import type { Store } from '../store/database.js';
import { ownerOnlyFile } from '../store/ownerOnlyFile.js';
import type { SigningSecrets } from './accessTokens.js';

/** Under `VIGIA_DATA_DIR`: the signing key, then (during a rollover) the one before it. */
export const SIGNING_SECRET_FILE = 'chave-tokens.txt';

const MIN_LENGTH = 32;

export interface ResolvedSigningSecrets extends SigningSecrets {
  /** From `VIGIA_JWT_SECRET`, else from `file`. */
  fromEnvironment: boolean;
  file: string;
  /** A key found in the database (an older version's) was moved to `file` on this start. */
  movedFromDatabase: boolean;
}

/**
 * The access-token signing secrets, never kept in the database (whoever read
 * the database file could otherwise sign an administrator's token):
 * `VIGIA_JWT_SECRET` (and `VIGIA_JWT_SECRET_PREVIOUS`) when set, else the file
 * `<dataDir>/chave-tokens.txt`, readable by its owner only, generated on the
 * first start. A key an older version kept in the database is moved to that
 * file once (written first, then deleted), so its sessions go on.
 */
export async function resolveSigningSecrets(
  config: Pick<Config, 'jwtSecret' | 'jwtSecretPrevious' | 'dataDir'>,
  store: Store,
): Promise<ResolvedSigningSecrets> {
  const file = join(config.dataDir, SIGNING_SECRET_FILE);
  const movedFromDatabase = await moveLegacyJwtSecret(store, (secret) => {
    createSecretFile(file, secret);
  });
  if (config.jwtSecret !== undefined) {
    return {
      current: config.jwtSecret,
      previous: config.jwtSecretPrevious,
      fromEnvironment: true,
      file,
      movedFromDatabase,
    };
  }
  createSecretFile(file, randomBytes(48).toString('base64url'));
  return { ...readSecretFile(file), fromEnvironment: false, file, movedFromDatabase };
}

/**
 * Writes `secret` as the file's content unless the file exists. Written whole
 * under another name and linked into place, so processes starting side by side
 * on one folder never see a half-written file and all end up with the one
 * that got there first.
 */
export function createSecretFile(file: string, secret: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
}

/** The file's secrets: the first line signs, a second one is still accepted. */
export function readSecretFile(file: string): SigningSecrets {
  ownerOnlyFile(file);
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const [current, previous, ...more] = lines;
  if (current === undefined || more.length > 0 || lines.some((l) => l.length < MIN_LENGTH)) {
    throw new ConfigError(
      `${file}: esperada uma chave por linha (a atual e, durante a troca, a anterior), ` +
        `cada uma com ao menos ${MIN_LENGTH} caracteres`,
    );
  }
  return { current, previous };
}
