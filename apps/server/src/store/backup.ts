import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { ownerOnlyFile } from './ownerOnlyFile.js';

/** One backup step of every page: a consistent copy even while another connection writes. */
const ALL_PAGES = 0x7fffffff;

export class BackupError extends Error {}

export interface BackupResult {
  pages: number;
  bytes: number;
}

/**
 * Online backup of an embedded database file through SQLite's backup API,
 * from a connection of its own: the server goes on writing (WAL readers do not
 * block writers). Every page is copied in one step, so no write of the server
 * can restart it midway; the copy is checked (`integrity_check`) and only then
 * takes the destination's name. An existing destination is refused, never
 * overwritten.
 */
export async function backupSqliteFile(source: string, destination: string): Promise<BackupResult> {
  if (!existsSync(source)) throw new BackupError(`Banco de dados não encontrado: ${source}`);
  if (existsSync(destination)) {
    throw new BackupError(`O arquivo de destino já existe (não será sobrescrito): ${destination}`);
  }
  const partial = `${destination}.parcial`;
  rmSync(partial, { force: true });
  // The copy holds what the database holds (every user's data): its owner's only.
  ownerOnlyFile(partial);
  const db = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const { totalPages } = await db.backup(partial, { progress: () => ALL_PAGES });
    const copy = new SqliteDatabase(partial, { readonly: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`Cópia inconsistente: ${String(check)}`);
    } finally {
      copy.close();
    }
    renameSync(partial, destination);
    return { pages: totalPages, bytes: statSync(destination).size };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
}
