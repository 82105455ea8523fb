import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { POSTGRES_URL } from '../../../../test-support/services.js';
import { type SeedOptions, seedDemo } from '../seed/demoFleet.js';
import { openStore, type Store } from '../store/database.js';
import {
  openTestStore,
  removeSqliteFile,
  runAdmin,
  TEMPLATE_ENV,
  type TestDatabaseKind,
  type TestTemplate,
  testStoreAvailable,
} from '../store/testStore.js';

/** The demo fleet of the server tests: one day of history (they read no month of charts). */
export const DEMO_TEST_SEED: SeedOptions = { seed: 1, users: true, historyDays: 1 };

/**
 * A test file's own store with the demo fleet (`DEMO_TEST_SEED`): a copy of the
 * run's demo template, or, without one, seeded here.
 */
export async function openDemoTestStore(): Promise<Store> {
  const store = await openTestStore('demo');
  await seedDemo(store, DEMO_TEST_SEED);
  return store;
}

/**
 * Global setup of the server projects: migrates (and seeds) each template
 * database once per run, so a test file's store is a copy instead of a fresh
 * migration and seed (about a second a file on SQLite, more on PostgreSQL).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const kind: TestDatabaseKind =
    project.config.env.VIGIA_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
  if (kind === 'postgres') {
    process.env.VIGIA_TEST_DB = 'postgres';
    const available = await testStoreAvailable().finally(() => {
      delete process.env.VIGIA_TEST_DB;
    });
    if (!available) return;
  }
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const names: Record<TestTemplate, string> =
    kind === 'postgres'
      ? { empty: `vigia_tpl_${suffix}_empty`, demo: `vigia_tpl_${suffix}_demo` }
      : {
          empty: join(tmpdir(), `vigia-tpl-${suffix}-empty.db`),
          demo: join(tmpdir(), `vigia-tpl-${suffix}-demo.db`),
        };
  const drop = () =>
    Promise.all(
      Object.values(names).map((name) =>
        kind === 'postgres'
          ? runAdmin(POSTGRES_URL, `drop database if exists ${name} with (force)`)
          : removeSqliteFile(name),
      ),
    ).then(() => {});
  try {
    await Promise.all([
      makeTemplate(kind, names.empty, async () => {}),
      makeTemplate(kind, names.demo, (store) => seedDemo(store, DEMO_TEST_SEED)),
    ]);
  } catch (error) {
    await drop();
    throw error;
  }
  process.env[TEMPLATE_ENV[kind]] = JSON.stringify(names);
  return drop;
}

async function makeTemplate(
  kind: TestDatabaseKind,
  name: string,
  fill: (store: Store) => Promise<void>,
): Promise<void> {
  let url = `sqlite:${name}`;
  if (kind === 'postgres') {
    await runAdmin(POSTGRES_URL, `create database ${name}`);
    const server = new URL(POSTGRES_URL);
    server.pathname = `/${name}`;
    url = server.toString();
  }
  const store = await openStore(url);
  try {
    await fill(store);
    // A copy of the main file alone must hold everything.
    if (store.raw.dialect === 'sqlite') store.raw.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await store.close();
  }
}
