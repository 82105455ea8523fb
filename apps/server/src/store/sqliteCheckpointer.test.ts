import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CHECKPOINT_EVERY_MS,
  checkpointOffLoop,
  WRITER_BACKSTOP_PAGES,
} from './sqliteCheckpointer.js';

describe('the SQLite log is written back by a worker thread', () => {
  let dir: string;
  let path: string;
  let writer: SqliteDatabase.Database;
  let stop: (() => Promise<void>) | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vigia-checkpoint-'));
    path = join(dir, 'vigia.db');
    writer = new SqliteDatabase(path);
    writer.pragma('journal_mode = WAL');
    writer.pragma('synchronous = NORMAL');
    writer.exec('create table t (id integer primary key, body blob not null)');
  });
  afterEach(async () => {
    await stop?.();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** About 4 MB in one transaction: past SQLite's default 1,000-page checkpoint, under the backstop. */
  const write = () => {
    const insert = writer.prepare('insert into t (body) values (?)');
    writer.transaction(() => {
      for (let i = 0; i < 1_000; i++) insert.run(Buffer.alloc(4_096, i % 251));
    })();
  };
  const until = async (done: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  };

  it('the writer no longer checkpoints: its rows reach the file from the worker', async () => {
    stop = checkpointOffLoop(path, writer, { startAfterMs: 0 });
    await until(() => writer.pragma('wal_autocheckpoint', { simple: true }) !== 1_000, 2_000);
    expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(WRITER_BACKSTOP_PAGES);

    const before = statSync(path).size;
    write();
    // The commit left the rows in the log only: the writer did not write them back.
    expect(statSync(path).size).toBe(before);
    await until(() => statSync(path).size > before + 3_000_000, CHECKPOINT_EVERY_MS * 5);
    expect(statSync(path).size).toBeGreaterThan(before + 3_000_000);
  });

  it('stopped before it started, it changes nothing', async () => {
    stop = checkpointOffLoop(path, writer, { startAfterMs: 60_000 });
    await stop();
    expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
  });

  it('a worker that cannot start is told, and the writer checkpoints itself again', async () => {
    const errors: Error[] = [];
    stop = checkpointOffLoop(join(dir, 'ausente.db'), writer, {
      startAfterMs: 0,
      onError: (error) => errors.push(error),
    });
    await until(() => errors.length > 0, 5_000);
    expect(errors[0]?.message).toBe('a thread de checkpoint parou: SQLITE_CANTOPEN');
    await until(() => writer.pragma('wal_autocheckpoint', { simple: true }) === 1_000, 5_000);
    expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
  });
});
