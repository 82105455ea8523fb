import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Insertable } from 'kysely';
import pg from 'pg';
import { openStore, type Store } from './database.js';
import type { ReadingsTable } from './schema.js';

interface TestServices {
  POSTGRES_URL: string;
  postgresAvailable(): Promise<boolean>;
  needService(name: string, probe: () => Promise<boolean>): Promise<boolean>;
}

/**
 * The shared probes of /test-support. Loaded at run time: this file lives in
 * src/ (tests of other folders import it) and the build's rootDir is src/.
 */
const services = async (): Promise<TestServices> =>
  (await import(
    new URL('../../../../test-support/services.ts', import.meta.url).href
  )) as TestServices;

export class ServiceUnavailableError extends Error {}

/** Whether the database selected by VIGIA_TEST_DB can be used (throws under VIGIA_REQUIRE_SERVICES=1). */
export async function testStoreAvailable(): Promise<boolean> {
  if (process.env.VIGIA_TEST_DB !== 'postgres') return true;
  const { needService, postgresAvailable } = await services();
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
  const { POSTGRES_URL, postgresAvailable } = await services();
  if (!(await postgresAvailable())) {
    throw new ServiceUnavailableError(`PostgreSQL indisponível em ${POSTGRES_URL}`);
  }
  const adminQuery = (text: string) => runAdmin(POSTGRES_URL, text);
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

async function runAdmin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Writes history rows in statements of 500 (a statement's parameters are limited). */
export async function insertReadingRows(
  store: Store,
  rows: readonly Insertable<ReadingsTable>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await store.db
      .insertInto('readings')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
