import { ALL_ROUTES } from '@vigia/contract/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngest, type Ingest } from '../ingest/ingest.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

/** Served by the app but not calls of the catalogue: the API's own documentation. */
const NOT_CALLS = new Set(['GET /api/docs', 'GET /api/docs/openapi.json']);

const key = (method: string, path: string) => `${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`;

describe.skipIf(!available)('the route table and the server agree', () => {
  let t: TestApp;
  let ingest: Ingest;
  let served: Set<string>;

  beforeAll(async () => {
    // With an ingest, the device call (`POST /api/ingest`) is served too.
    const store = await openTestStore();
    ingest = createIngest({ store, batchMs: 60_000, log: { warn: () => {}, error: () => {} } });
    t = await startTestApp({ store, ingest });
    served = new Set(
      t.app.routeCatalog
        .filter((r) => /^\/(api2?|oauth)\//.test(r.url) && r.method !== 'HEAD')
        .map((r) => key(r.method, r.url)),
    );
  });
  afterAll(async () => {
    await ingest?.close();
    await t?.close();
    await t?.store.close();
  });

  it('every route of the table is served, with each of its methods', () => {
    const missing = ALL_ROUTES.flatMap((route) =>
      [route.method, ...(route.alsoMethods ?? [])]
        .map((method) => key(method, route.path))
        .filter((k) => !served.has(k)),
    );
    expect(missing).toEqual([]);
  });

  it('every served call is in the table', () => {
    const inTable = new Set(
      ALL_ROUTES.flatMap((route) =>
        [route.method, ...(route.alsoMethods ?? [])].map((method) => key(method, route.path)),
      ),
    );
    const outside = [...served].filter((k) => !inTable.has(k) && !NOT_CALLS.has(k));
    expect(outside).toEqual([]);
  });
});
