import { DEFAULT_NOTIFICATION_PREFERENCES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/database.js';
import { savePreferences } from '../store/notifications/preferences.js';
import { createTestDatabase, type TestDatabase, testStoreAvailable } from '../store/testStore.js';
import { startServerProcess } from '../test/serverProcess.js';
import { until } from '../test/until.js';
import {
  type ReceivedHook,
  startTestHookReceiver,
  startTestMailServer,
  type TestMailServer,
} from './testMail.js';

const available = await testStoreAvailable();
const onPostgres = process.env.VIGIA_TEST_DB === 'postgres';

/**
 * `count` pending e-mails of one user (`<prefix>-<i>`), and as many webhooks
 * (`<prefix>-webhook-<i>`) when `webhookUrl` is given, decided before any server runs.
 */
async function pendingMessages(
  url: string,
  prefix: string,
  count: number,
  webhookUrl?: string,
): Promise<void> {
  const store = await openStore(url);
  try {
    const now = Math.floor(Date.now() / 1000);
    const user = await store.db
      .insertInto('users')
      .values({ login: `${prefix}.plantao`, nome: 'Plantão', password_hash: 'x', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Saved preferences give the user the key the webhooks are signed with.
    await savePreferences(store.db, user.id, DEFAULT_NOTIFICATION_PREFERENCES, now);
    const row = (key: string, channel: 'email' | 'webhook', recipient: string, i: number) => ({
      idempotency_key: key,
      system_id: 1,
      occurrence_id: null,
      user_id: user.id,
      kind: 'alarme' as const,
      channel,
      recipient,
      payload: JSON.stringify({ assunto: `${prefix} ${i}`, texto: 'x', dados: {} }),
      status: 'pending' as const,
      next_attempt_at: now,
      created_at: now,
    });
    await store.db
      .insertInto('notification_outbox')
      .values(
        Array.from({ length: count }, (_, i) => [
          row(`${prefix}-${i}`, 'email', 'plantao@empresa.com.br', i),
          ...(webhookUrl ? [row(`${prefix}-webhook-${i}`, 'webhook', webhookUrl, i)] : []),
        ]).flat(),
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

/** Rows of a prefix not tried yet (attempts 0), and successful attempts per node. */
async function outboxProgress(url: string, prefix: string) {
  const store = await openStore(url);
  try {
    const untried = await store.db
      .selectFrom('notification_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idempotency_key', 'like', `${prefix}-%`)
      .where('attempts', '=', 0)
      .executeTakeFirstOrThrow();
    const delivered = await store.db
      .selectFrom('notification_attempts as a')
      .innerJoin('notification_outbox as o', 'o.id', 'a.outbox_id')
      .select(['a.node', 'o.idempotency_key'])
      .where('o.idempotency_key', 'like', `${prefix}-%`)
      .where('a.ok', '=', 1)
      .execute();
    return { untried: Number(untried.n), delivered };
  } finally {
    await store.close();
  }
}

/**
 * The outbox across real server processes (issue 29): a node killed with -9
 * while its messages wait for the receivers, one killed while it delivers, and
 * two nodes on one PostgreSQL database.
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
  const idsIn = (server: TestMailServer, prefix: string) =>
    server.mails.filter((m) => m.messageId.startsWith(`<${prefix}-`)).map((m) => m.messageId);
  const ids = (prefix: string) => idsIn(mail, prefix);

  beforeAll(async () => {
    database = await createTestDatabase('empty');
    // A slow mail server: 75 to 225 ms before it answers each message.
    mail = await startTestMailServer(0, 150);
  });
  afterAll(async () => {
    await mail?.stop();
    await database?.drop();
  });

  it('kill -9 with 50 e-mails and 50 webhooks pending, then a restart: each delivered exactly once', async () => {
    // Neither receiver takes anything while the first node runs: the mail server is
    // down (its port known) and the webhook receiver answers 503. Nothing can be
    // in flight when the node is killed, so the next one must send each exactly once.
    const down = await startTestMailServer();
    await down.stop();
    const hooks = await startTestHookReceiver();
    hooks.status = 503;
    try {
      await pendingMessages(database.url, 'pendente', 50, hooks.url);
      const env = {
        ...base,
        DATABASE_URL: database.url,
        VIGIA_SMTP_URL: down.url,
        VIGIA_WEBHOOK_PRIVATE: '1',
      };
      const first = await startServerProcess({ ...env, VIGIA_NODE: 'primeiro' }, 40_000);
      // Every one of the 100 tried and refused at least once by the first node.
      await until(
        () => outboxProgress(database.url, 'pendente'),
        (p) => p.untried === 0,
        20_000,
      );
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      expect(await outboxStates(database.url, 'pendente')).toEqual({ pending: 100 });
      expect(idsIn(down, 'pendente')).toEqual([]);
      expect(hooks.hooks).toEqual([]);

      await down.start();
      hooks.status = 204;
      const second = await startServerProcess({ ...env, VIGIA_NODE: 'segundo' }, 40_000);
      try {
        await until(
          () => outboxStates(database.url, 'pendente'),
          (s) => s.sent === 100,
          30_000,
        );
      } finally {
        // Stopped before counting: nothing more can be sent after this.
        await second.stop();
      }
      const expected = (key: (i: number) => string) =>
        Array.from({ length: 50 }, (_, i) => key(i)).sort();
      // Each Message-ID and each X-Vigia-Id once, 50 of each, and nothing else.
      expect(idsIn(down, 'pendente').sort()).toEqual(expected((i) => `<pendente-${i}@vigia>`));
      const hookIds = hooks.hooks.map((h: ReceivedHook) => h.headers['x-vigia-id']);
      expect(hookIds.sort()).toEqual(expected((i) => `pendente-webhook-${i}`));
      expect(hooks.hooks.every((h) => h.headers['x-vigia-assinatura'])).toBe(true);
      const { delivered } = await outboxProgress(database.url, 'pendente');
      expect(delivered).toHaveLength(100);
      expect(new Set(delivered.map((d) => d.idempotency_key)).size).toBe(100);
      expect(new Set(delivered.map((d) => d.node))).toEqual(new Set(['segundo']));
    } finally {
      await down.stop().catch(() => {});
      await hooks.close();
    }
  }, 120_000);

  it('kill -9 while it delivers, then a restart: none lost; a repeat only of a message in flight, with its Message-ID', async () => {
    await pendingMessages(database.url, 'morte', 50);
    const env = { ...base, DATABASE_URL: database.url, VIGIA_SMTP_URL: mail.url };
    const first = await startServerProcess({ ...env, VIGIA_NODE: 'primeiro' }, 40_000);
    await until(
      () => ids('morte').length,
      (n) => n >= 3,
      20_000,
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
        20_000,
      );
      expect(
        await until(
          () => outboxStates(database.url, 'morte'),
          (s) => s.sent === 50,
          20_000,
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
          20_000,
        );
        await until(
          () => outboxStates(database.url, 'dois'),
          (s) => s.sent === 100,
          20_000,
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
