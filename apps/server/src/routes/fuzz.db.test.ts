import { ALL_ROUTES } from '@vigia/contract/api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceKeyHash } from '../ingest/deviceKey.js';
import { createIngest, type Ingest } from '../ingest/ingest.js';
import { OPENAPI_PATH } from '../plugins/openapi.js';
import type { Store } from '../store/database.js';
import { testStoreAvailable } from '../store/testStore.js';
import { openDemoTestStore } from '../test/databaseTemplates.js';
import {
  describeRequest,
  type FuzzRequest,
  HOSTILE_HEADER_TEXT,
  requestsFor,
} from '../test/fuzzRequests.js';
import { type OpenApiDocument, type Operation, operationsOf } from '../test/openApi.js';
import { notPortugueseError } from '../test/portugueseError.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

const DEVICE_KEY = 'chave-do-fuzz-0123456789';
/** The public calls (sign-in, health, device ingest) mostly with a real device key, both ways, or a hostile one. */
const DEVICE_CREDENTIALS = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ 'x-device-key': DEVICE_KEY }) },
  fc.constant({ authorization: `Device ${DEVICE_KEY}` }),
  fc.constantFrom(...HOSTILE_HEADER_TEXT).map((key) => ({ 'x-device-key': key })),
  fc.constant({}),
);

/** Requests a run sends at least (VIGIA_FUZZ_REQUESTS raises it for a longer hunt). */
const REQUESTS = Number(process.env.VIGIA_FUZZ_REQUESTS ?? 10_000);
/**
 * The seed of the run (printed): fixed by default, so the suite in `npm test`
 * asks the same 10,000 questions every time; VIGIA_FUZZ_SEED=<n> replays a
 * run and VIGIA_FUZZ_SEED=random hunts with a new one.
 */
const SEED =
  process.env.VIGIA_FUZZ_SEED === 'random'
    ? (Date.now() ^ (Math.random() * 2 ** 31)) | 0
    : Number(process.env.VIGIA_FUZZ_SEED ?? 20_261_125);

/**
 * The administration's and the notifications' escalation calls, fuzzed as the platform
 * administrator (demo administers nothing: every answer would be the same 403).
 */
const ADMINISTRATION = /^\/api\/(admin|auditoria)(\/|$)|^\/api\/notificacoes\/escalonamento\//;
/** Notification and administration calls: each must be reached past its permission check. */
const MUST_REACH = /^\/api\/(admin|auditoria|notificacoes)(\/|$)/;

interface Tally {
  requests: number;
  byStatus: Map<number, number>;
}

/**
 * Every operation of the app's OpenAPI document (so a new route is fuzzed
 * without a change here) gets requests built from its path, query and body
 * schemas with hostile values mixed in, authenticated as demo. No answer may
 * be 5xx, no request may crash the app, and every 4xx carries a pt-BR `error`.
 */
