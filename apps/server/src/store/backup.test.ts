import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, backupSqliteFile } from './backup.js';
import { openStore, type Store } from './database.js';
import { insertReadingRows } from './testStore.js';

const countReadings = async (store: Store) =>
  Number(
    (
      await store.db
        .selectFrom('readings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('online backup of the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigia-backup-'));
  const source = join(dir, 'vigia.db');
  let store: Store;
  beforeAll(async () => {
    store = await openStore(`sqlite:${source}`);
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      tag_id: i % 50,
      ts: 1_700_000_000 + i,
      valor: i,
      qos: 0,
    }));
    await insertReadingRows(store, rows);
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies a consistent database while the server goes on writing, and the copy restores', async () => {
    let writing = true;
    let ts = 1_800_000_000;
    const writer = (async () => {
      while (writing) {
        const batch = Array.from({ length: 200 }, (_, i) => ({
          tag_id: 99,
          ts: ts + i,
          valor: i,
          qos: 0,
        }));
        ts += 200;
        await store.db.insertInto('readings').values(batch).execute();
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const before = await countReadings(store);
    const destination = join(dir, 'copia.db');
    const result = await backupSqliteFile(source, destination);
    // The writer went on during the copy: at least one more batch lands before it stops.
    while ((await countReadings(store)) === before) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    writing = false;
    await writer;
    const after = await countReadings(store);
    expect(result.pages).toBeGreaterThan(0);
    // The database and its copy hold every user's data: their owner's only.
    for (const file of [source, `${source}-wal`, destination]) {
      expect(statSync(file).mode & 0o777, file).toBe(0o600);
    }
    // A database in a folder that does not exist yet gets a folder of its owner's only.
    const nested = join(dir, 'pasta-nova', 'vigia.db');
    await (await openStore(`sqlite:${nested}`)).close();
    expect(statSync(join(dir, 'pasta-nova')).mode & 0o777).toBe(0o700);

    // Restore as the README says: the copy takes the database's place.
    const restoredPath = join(dir, 'restaurado.db');
    copyFileSync(destination, restoredPath);
    const restored = await openStore(`sqlite:${restoredPath}`);
    try {
      const n = await countReadings(restored);
      expect(n).toBeGreaterThanOrEqual(before);
      expect(n).toBeLessThanOrEqual(after);
      // Whole batches only: a transaction is in the copy entirely or not at all.
      expect((n - 20_000) % 200).toBe(0);
    } finally {
      await restored.close();
    }
  });

  it('never overwrites an existing file and names a missing database', async () => {
    const existing = join(dir, 'existente.db');
    writeFileSync(existing, 'não apague');
    await expect(backupSqliteFile(source, existing)).rejects.toThrow(BackupError);
    await expect(backupSqliteFile(join(dir, 'nenhum.db'), join(dir, 'x.db'))).rejects.toThrow(
      'Banco de dados não encontrado',
    );
  });
});
