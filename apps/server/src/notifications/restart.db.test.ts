import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/database.js';
import { createTestDatabase, type TestDatabase, testStoreAvailable } from '../store/testStore.js';
import { startServerProcess } from '../test/serverProcess.js';
import { startTestMailServer, type TestMailServer } from './testMail.js';

const available = await testStoreAvailable();
const onPostgres = process.env.VIGIA_TEST_DB === 'postgres';

async function until<T>(
  read: () => T | Promise<T>,
  ok: (v: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end)
      throw new Error(`condição não atingida em ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `count` pending e-mails of one user, decided before any server runs. */
async function pendingMessages(url: string, prefix: string, count: number): Promise<void> {
  const store = await openStore(url);
  try {
    const now = Math.floor(Date.now() / 1000);
    const user = await store.db
      .insertInto('users')
      .values({ login: `${prefix}.plantao`, nome: 'Plantão', password_hash: 'x', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await store.db
      .insertInto('notification_outbox')
      .values(
        Array.from({ length: count }, (_, i) => ({
          idempotency_key: `${prefix}-${i}`,
          system_id: 1,
          occurrence_id: null,
          user_id: user.id,
          kind: 'alarme' as const,
          channel: 'email' as const,
          recipient: 'plantao@empresa.com.br',
          payload: JSON.stringify({ assunto: `${prefix} ${i}`, texto: 'x', dados: {} }),
          status: 'pending' as const,
          next_attempt_at: now,
          created_at: now,
        })),
      )
      .execute();
  } finally {
    await store.close();
  }
}

async function outboxStates(url: string, prefix: string) {
  const store = await openStore(url);
  try {
    return await store.db
      .selectFrom('notification_outbox')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('idempotency_key', 'like', `${prefix}-%`)
      .groupBy('status')
      .execute()
      .then((rows) => Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])));
  } finally {
    await store.close();
  }
}

/**
 * The outbox across real server processes (issue 29): a node killed with -9
 * while it delivers, and two nodes on one PostgreSQL database.
 */
describe.skipIf(!available)('notification outbox across server processes', () => {
  let database: TestDatabase;
  let mail: TestMailServer;
  const base = {
    VIGIA_DEMO: '0',
    VIGIA_NOTIFY_POLL_MS: '100',
    VIGIA_NOTIFY_LEASE_S: '2',
    VIGIA_NOTIFY_RETRY_S: '1',
  };
  const ids = (prefix: string) =>
    mail.mails.filter((m) => m.messageId.startsWith(`<${prefix}-`)).map((m) => m.messageId);

  beforeAll(async () => {
    database = await createTestDatabase('empty');
    // A slow mail server: 75 to 225 ms before it answers each message.
    mail = await startTestMailServer(0, 150);
  });
  afterAll(async () => {
    await mail?.stop();
    await database?.drop();
  });

  it('kill -9 with 50 pending, then a restart: every one delivered, none lost, a repeat only of one in flight', async () => {
    await pendingMessages(database.url, 'morte', 50);
    const env = { ...base, DATABASE_URL: database.url, VIGIA_SMTP_URL: mail.url };
    const first = await startServerProcess({ ...env, VIGIA_NODE: 'primeiro' }, 40_000);
    await until(
      () => ids('morte').length,
      (n) => n >= 3,
    );
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const beforeRestart = ids('morte').length;
    expect(beforeRestart).toBeLessThan(50);

    const second = await startServerProcess({ ...env, VIGIA_NODE: 'segundo' }, 40_000);
    try {
      await until(
        () => new Set(ids('morte')).size,
        (n) => n === 50,
      );
      expect(
        await until(
          () => outboxStates(database.url, 'morte'),
          (s) => s.sent === 50,
        ),
      ).toEqual({
        sent: 50,
      });
    } finally {
      await second.stop();
    }
    const received = ids('morte');
    // A message the killed node had handed to the mail server, not yet marked sent, is
    // sent again by the next node with the same Message-ID: at most one claim of 20.
    const repeats = received.length - 50;
    console.info(
      `kill -9: ${beforeRestart} entregues antes, ${repeats} repetidas (mesmo Message-ID)`,
    );
    expect(repeats).toBeLessThanOrEqual(20);
  }, 120_000);

  it.runIf(onPostgres)(
    'two server processes on one PostgreSQL database send each message once',
    async () => {
      await pendingMessages(database.url, 'dois', 100);
      const env = { ...base, DATABASE_URL: database.url, VIGIA_SMTP_URL: mail.url };
      const [a, b] = await Promise.all([
        startServerProcess({ ...env, VIGIA_NODE: 'no-a' }, 40_000),
        startServerProcess({ ...env, VIGIA_NODE: 'no-b' }, 40_000),
      ]);
      try {
        await until(
          () => ids('dois').length,
          (n) => n >= 100,
        );
        await until(
          () => outboxStates(database.url, 'dois'),
          (s) => s.sent === 100,
        );
        await new Promise((r) => setTimeout(r, 500));
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
      const received = ids('dois');
      expect(received).toHaveLength(100);
      expect(new Set(received).size).toBe(100);
    },
    120_000,
  );
});
