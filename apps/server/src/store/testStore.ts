import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { needService, POSTGRES_URL, postgresAvailable } from '../../../../test-support/services.js';
import { openStore, type Store } from './database.js';

export class ServiceUnavailableError extends Error {}

/** Whether the database selected by VIGIA_TEST_DB can be used (throws under VIGIA_REQUIRE_SERVICES=1). */
export async function testStoreAvailable(): Promise<boolean> {
  if (process.env.VIGIA_TEST_DB !== 'postgres') return true;
  return needService('PostgreSQL', postgresAvailable);
}

/**
 * A fresh, migrated, empty store for one test file. VIGIA_TEST_DB selects
 * 'sqlite' (default: a temporary file) or 'postgres' (a throwaway database on
 * POSTGRES_URL, dropped on close). Call `testStoreAvailable()` first to skip
 * when PostgreSQL is not there.
 */
export async function openTestStore(): Promise<Store> {
  const suffix = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (process.env.VIGIA_TEST_DB === 'postgres')
    return openPostgresTestStore(`vigia_test_${suffix}`);
  const file = join(tmpdir(), `vigia-test-${suffix}.db`);
  const store = await openStore(`sqlite:${file}`);
  return {
    ...store,
    close: async () => {
      await store.close();
      for (const ext of ['', '-wal', '-shm']) rmSync(`${file}${ext}`, { force: true });
    },
  };
}

async function openPostgresTestStore(name: string): Promise<Store> {
  if (!(await postgresAvailable())) {
    throw new ServiceUnavailableError(`PostgreSQL indisponível em ${POSTGRES_URL}`);
  }
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  let store: Store;
  try {
    store = await openStore(url.toString());
  } catch (err) {
    await adminQuery(`drop database if exists ${name} with (force)`);
    throw err;
  }
  return {
    ...store,
    close: async () => {
      await store.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
