import type { TestProject } from 'vitest/node';
import { type SeedOptions, seedDemo } from '../seed/demoFleet.js';
import { openStore, type Store } from '../store/database.js';
import {
  createTestDatabase,
  openTestStore,
  TEMPLATE_ENV,
  type TestDatabase,
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
  const kind = project.config.env.VIGIA_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
  // The test store's helpers read the kind from the environment, as in the workers.
  const previous = process.env.VIGIA_TEST_DB;
  process.env.VIGIA_TEST_DB = kind;
  try {
    if (!(await testStoreAvailable())) return;
    const made = await Promise.allSettled([
      makeTemplate(async () => {}),
      makeTemplate((store) => seedDemo(store, DEMO_TEST_SEED)),
    ]);
    const templates = made.flatMap((m) => (m.status === 'fulfilled' ? [m.value] : []));
    const drop = async () => {
      await Promise.all(templates.map((t) => t.drop()));
    };
    const [empty, demo] = templates;
    if (!empty || !demo) {
      await drop();
      throw made.find((m) => m.status === 'rejected')?.reason;
    }
    const names: Record<TestTemplate, string> = { empty: empty.name, demo: demo.name };
    process.env[TEMPLATE_ENV[kind]] = JSON.stringify(names);
    return drop;
  } finally {
    if (previous === undefined) delete process.env.VIGIA_TEST_DB;
    else process.env.VIGIA_TEST_DB = previous;
  }
}

async function makeTemplate(fill: (store: Store) => Promise<void>): Promise<TestDatabase> {
  const database = await createTestDatabase();
  try {
    const store = await openStore(database.url);
    try {
      await fill(store);
      // A copy of the main file alone must hold everything.
      if (store.raw.dialect === 'sqlite') store.raw.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      await store.close();
    }
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}
