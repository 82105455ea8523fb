import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstRunCodeHash, hasPlatformAdmin, storeFirstRunCode } from '../store/admin/firstRun.js';
import type { Store } from '../store/database.js';
import { ownerOnlyFile } from '../store/ownerOnlyFile.js';

/** Where the one-time code is written for the server's owner (under VIGIA_DATA_DIR). */
export const FIRST_RUN_CODE_FILE = 'codigo-configuracao-inicial.txt';

const hashCode = (code: string) => createHash('sha256').update(code.trim()).digest();

/** A code a person can type: 4 groups of 4 letters and digits without look-alikes. */
function newCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/**
 * With no platform administrator yet, makes a new one-time code (its hash in
 * the database, the code in a file only the owner reads) and returns it for
 * the log. Undefined once an administrator exists.
 */
export async function prepareFirstRun(store: Store, dataDir: string): Promise<string | undefined> {
  const file = join(dataDir, FIRST_RUN_CODE_FILE);
  if (await hasPlatformAdmin(store.db)) {
    rmSync(file, { force: true });
    return undefined;
  }
  const code = newCode();
  await storeFirstRunCode(store.db, hashCode(code).toString('hex'), Math.floor(Date.now() / 1000));
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  ownerOnlyFile(file);
  writeFileSync(file, `${code}\n`);
  return code;
}

/** Whether `code` is the current one-time code (compared in constant time). */
export async function firstRunCodeMatches(store: Store, code: string): Promise<boolean> {
  const stored = await firstRunCodeHash(store.db);
  if (!stored) return false;
  const expected = Buffer.from(stored, 'hex');
  const given = hashCode(code.toUpperCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function forgetFirstRunCode(dataDir: string): void {
  rmSync(join(dataDir, FIRST_RUN_CODE_FILE), { force: true });
}
