import { API } from '@vigia/contract/api';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_CLIENTE } from '../seed/fleet.js';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();
type Headers = { authorization: string };

/**
 * The notification calls (issue 29): preferences of one's own, checked in the
 * domain's words; a system's escalation by its administrators only (another
 * system 404, audited); the delivery log, one's own or one's systems'.
 */
describe.skipIf(!available)('notification routes', () => {
  let t: TestApp;
  let demo: Headers;
  let cliente: Headers;
  const prefsPath = API.notifications.preferences.path;
  const escalation = (sisId: number) => `/api/notificacoes/escalonamento/${sisId}`;
  const valid = {
    ...DEFAULT_NOTIFICATION_PREFERENCES,
    email: true,
    enderecoEmail: 'demo@empresa.com.br',
  };
  let ownSystem = 0;

  beforeAll(async () => {
    t = await startTestApp();
    // demo holds every demo system but cliente's; here it administers them.
    await t.store.db
      .updateTable('users')
      .set({ administrator: 1 })
      .where('login', '=', 'demo')
      .execute();
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
    ownSystem = (
      await t.store.db
        .selectFrom('user_systems')
        .select('system_id')
        .where('user_id', '=', 1)
        .orderBy('system_id')
        .executeTakeFirstOrThrow()
    ).system_id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (url: string, headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, headers, payload: payload as object });
  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

  it('answers the defaults before any save, then what was saved, with the webhook key', async () => {
    const before = await get(prefsPath, cliente);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, webhookSegredo: null });
    const saved = await put(prefsPath, cliente, {
      ...valid,
      enderecoEmail: 'cliente@empresa.com.br',
      silencio: { inicio: '22:00', fim: '06:00' },
      sistemas: [SYSTEM_CLIENTE],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await get(prefsPath, cliente)).json();
    expect(after).toMatchObject({
      enderecoEmail: 'cliente@empresa.com.br',
      sistemas: [SYSTEM_CLIENTE],
    });
    expect(after.webhookSegredo).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Another user's preferences are their own.
    expect((await get(prefsPath, demo)).json().enderecoEmail).toBeNull();
  });

  it.each([
    [{ enderecoEmail: 'demo@' }, NOTIFICATION_MESSAGES.invalidEmail],
    [{ maxPorJanela: 0 }, NOTIFICATION_MESSAGES.floodOutOfRange],
    [{ maxPorJanela: 101 }, NOTIFICATION_MESSAGES.floodOutOfRange],
    [{ webhook: true, webhookUrl: 'gopher://x' }, NOTIFICATION_MESSAGES.invalidUrl],
    [{ webhook: true, webhookUrl: 'http://127.0.0.1:9/gancho' }, NOTIFICATION_MESSAGES.privateUrl],
    [{ webhook: true, webhookUrl: 'http://10.1.2.3/gancho' }, NOTIFICATION_MESSAGES.privateUrl],
    [{ webhook: true, webhookUrl: 'http://[::1]/gancho' }, NOTIFICATION_MESSAGES.privateUrl],
    [{ webhook: true, webhookUrl: 'http://localhost/gancho' }, NOTIFICATION_MESSAGES.privateUrl],
  ])('refuses %o with 400 in pt-BR', async (change, message) => {
    const response = await put(prefsPath, demo, { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it('a system the user does not hold answers 404', async () => {
    const response = await put(prefsPath, demo, { ...valid, sistemas: [SYSTEM_CLIENTE] });
    expect(response.statusCode).toBe(404);
  });

  it('escalation: administrators of the system only; another system 404; saved and audited', async () => {
    expect((await get(escalation(SYSTEM_CLIENTE), cliente)).statusCode).toBe(403);
    expect((await get(escalation(SYSTEM_CLIENTE), demo)).statusCode).toBe(404);
    const body = { ativo: true, criticoMinimo: 17, minutosPlantao: 10, minutosAdministradores: 20 };
    expect((await put(escalation(SYSTEM_CLIENTE), demo, body)).statusCode).toBe(404);
    expect((await put(escalation(999_999), demo, body)).statusCode).toBe(404);
    const bad = await put(escalation(ownSystem), demo, { ...body, minutosPlantao: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: NOTIFICATION_MESSAGES.escalationOutOfRange });
    const saved = await put(escalation(ownSystem), demo, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(escalation(ownSystem), demo)).json()).toEqual(body);
    const audit = await t.store.db
      .selectFrom('audit_log')
      .select(['user_id', 'system_id'])
      .where('action', '=', 'notificacao.escalonamento.configurar')
      .execute();
    expect(audit).toEqual([{ user_id: 1, system_id: ownSystem }]);
    const noEscalation = await t.store.db
      .selectFrom('escalation_settings')
      .select('system_id')
      .where('system_id', '=', SYSTEM_CLIENTE)
      .execute();
    expect(noEscalation).toEqual([]);
  });

  it('deliveries: a user reads their own; an administrator their systems’; never another system’s', async () => {
    const row = (userId: number, systemId: number, key: string) => ({
      idempotency_key: key,
      system_id: systemId,
      occurrence_id: null,
      user_id: userId,
      kind: 'alarme' as const,
      channel: 'email' as const,
      recipient: `u${userId}@empresa.com.br`,
      payload: JSON.stringify({ assunto: `Assunto ${key}`, texto: '', dados: {} }),
      status: 'failed' as const,
      attempts: 10,
      last_error: 'conexão recusada',
      next_attempt_at: 0,
      created_at: 1,
    });
    await t.store.db
      .insertInto('notification_outbox')
      .values([
        row(2, SYSTEM_CLIENTE, 'rota-cliente'),
        row(1, ownSystem, 'rota-demo'),
        row(5, ownSystem, 'rota-outro'),
      ])
      .execute();
    const mine = (await get(API.notifications.deliveries.path, cliente)).json();
    expect(mine.entregas.map((e: { assunto: string }) => e.assunto)).toEqual([
      'Assunto rota-cliente',
    ]);
    expect(mine.entregas[0]).toMatchObject({
      status: 'failed',
      tentativas: 10,
      ultimoErro: 'conexão recusada',
    });
    const admin = (await get(API.notifications.deliveries.path, demo)).json();
    expect(admin.entregas.map((e: { assunto: string }) => e.assunto).sort()).toEqual([
      'Assunto rota-demo',
      'Assunto rota-outro',
    ]);
    expect(
      (await get(`${API.notifications.deliveries.path}?sisid=${SYSTEM_CLIENTE}`, demo)).statusCode,
    ).toBe(404);
    const paged = (await get(`${API.notifications.deliveries.path}?limit=1`, demo)).json();
    expect(paged.entregas).toHaveLength(1);
    const next = (
      await get(`${API.notifications.deliveries.path}?limit=1&antesDe=${paged.proximo}`, demo)
    ).json();
    expect(next.entregas).toHaveLength(1);
    expect(next.proximo).toBeNull();
  });
});