describe.skipIf(!available)('fuzzing every route from its schemas', () => {
  let t: TestApp;
  let store: Store;
  let ingest: Ingest;
  let operations: Operation[];
  const tally: Tally = { requests: 0, byStatus: new Map() };

  beforeAll(async () => {
    // With an ingest, the device call (`POST /api/ingest`) is served and fuzzed too, with a real key.
    store = await openDemoTestStore();
    const device = await store.db
      .selectFrom('devices')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await store.db
      .updateTable('devices')
      .set({ ingest_key_hash: deviceKeyHash(DEVICE_KEY) })
      .where('id', '=', device.id)
      .execute();
    ingest = createIngest({ store, batchMs: 20, log: { warn: () => {}, error: () => {} } });
    t = await startTestApp({ store, ingest });
    const document = (
      await t.app.inject({ method: 'GET', url: OPENAPI_PATH })
    ).json<OpenApiDocument>();
    // The administrator's calls last: resetting a password or blocking a user ends demo's
    // sessions, and demo's calls after them would all answer 401.
    const all = operationsOf(document);
    operations = [
      ...all.filter((op) => !ADMINISTRATION.test(op.path)),
      ...all.filter((op) => ADMINISTRATION.test(op.path)),
    ];
  });
  afterAll(async () => {
    await ingest?.close();
    await t?.close();
    await store?.close();
  });

  /** Statuses of the current operation's answers. */
  let operationStatuses = new Set<number>();

  /** Why an answer is wrong, or null. */
  const problemWith = async (request: FuzzRequest): Promise<string | null> => {
    let status: number;
    let body: string;
    let headers: Record<string, unknown>;
    try {
      const response = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        payload: request.payload,
      });
      status = response.statusCode;
      body = response.body;
      headers = response.headers;
    } catch (error) {
      return `a requisição falhou sem resposta: ${(error as Error).message}`;
    }
    tally.requests += 1;
    operationStatuses.add(status);
    tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
    if (status >= 500) return `${status} ${body.slice(0, 200)}`;
    if (headers['x-content-type-options'] !== 'nosniff')
      return `${status} sem cabeçalhos de segurança`;
    if (status >= 400) {
      const why = notPortugueseError(status, body);
      if (why) return `${status} ${why} (${body.slice(0, 200)})`;
    }
    return null;
  };

  it(`≥ ${REQUESTS} requests: no 5xx, no crash, a pt-BR error on every 4xx`, async () => {
    const started = performance.now();
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((op) => `${op.method} ${op.path}`)).toContain('POST /api/ingest');
    const demo = await t.authHeader('demo');
    const runsEach = Math.ceil(REQUESTS / operations.length);
    const failures: string[] = [];
    const slowest: [string, number][] = [];
    /** Administration and notification calls every answer of which was 401 or 403. */
    const neverReached: string[] = [];
    let reachedCount = 0;
    for (const [index, operation] of operations.entries()) {
      // A fresh session per operation: a fuzzed logout ends only its own.
      // An event stream never ends when it opens: it is fuzzed without credentials (its token check).
      const headers = operation.streams
        ? {}
        : !operation.secured
          ? DEVICE_CREDENTIALS
          : operation.path === '/api/oauth/logout'
            ? await t.authHeader('demo')
            : ADMINISTRATION.test(operation.path)
              ? // A fresh session too: a fuzzed password change ends the sessions it ends.
                await t.authHeader('admin')
              : demo;
      operationStatuses = new Set();
      const opStarted = performance.now();
      const details = await fc.check(
        fc.asyncProperty(requestsFor(operation, headers), async (request) => {
          const problem = await problemWith(request);
          if (problem) throw new Error(problem);
        }),
        { numRuns: runsEach, seed: SEED + index, endOnFailure: true },
      );
      slowest.push([`${operation.method} ${operation.path}`, performance.now() - opStarted]);
      if (MUST_REACH.test(operation.path)) {
        reachedCount += 1;
        if ([...operationStatuses].every((s) => s === 401 || s === 403)) {
          neverReached.push(`${operation.method} ${operation.path}: ${[...operationStatuses]}`);
        }
      }
      if (details.failed) {
        const [request] = details.counterexample ?? [];
        failures.push(
          `${operation.method} ${operation.path}: ${(details.errorInstance as Error | undefined)?.message}\n    ${
            request ? describeRequest(request) : ''
          }`,
        );
      }
    }
    // The app still answers after all of it.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const seconds = (performance.now() - started) / 1000;
    const count = (test: (s: number) => boolean) =>
      [...tally.byStatus].filter(([s]) => test(s)).reduce((sum, [, n]) => sum + n, 0);
    const statuses = [...tally.byStatus]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    console.info(
      `[fuzz ${process.env.VIGIA_TEST_DB ?? 'sqlite'}] seed ${SEED}: ${tally.requests} requisições em ${operations.length} rotas, ` +
        `${count((s) => s < 400)} 2xx/3xx, ${count((s) => s >= 400 && s < 500)} 4xx, ${count((s) => s >= 500)} 5xx, ` +
        `${seconds.toFixed(1)} s (${statuses}); ${reachedCount} rotas de administração e notificações; mais lentas: ${slowest
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([route, ms]) => `${route} ${(ms / 1000).toFixed(1)} s`)
          .join(', ')}`,
    );
    expect(failures).toEqual([]);
    expect(neverReached).toEqual([]);
    // Every administration and notification call of the contract was fuzzed.
    expect(reachedCount).toBeGreaterThanOrEqual(
      ALL_ROUTES.filter((r) => MUST_REACH.test(r.path)).length,
    );
    expect(health.statusCode).toBe(200);
    expect(tally.requests).toBeGreaterThanOrEqual(REQUESTS);
  }, 600_000);
});
