import { randomBytes } from 'node:crypto';
import { copyFileSync, rmSync } from 'node:fs';
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

/** What a test store starts from: a migrated empty database, or one with the demo fleet. */
export type TestTemplate = 'empty' | 'demo';
export type TestDatabaseKind = 'sqlite' | 'postgres';

/**
 * Where the server projects' global setup (src/test/databaseTemplates.ts) leaves
 * the databases it made once for the run, as JSON `{ empty, demo }`: SQLite file
 * paths, or PostgreSQL database names. Unset (a bench, a file run by hand without
 * the setup): every store is made and migrated from scratch.
 */
export const TEMPLATE_ENV: Record<TestDatabaseKind, string> = {
  sqlite: 'VIGIA_TEST_TEMPLATES_SQLITE',
  postgres: 'VIGIA_TEST_TEMPLATES_POSTGRES',
};

const testDatabaseKind = (): TestDatabaseKind =>
  process.env.VIGIA_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

function templateOf(kind: TestDatabaseKind, template: TestTemplate): string | undefined {
  const raw = process.env[TEMPLATE_ENV[kind]];
  return raw ? (JSON.parse(raw) as Record<TestTemplate, string>)[template] : undefined;
}

/** A database of a test's own, by URL, for a store or a server process. */
export interface TestDatabase {
  /** A `DATABASE_URL`. */
  url: string;
  /** The SQLite file or the PostgreSQL database's name (what a copy is made from). */
  name: string;
  drop(): Promise<void>;
}

/**
 * A database of the kind VIGIA_TEST_DB selects: a temporary SQLite file
 * ('sqlite', the default) or a fresh database on POSTGRES_URL ('postgres').
 * With `template` and the run's templates, a copy of it (a file copy; `CREATE
 * DATABASE … TEMPLATE`); otherwise empty, unmigrated.
 */
export async function createTestDatabase(template?: TestTemplate): Promise<TestDatabase> {
  const suffix = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const kind = testDatabaseKind();
  const source = template ? templateOf(kind, template) : undefined;
  if (kind === 'postgres') {
    const { POSTGRES_URL, postgresAvailable } = await services();
    if (!(await postgresAvailable())) {
      throw new ServiceUnavailableError(`PostgreSQL indisponível em ${POSTGRES_URL}`);
    }
    const name = `vigia_test_${suffix}`;
    await runAdmin(POSTGRES_URL, `create database ${name}${source ? ` template ${source}` : ''}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      name,
      drop: () => runAdmin(POSTGRES_URL, `drop database if exists ${name} with (force)`),
    };
  }
  const file = join(tmpdir(), `vigia-test-${suffix}.db`);
  if (source) copyFileSync(source, file);
  return { url: `sqlite:${file}`, name: file, drop: async () => removeSqliteFile(file) };
}

/**
 * A fresh, migrated store of its own for one test file (see
 * `createTestDatabase`), dropped on close. A copy of the run's `template`
 * where there is one; otherwise migrated empty, and a 'demo' caller seeds it
 * (`seedDemo` skips a seeded database). Call `testStoreAvailable()` first to
 * skip when PostgreSQL is not there.
 */
export async function openTestStore(template: TestTemplate = 'empty'): Promise<Store> {
  const database = await createTestDatabase(template);
  let store: Store;
  try {
    store = await openStore(database.url);
  } catch (err) {
    await database.drop();
    throw err;
  }
  return {
    ...store,
    close: async () => {
      await store.close();
      await database.drop();
    },
  };
}

/** A SQLite database file and its WAL companions. */
function removeSqliteFile(file: string): void {
  for (const ext of ['', '-wal', '-shm']) rmSync(`${file}${ext}`, { force: true });
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
