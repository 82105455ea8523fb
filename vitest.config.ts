import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the `source` condition,
// so tests run against src/ without a build step.
const sourceFirst = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

/**
 * The console's test files that replace a module (`vi.mock`): they run isolated, each
 * with a module registry of its own. The others share one per worker (`isolate: false`),
 * which spares importing React, Mantine and the app again for every file (133 -> 49 s).
 */
const WEB_SOURCES = fileURLToPath(new URL('./apps/web/src/', import.meta.url));
const WEB_MOCKING_FILES = readdirSync(WEB_SOURCES, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => readFileSync(join(WEB_SOURCES, file), 'utf8').includes('vi.mock('))
  .map((file) => `src/${file}`);

const webProject = (name: string, isolated: boolean) => ({
  extends: './apps/web/vite.config.ts',
  test: {
    name,
    root: './apps/web',
    include: isolated ? WEB_MOCKING_FILES : ['src/**/*.test.{ts,tsx}'],
    exclude: isolated ? [] : WEB_MOCKING_FILES,
    isolate: isolated,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
  },
});

export default defineConfig({
  ...sourceFirst,
  test: {
    // Files of every project run side by side. Most of a file's time is spent waiting
    // (on a browser, a server process, a database), so more files than cores keep
    // the two cores of CI busy.
    maxWorkers: 3,
    projects: [
      {
        ...sourceFirst,
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        ...sourceFirst,
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        ...sourceFirst,
        test: {
          name: 'server-sqlite',
          // Files share the server's modules per worker instead of importing the whole app
          // again for each (server-postgres alone: 249 -> 169 s). No server test mocks a module.
          isolate: false,
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          env: { VIGIA_TEST_DB: 'sqlite' },
          globalSetup: ['apps/server/src/test/databaseTemplates.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...sourceFirst,
        test: {
          name: 'server-postgres',
          isolate: false,
          // `*.db.test.ts` exercise the store: they run again on PostgreSQL.
          include: ['apps/server/src/**/*.db.test.ts'],
          environment: 'node',
          env: { VIGIA_TEST_DB: 'postgres' },
          globalSetup: ['apps/server/src/test/databaseTemplates.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      webProject('web', false),
      webProject('web-isolated', true),
      {
        ...sourceFirst,
        test: {
          name: 'e2e',
          // bench/smoke.test.ts: every bench's --smoke run, on the same built server and Chromium;
          // bench/api-sweep/sweep.test.ts: every GET on both databases, no event-loop block over 50 ms.
          include: [
            'e2e/**/*.e2e.test.ts',
            'bench/smoke.test.ts',
            'bench/api-sweep/sweep.test.ts',
            'bench/web/audits.test.ts',
          ],
          globalSetup: ['e2e/support/globalSetup.ts'],
          environment: 'node',
          // One more try for timing under a loaded 2-core CI machine; a real defect fails both.
          retry: 1,
          // A navigation waits for its screen's code: on a loaded machine that takes seconds,
          // not vitest's default 1 s for expect.poll.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95 },
    },
  },
});
