import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { POSTGRES_URL } from '../../../../test-support/services.js';

export interface ThrowawayDatabase {
  /** A `DATABASE_URL` for server processes. */
  url: string;
  drop(): Promise<void>;
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * An empty database of the kind `VIGIA_TEST_DB` selects, by URL, for tests
 * that start server processes: a temporary SQLite file or a fresh PostgreSQL
 * database on POSTGRES_URL.
 */
export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const suffix = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (process.env.VIGIA_TEST_DB === 'postgres') {
    const name = `vigia_test_${suffix}`;
    await admin(`create database ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: () => admin(`drop database if exists ${name} with (force)`),
    };
  }
  const file = join(tmpdir(), `vigia-proc-${suffix}.db`);
  return {
    url: `sqlite:${file}`,
    drop: async () => {
      for (const ext of ['', '-wal', '-shm']) rmSync(`${file}${ext}`, { force: true });
    },
  };
}
