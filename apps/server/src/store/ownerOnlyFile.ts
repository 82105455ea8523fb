import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';

/**
 * Makes `path` readable by its owner only (0600), creating it empty if missing:
 * the token signing key's file, and a SQLite database, which holds every user's
 * data (SQLite gives its WAL and shared-memory files the main file's mode).
 */
export function ownerOnlyFile(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}

/** `ownerOnlyFile` for a SQLite database, and its WAL companions left by an earlier version. */
export function ownerOnlyDatabase(path: string): void {
  ownerOnlyFile(path);
  for (const companion of [`${path}-wal`, `${path}-shm`]) {
    if (existsSync(companion)) chmodSync(companion, 0o600);
  }
}
