import { resolve } from 'node:path';
import { BackupError, backupSqliteFile } from './store/backup.js';

/**
 * `npm run backup -- <destino.db>`: online copy of the embedded database named
 * by DATABASE_URL (default sqlite:data/vigia.db) while the server runs.
 */
async function main(): Promise<number> {
  const destination = process.argv[2];
  const url = process.env.DATABASE_URL ?? 'sqlite:data/vigia.db';
  if (!destination) {
    console.error('Uso: npm run backup -- <arquivo-de-destino.db>');
    return 2;
  }
  if (!url.startsWith('sqlite:')) {
    console.error('PostgreSQL: use as ferramentas do próprio servidor (pg_dump, pg_basebackup).');
    return 2;
  }
  const started = performance.now();
  try {
    const { pages, bytes } = await backupSqliteFile(
      resolve(url.slice('sqlite:'.length)),
      resolve(destination),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Cópia de segurança gravada em ${destination}: ${pages} páginas, ${bytes} bytes, ${seconds} s.`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : error);
    return 1;
  }
}

process.exitCode = await main();
