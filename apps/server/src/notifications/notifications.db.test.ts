import { createHmac } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  zonedParts,
} from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../events/eventBus.js';
import { deviceKeyHash } from '../ingest/deviceKey.js';
import { createIngest, type Ingest } from '../ingest/ingest.js';
import { createFixture, type Fixture } from '../ingest/testFixture.js';
import type { Store } from '../store/database.js';
import { savePreferences } from '../store/notifications/preferences.js';
import { acknowledgeOccurrences } from '../store/occurrences/acknowledge.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp, testConfig } from '../test/testApp.js';
import { until } from '../test/until.js';
import { startNotificationService } from './notificationService.js';
import {
  type ReceivedHook,
  startTestHookReceiver,
  startTestMailServer,
  type TestMailServer,
} from './testMail.js';

const available = await testStoreAvailable();
const KEY = 'vk_chave-notificacoes-0123456789abcdef';
const quiet = { warn: () => {}, error: () => {}, info: () => {} };

/** 'HH:mm' in São Paulo `minutes` from now. */
function clockIn(minutes: number): string {
  const p = zonedParts(Date.now() + minutes * 60_000);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

describe.skipIf(!available)('alarm notifications, SMTP and webhook (issue 29)', () => {
  let store: Store;
  let fx: Fixture;
  let mail: TestMailServer;
  let receiver: Awaited<ReturnType<typeof startTestHookReceiver>>;
  let ingest: Ingest;
  let t: TestApp;
  const bus = new EventBus();
  const now = () => Math.floor(Date.now() / 1000);

  /** Users of the test, by role. */
  const U = {
    plantao: 9101, // system 1, on shift now, e-mail and webhook
    outro: 9102, // system 2 only: never told of system 1
    admin: 9103, // administrator of system 1, e-mail only in administration
    exigente: 9104, // system 1, only criticality 25 and above
    silencio: 9105, // system 1, quiet hours now
    fora: 9106, // system 1, not on shift now, escalation only
  };
  const emailOf = (id: number) => `u${id}@empresa.com.br`;
  const prefs = (id: number, p: Partial<NotificationPreferences>) =>
    savePreferences(
      store.db,
      id,
      {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        email: true,
        enderecoEmail: emailOf(id),
        criticoMinimo: 0,
        ...p,
      },
      now(),
    );

  /** An occurrence written and announced as the engine would (for floods and filters). */
  let ruleless = 0;
  async function raise(
    deviceId: number,
    systemId: number,
    critico: number,
    nome = 'Alarme de teste',
  ) {
    ruleless += 1;
    const row = await store.db
      .insertInto('occurrences')
      .values({
        system_id: systemId,
        device_id: deviceId,
        site_id: deviceId,
        rule_id: null,
        critico,
        is_evt: 0,
        hora_ativacao: now(),
        raised_at: now(),
        nome_alarme: nome,
        valor_falha: ruleless,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    bus.publish({
      type: 'occurrence.opened',
      sisId: systemId,
      deviceId,
      occurrenceId: row.id,
      critico,
    });
    return row.id;
  }
  const mailsTo = (id: number) => mail.mails.filter((m) => m.to === emailOf(id));
  const hooksOf = (occurrenceId: number) =>
    receiver.hooks.filter((h: ReceivedHook) => JSON.parse(h.body).ocorrenciaId === occurrenceId);

  beforeAll(async () => {
    store = await openTestStore();
    fx = await createFixture(store);
    const created_at = now();
    await store.db
      .insertInto('users')
      .values(
        Object.values(U).map((id) => ({
          id,
          login: `u${id}`,
          nome: `Usuário ${id}`,
          password_hash: 'x',
          created_at,
          administrator: id === U.admin ? (1 as const) : (0 as const),
          email: emailOf(id),
        })),
      )
      .execute();
    await store.db
      .insertInto('user_systems')
      .values(Object.values(U).map((id) => ({ user_id: id, system_id: id === U.outro ? 2 : 1 })))
      .execute();
    const weekday = zonedParts(Date.now()).weekday;
    await store.db
      .insertInto('schedules')
      .values([
        {
          user_id: U.plantao,
          system_id: 1,
          dia_semana: weekday,
          entrada: '00:00',
          saida: '23:59',
          created_at,
        },
        {
          user_id: U.fora,
          system_id: 1,
          dia_semana: (weekday + 3) % 7,
          entrada: '00:00',
          saida: '23:59',
          created_at,
        },
      ])
      .execute();
    await store.db
      .updateTable('devices')
      .set({ ingest_key_hash: deviceKeyHash(KEY) })
      .where('id', '=', fx.deviceId)
      .execute();
    mail = await startTestMailServer();
    receiver = await startTestHookReceiver();
    await prefs(U.plantao, { webhook: true, webhookUrl: receiver.url, somenteEmPlantao: true });
    await prefs(U.outro, {});
    await prefs(U.exigente, { criticoMinimo: 25 });
    await prefs(U.silencio, { silencio: { inicio: clockIn(-60), fim: clockIn(60) } });
    await prefs(U.fora, { somenteEmPlantao: true });
    ingest = createIngest({ store, publish: bus, batchMs: 20, log: quiet });
    t = await startTestApp({
      store,
      bus,
      ingest,
      env: {
        VIGIA_SMTP_URL: mail.url,
        VIGIA_WEBHOOK_PRIVATE: '1',
        VIGIA_PUBLIC_URL: 'https://vigia.exemplo',
        VIGIA_NOTIFY_POLL_MS: '100',
        VIGIA_NOTIFY_RETRY_S: '1',
        VIGIA_NOTIFY_FLOOD_WINDOW_S: '2',
        VIGIA_ESCALATION_MINUTE_S: '1',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await ingest?.close();
    await mail?.stop();
    await receiver?.close();
    await store?.close();
  });

  it('a critical alarm from an HTTP reading reaches the on-shift user by e-mail and a signed webhook within 10 s; nobody of another system', async () => {
    const started = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': KEY },
      payload: { ts: now(), leituras: { alarmesGMG: 1 } },
    });
    expect(response.statusCode).toBe(202);
    const occurrence = await until(
      () =>
        store.db
          .selectFrom('occurrences')
          .select('id')
          .where('device_id', '=', fx.deviceId)
          .where('nome_alarme', '=', 'Falha na partida')
          .executeTakeFirst(),
      (row) => row !== undefined,
    );
    const id = occurrence?.id as number;
    const [mailed] = await until(
      () => mailsTo(U.plantao),
      (m) => m.length === 1,
    );
    const [hook] = await until(
      () => hooksOf(id),
      (h) => h.length === 1,
    );
    expect(Date.now() - started).toBeLessThan(10_000);

    expect(mailed?.subject).toBe('[Vigia] Alarme crítico: Falha na partida — GMG A');
    expect(mailed?.text).toContain('Dispositivo: GMG A');
    expect(mailed?.text).toContain('Local: Local de teste');
    expect(mailed?.text).toContain('(horário de Brasília)');
    expect(mailed?.text).toContain(
      `Ver o alarme: https://vigia.exemplo/#/1/site/0/0/${fx.deviceId}/ocorrencias/ativas`,
    );
    expect(mailed?.messageId).toBe(`<alarme-${id}-${U.plantao}-email@vigia>`);

    const secret = (
      await store.db
        .selectFrom('notification_preferences')
        .select('webhook_secret')
        .where('user_id', '=', U.plantao)
        .executeTakeFirstOrThrow()
    ).webhook_secret;
    const body = hook?.body ?? '';
    expect(hook?.headers['x-vigia-assinatura']).toBe(
      `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    );
    expect(hook?.headers['x-vigia-id']).toBe(`alarme-${id}-${U.plantao}-webhook`);
    expect(JSON.parse(body)).toMatchObject({
      id: `alarme-${id}-${U.plantao}-webhook`,
      tipo: 'alarme',
      dispositivo: 'GMG A',
      alarme: 'Falha na partida',
      critico: 22,
      sisId: 1,
    });
    // Critical passes the quiet hours; the criticality filter holds; the one of system 2 hears nothing.
    await until(
      () => mailsTo(U.silencio),
      (m) => m.length === 1,
    );
    expect(mailsTo(U.exigente)).toHaveLength(0);
    expect(mailsTo(U.outro)).toHaveLength(0);
    expect(mailsTo(U.fora)).toHaveLength(0);
    const outbox = await store.db
      .selectFrom('notification_outbox')
      .select(['user_id', 'status', 'attempts'])
      .where('occurrence_id', '=', id)
      .execute();
    expect(outbox.map((r) => r.user_id).sort()).toEqual([U.plantao, U.plantao, U.silencio]);
  });

  it('quiet hours hold a lesser alarm; the other system is told only of its own', async () => {
    const lesser = await raise(fx.deviceId, 1, 10, 'Nível baixo');
    const other = await raise(fx.otherDeviceId, 2, 10, 'Nível baixo');
    await until(
      () => mailsTo(U.outro),
      (m) => m.length === 1,
    );
    const told = await until(
      () =>
        store.db
          .selectFrom('notification_outbox')
          .select(['user_id', 'occurrence_id', 'channel'])
          .where('occurrence_id', 'in', [lesser, other])
          .orderBy('id')
          .execute(),
      (rows) => rows.length >= 3,
    );
    expect(told).toEqual([
      { user_id: U.plantao, occurrence_id: lesser, channel: 'email' },
      { user_id: U.plantao, occurrence_id: lesser, channel: 'webhook' },
      { user_id: U.outro, occurrence_id: other, channel: 'email' },
    ]);
  });

  it('a flood of 200 alarms gives at most N messages and one summary with the counts', async () => {
    // System 2's user alone: the flood leaves the others' windows alone.
    await prefs(U.outro, { maxPorJanela: 5 });
    const before = mailsTo(U.outro).length;
    const ids: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 200; i++) ids.push(await raise(fx.otherDeviceId, 2, 20, `Surto ${i % 3}`));
    const decided = async () =>
      Number(
        (
          await store.db
            .selectFrom('notification_outbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', U.outro)
            .where('occurrence_id', 'in', ids)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await until(decided, (n) => n === 200);
    // The window is 2 s here: 5 a window while the flood lasts.
    const bound = 5 * (Math.ceil((Date.now() - started) / 2000) + 1);
    const isSummary = (m: { subject: string }) => m.subject.startsWith('[Vigia] Resumo');
    const summarized = (mails: { subject: string }[]) =>
      mails
        .filter(isSummary)
        .reduce((sum, m) => sum + Number(/Resumo: (\d+)/.exec(m.subject)?.[1]), 0);
    // Every alarm of the flood counted once: sent alone or in a summary.
    const mails = await until(
      () => mailsTo(U.outro).slice(before),
      (m) => m.filter((x) => !isSummary(x)).length + summarized(m) === 200,
      10_000,
    );
    const singles = mails.filter((m) => !isSummary(m));
    // The first window may already hold the earlier tests' messages.
    expect(singles.length).toBeGreaterThanOrEqual(1);
    expect(singles.length).toBeLessThanOrEqual(bound);
    expect(mails.filter(isSummary).length).toBeLessThanOrEqual(bound);
    expect(mails.find(isSummary)?.text).toMatch(/\d+ × Surto [0-2]/);
    // A mail is in the mailbox a moment before its row is marked sent.
    const byStatus = await until(
      async () =>
        Object.fromEntries(
          (
            await store.db
              .selectFrom('notification_outbox')
              .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
              .where('user_id', '=', U.outro)
              .where('occurrence_id', 'in', ids)
              .groupBy('status')
              .execute()
          ).map((c) => [c.status, Number(c.n)]),
        ),
      (counts) => counts.pending === undefined,
    );
    expect(byStatus).toEqual({ sent: singles.length, summarized: 200 - singles.length });
  }, 30_000);

  it('with the mail server down the message waits and is delivered once it is back', async () => {
    await mail.stop();
    const id = await raise(fx.deviceId, 1, 21, 'Sobretensão');
    const failed = await until(
      () =>
        store.db
          .selectFrom('notification_outbox')
          .select(['status', 'attempts', 'last_error'])
          .where('occurrence_id', '=', id)
          .where('user_id', '=', U.plantao)
          .where('channel', '=', 'email')
          .executeTakeFirst(),
      (row) => (row?.attempts ?? 0) >= 1,
    );
    expect(failed?.status).toBe('pending');
    expect(failed?.last_error).toMatch(/ECONNREFUSED|conect/i);
    await mail.start();
    await until(
      () => mailsTo(U.plantao).filter((m) => m.subject.includes('Sobretensão')),
      (m) => m.length === 1,
    );
    const sent = await until(
      () =>
        store.db
          .selectFrom('notification_outbox')
          .select(['status', 'attempts'])
          .where('occurrence_id', '=', id)
          .where('user_id', '=', U.plantao)
          .where('channel', '=', 'email')
          .executeTakeFirstOrThrow(),
      (row) => row.status === 'sent',
    );
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
  });

  it('two workers on one database deliver each message once', async () => {
    const config = testConfig({
      VIGIA_SMTP_URL: mail.url,
      VIGIA_WEBHOOK_PRIVATE: '1',
      VIGIA_NOTIFY_POLL_MS: '60000',
    }).notifications;
    const key = (i: number) => `dois-nos-${i}`;
    await store.db
      .insertInto('notification_outbox')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          idempotency_key: key(i),
          system_id: 1,
          occurrence_id: null,
          user_id: U.admin,
          kind: 'alarme' as const,
          channel: 'email' as const,
          recipient: emailOf(U.admin),
          payload: JSON.stringify({ assunto: `Dois nós ${i}`, texto: 'x', dados: {} }),
          status: 'pending' as const,
          next_attempt_at: now(),
          created_at: now(),
        })),
      )
      .execute();
    const a = startNotificationService({
      store,
      bus: new EventBus(),
      config: { ...config, node: 'a' },
    });
    const b = startNotificationService({
      store,
      bus: new EventBus(),
      config: { ...config, node: 'b' },
    });
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    await until(
      () => mailsTo(U.admin).filter((m) => m.subject.startsWith('Dois nós')),
      (m) => m.length >= 50,
    );
    await Promise.all([a.close(), b.close()]);
    const ids = mailsTo(U.admin)
      .filter((m) => m.subject.startsWith('Dois nós'))
      .map((m) => m.messageId);
    expect(new Set(ids).size).toBe(50);
    expect(ids).toHaveLength(50);
    // Each sent once, and recorded once, by one of the three nodes (a, b and the app's).
    const nodes = await until(
      () =>
        store.db
          .selectFrom('notification_attempts')
          .innerJoin(
            'notification_outbox',
            'notification_outbox.id',
            'notification_attempts.outbox_id',
          )
          .select('notification_attempts.node')
          .where('notification_outbox.idempotency_key', 'like', 'dois-nos-%')
          .execute(),
      (rows) => rows.length >= 50,
    );
    expect(nodes).toHaveLength(50);
  });

  it('escalates an unacknowledged alarm to the users on shift, then to the administrators; acknowledgement stops it', async () => {
    // Earlier tests' alarms are left behind: acknowledged, they do not escalate.
    await store.db
      .updateTable('occurrences')
      .set({ hora_ack: now() })
      .where('hora_ack', 'is', null)
      .execute();
    const before = { admin: mailsTo(U.admin).length };
    await store.db
      .insertInto('escalation_settings')
      .values({
        system_id: 1,
        ativo: 1,
        critico_minimo: 17,
        // Minutes of 1 s here (VIGIA_ESCALATION_MINUTE_S).
        minutos_plantao: 1,
        minutos_administradores: 2,
        updated_at: now(),
      })
      .execute();
    const kept = await raise(fx.deviceId, 1, 20, 'Escala mantida');
    const acked = await raise(fx.quietDeviceId, 1, 20, 'Escala reconhecida');
    const escalated = (id: number, name: string) =>
      mailsTo(id).filter(
        (m) => m.subject.includes('sem reconhecimento') && m.subject.includes(name),
      );
    await until(
      () => escalated(U.plantao, 'Escala reconhecida'),
      (m) => m.length === 1,
    );
    await acknowledgeOccurrences(store, { ids: [acked], userId: U.plantao, allowedSystemIds: [1] });
    const [toAdmin] = await until(
      () => escalated(U.admin, 'Escala mantida'),
      (m) => m.length === 1,
    );
    expect(toAdmin?.text).toContain('Os usuários de plantão não reconheceram o alarme.');
    // Not on shift: not told at step 1.
    expect(escalated(U.fora, 'Escala')).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(escalated(U.admin, 'Escala reconhecida')).toHaveLength(0);
    expect(escalated(U.plantao, 'Escala mantida')).toHaveLength(1);
    const audit = await store.db
      .selectFrom('audit_log')
      .select(['entity_id', 'action'])
      .where('action', 'like', 'notificacao.escalonamento.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { entity_id: String(kept), action: 'notificacao.escalonamento.plantao' },
        { entity_id: String(acked), action: 'notificacao.escalonamento.plantao' },
        { entity_id: String(kept), action: 'notificacao.escalonamento.administradores' },
      ]),
    );
    expect(audit).toHaveLength(3);
    expect(escalated(U.plantao, 'Escala')).toHaveLength(2);
    expect(mailsTo(U.admin).length - before.admin).toBe(1);
  }, 15_000);

  it('escalation runs from when the server raised the alarm, not from the reading’s time: a late reading waits its delay', async () => {
    // 3 escalation minutes (3 s here) before the users on shift.
    await store.db
      .updateTable('escalation_settings')
      .set({ minutos_plantao: 3, minutos_administradores: 60 })
      .where('system_id', '=', 1)
      .execute();
    // A reading half an hour late (or from a device whose clock is half an hour slow).
    const late = now() - 1800;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': KEY },
      payload: { ts: late, leituras: { OilTemp: 130 } },
    });
    expect(response.statusCode).toBe(202);
    const occurrence = await until(
      () =>
        store.db
          .selectFrom('occurrences')
          .select(['id', 'hora_ativacao', 'raised_at'])
          .where('device_id', '=', fx.deviceId)
          .where('nome_alarme', '=', 'Alta temperatura do óleo')
          .executeTakeFirst(),
      (row) => row !== undefined,
    );
    const id = occurrence?.id as number;
    const raisedAt = occurrence?.raised_at as number;
    expect(occurrence?.hora_ativacao).toBe(late);
    expect(raisedAt).toBeGreaterThanOrEqual(now() - 2);
    const steps = () =>
      store.db
        .selectFrom('escalation_steps')
        .select(['step', 'at'])
        .where('occurrence_id', '=', id)
        .execute();
    // From the reading's time it would be 30 minutes overdue and escalate at the next pass (0.1 s).
    await new Promise((r) => setTimeout(r, 1500));
    expect(await steps()).toEqual([]);
    const [step] = await until(steps, (rows) => rows.length === 1, 10_000);
    expect(Number(step?.at) - raisedAt).toBeGreaterThanOrEqual(3);
    const [mailed] = await until(
      () =>
        mailsTo(U.plantao).filter(
          (m) =>
            m.subject.includes('sem reconhecimento') &&
            m.subject.includes('Alta temperatura do óleo'),
        ),
      (m) => m.length === 1,
    );
    const minutes = Number(/sem reconhecimento há (\d+) min/.exec(mailed?.subject ?? '')?.[1]);
    expect(minutes).toBeGreaterThanOrEqual(3);
    expect(minutes).toBeLessThan(10);
  }, 20_000);
});
