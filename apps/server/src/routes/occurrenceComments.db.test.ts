import { MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VigiaEvent } from '../events/types.js';
import { testStoreAvailable } from '../store/testStore.js';
import { type DemoUser, startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

/** demo has 121; cliente only 230. */
const DEMO_SYSTEM = 121;
const CLIENTE_SYSTEM = 230;

describe.skipIf(!available)('comments on an occurrence', () => {
  let t: TestApp;
  const events: VigiaEvent[] = [];
  const headers = new Map<DemoUser, { authorization: string }>();
  let demoOccurrence: { id: number; device_id: number };
  let clienteOccurrence: number;

  const call = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    user: DemoUser,
    payload?: object,
  ) => {
    let h = headers.get(user);
    if (!h) {
      h = await t.authHeader(user);
      headers.set(user, h);
    }
    return t.app.inject({ method, url, payload, headers: h });
  };
  const commentCount = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('occurrence_comments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const firstOccurrence = (system: number) =>
    t.store.db
      .selectFrom('occurrences')
      .select(['id', 'device_id'])
      .where('system_id', '=', system)
      .orderBy('id')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp();
    t.app.bus.subscribe((e) => events.push(e));
    demoOccurrence = await firstOccurrence(DEMO_SYSTEM);
    clienteOccurrence = (await firstOccurrence(CLIENTE_SYSTEM)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds a comment with its author and time, lists it, audits it and tells open screens', async () => {
    const before = Math.floor(Date.now() / 1000);
    events.length = 0;
    const added = await call('POST', `/api/ocorrencias/${demoOccurrence.id}/comentarios`, 'demo', {
      texto: '  Equipe a caminho do site.  ',
    });
    expect(added.statusCode).toBe(201);
    const comment = added.json();
    expect(comment).toMatchObject({
      idOcorrencia: demoOccurrence.id,
      texto: 'Equipe a caminho do site.',
      autor: { login: 'demo' },
      proprio: true,
    });
    expect(comment.criadoEm).toBeGreaterThanOrEqual(before);

    const list = await call('GET', `/api/ocorrencias/${demoOccurrence.id}/comentarios`, 'admin');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ ...comment, proprio: false }]);

    const audit = await t.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'occurrence.comment')
      .where('entity_id', '=', String(demoOccurrence.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(events).toContainEqual({
      type: 'occurrence.commented',
      sisId: DEMO_SYSTEM,
      deviceId: demoOccurrence.device_id,
      occurrenceId: demoOccurrence.id,
    });
  });

  it('lists comments oldest first', async () => {
    const url = `/api/ocorrencias/${demoOccurrence.id}/comentarios`;
    await call('POST', url, 'admin', { texto: 'Segundo' });
    await call('POST', url, 'demo', { texto: 'Terceiro' });
    const texts = (await call('GET', url, 'demo')).json().map((c: { texto: string }) => c.texto);
    expect(texts.slice(-2)).toEqual(['Segundo', 'Terceiro']);
  });

  it.each([
    [{ texto: '' }, MESSAGES.commentRequired],
    [{ texto: '   \n ' }, MESSAGES.commentRequired],
    [{ texto: 'x'.repeat(1001) }, MESSAGES.commentTooLong],
  ])('refuses %j with 400 and stores nothing', async (body, message) => {
    const count = await commentCount();
    const response = await call(
      'POST',
      `/api/ocorrencias/${demoOccurrence.id}/comentarios`,
      'demo',
      body,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await commentCount()).toBe(count);
  });

  it('refuses a body without text (400, pt-BR) and stores nothing', async () => {
    const count = await commentCount();
    const response = await call(
      'POST',
      `/api/ocorrencias/${demoOccurrence.id}/comentarios`,
      'demo',
      {},
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.invalidRequest);
    expect(await commentCount()).toBe(count);
  });

  it('answers 404 for an occurrence of another tenant, reading or writing, and stores nothing', async () => {
    const count = await commentCount();
    const url = `/api/ocorrencias/${demoOccurrence.id}/comentarios`;
    const read = await call('GET', url, 'cliente');
    const write = await call('POST', url, 'cliente', { texto: 'intruso' });
    expect([read.statusCode, write.statusCode]).toEqual([404, 404]);
    expect(write.json().error).toBe(MESSAGES.notFound);
    expect(await commentCount()).toBe(count);
    const own = await call('GET', `/api/ocorrencias/${clienteOccurrence}/comentarios`, 'cliente');
    expect(own.statusCode).toBe(200);
    const missing = await call('GET', '/api/ocorrencias/2147483647/comentarios', 'demo');
    expect(missing.statusCode).toBe(404);
  });

  it("deletes only the author's comment: another user gets 403, another tenant 404", async () => {
    const added = await call('POST', `/api/ocorrencias/${demoOccurrence.id}/comentarios`, 'demo', {
      texto: 'Apagar depois',
    });
    const id = added.json().id as number;
    const url = `/api/ocorrencias/comentarios/${id}`;

    const byAdmin = await call('DELETE', url, 'admin');
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({ error: MESSAGES.commentDeleteFailed });
    const byCliente = await call('DELETE', url, 'cliente');
    expect(byCliente.statusCode).toBe(404);
    expect(byCliente.json()).toEqual({ error: MESSAGES.commentDeleteFailed });

    events.length = 0;
    const byAuthor = await call('DELETE', url, 'demo');
    expect(byAuthor.statusCode).toBe(200);
    expect(byAuthor.json()).toEqual({ id, mensagem: 'Comentario apagado com sucesso!' });
    expect(events.map((e) => e.type)).toEqual(['occurrence.commented']);
    const left = (
      await call('GET', `/api/ocorrencias/${demoOccurrence.id}/comentarios`, 'demo')
    ).json();
    expect(left.map((c: { id: number }) => c.id)).not.toContain(id);
    const audit = await t.store.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'occurrence.comment.delete')
      .execute();
    expect(audit.map((a) => JSON.parse(a.details ?? '{}').comment_id)).toContain(id);

    const again = await call('DELETE', url, 'demo');
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('Comentario não pode ser apagado');
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/ocorrencias/${demoOccurrence.id}/comentarios`,
    });
    expect(response.statusCode).toBe(401);
  });
});
