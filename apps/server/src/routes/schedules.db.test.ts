import { MESSAGES, PAGE_SIZE } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStoreAvailable } from '../store/testStore.js';
import { type DemoUser, startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

/** System 179 (hospitals): the demo escalas; admin (id 3) and demo (id 1) both have it. */
const SYSTEM = 179;

describe.skipIf(!available)('/api/escalas', () => {
  let t: TestApp;
  const headers = new Map<DemoUser, { authorization: string }>();
  const as = async (user: DemoUser) => {
    let h = headers.get(user);
    if (!h) {
      h = await t.authHeader(user);
      headers.set(user, h);
    }
    return h;
  };
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    user: DemoUser,
    payload?: object,
  ) => t.app.inject({ method, url, payload, headers: await as(user) });
  const scheduleCount = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('schedules')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('reads: everyone with the system', () => {
    it('lists a page with the total, user name and login', async () => {
      const response = await call('GET', `/api/escalas?sisid=${SYSTEM}`, 'demo');
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page.total).toBeGreaterThan(0);
      expect(page.escalas.length).toBe(Math.min(page.total, PAGE_SIZE.schedule));
      expect(page.escalas[0]).toMatchObject({
        id: expect.any(Number),
        usuario_id: expect.any(Number),
        usuarioNome: expect.any(String),
        usuarioLogin: expect.any(String),
        dia_semana: expect.any(Number),
        entrada: expect.stringMatching(/^\d\d:\d\d$/),
        saida: expect.stringMatching(/^\d\d:\d\d$/),
      });
    });

    it('searches by user, weekday, entry, exit and interval', async () => {
      const search = async (query: string) =>
        (await call('GET', `/api/escalas?sisid=${SYSTEM}&${query}`, 'demo')).json().escalas as {
          usuario_id: number;
          dia_semana: number;
          entrada: string;
          saida: string;
        }[];
      const byUser = await search('usuario_id=6');
      expect(byUser.length).toBe(6);
      expect(byUser.every((e) => e.usuario_id === 6)).toBe(true);
      const saturday = await search('dia_semana=5');
      expect(saturday.map((e) => [e.usuario_id, e.entrada, e.saida])).toEqual([
        [6, '08:00', '12:00'],
      ]);
      expect((await search('entrada=07:00')).every((e) => e.entrada === '07:00')).toBe(true);
      expect((await search('saida=22:00')).every((e) => e.saida === '22:00')).toBe(true);
      // On duty at some time between 18:00 and 20:00: only the 14:00–22:00 shift.
      const evening = await search('intervaloInicio=18:00&intervaloFim=20:00');
      expect(evening.length).toBeGreaterThan(0);
      expect(evening.every((e) => e.entrada === '14:00')).toBe(true);
      const total = await call('GET', `/api/escalas/total?sisid=${SYSTEM}&usuario_id=6`, 'demo');
      expect(total.json()).toEqual({ total: 6 });
    });

    it('lists the system’s administrators for the form', async () => {
      const admins = (
        await call('GET', `/api/escalas/administradores?sisid=${SYSTEM}`, 'demo')
      ).json();
      expect(admins.map((a: { login: string }) => a.login).sort()).toEqual([
        'admin',
        'marina.costa',
      ]);
    });

    it('cliente reads nothing of another tenant: 404', async () => {
      for (const url of [
        `/api/escalas?sisid=${SYSTEM}`,
        `/api/escalas/total?sisid=${SYSTEM}`,
        `/api/escalas/administradores?sisid=${SYSTEM}`,
      ]) {
        const response = await call('GET', url, 'cliente');
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ error: MESSAGES.notFound });
      }
    });
  });

  describe('writes: administrators only', () => {
    const monToWed = (usuario_id: number) =>
      [0, 1, 2].map((dia_semana) => ({ usuario_id, dia_semana, entrada: '09:00', saida: '18:00' }));

    it('admin creates a list of escalas, edits one and removes it', async () => {
      const created = await call('POST', '/api/escalas', 'admin', {
        sisid: SYSTEM,
        escalas: monToWed(5),
      });
      expect(created.statusCode).toBe(201);
      const { mensagem, ids } = created.json();
      expect(mensagem).toBe(MESSAGES.scheduleSaved);
      expect(ids).toHaveLength(3);

      const edited = await call('PUT', `/api/escalas/${ids[0]}`, 'admin', {
        usuario_id: 3,
        dia_semana: 4,
        entrada: '10:00',
        saida: '19:30',
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().mensagem).toBe(MESSAGES.scheduleSaved);
      const friday = (await call('GET', `/api/escalas?sisid=${SYSTEM}&usuario_id=3`, 'demo')).json()
        .escalas;
      expect(friday).toEqual([
        expect.objectContaining({ id: ids[0], dia_semana: 4, entrada: '10:00', saida: '19:30' }),
      ]);

      const removed = await call('DELETE', `/api/escalas/${ids[0]}`, 'admin');
      expect(removed.statusCode).toBe(200);
      expect(removed.json().mensagem).toBe(MESSAGES.scheduleRemoved);
      expect(
        (await call('GET', `/api/escalas?sisid=${SYSTEM}&usuario_id=3`, 'demo')).json().total,
      ).toBe(0);
      expect((await call('DELETE', `/api/escalas/${ids[0]}`, 'admin')).statusCode).toBe(404);
    });

    it('a non-administrator cannot write: 403 in Portuguese, nothing changed', async () => {
      const before = await scheduleCount();
      const [first] = (await call('GET', `/api/escalas?sisid=${SYSTEM}`, 'demo')).json().escalas;
      const attempts = [
        await call('POST', '/api/escalas', 'demo', { sisid: SYSTEM, escalas: monToWed(1) }),
        await call('PUT', `/api/escalas/${first.id}`, 'demo', {
          usuario_id: 1,
          dia_semana: 0,
          entrada: '01:00',
          saida: '02:00',
        }),
        await call('DELETE', `/api/escalas/${first.id}`, 'demo'),
      ];
      for (const response of attempts) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: MESSAGES.scheduleAdminOnly });
      }
      expect(await scheduleCount()).toBe(before);
      const still = (await call('GET', `/api/escalas?sisid=${SYSTEM}`, 'demo')).json().escalas[0];
      expect(still).toEqual(first);
    });

    it('cliente cannot write another tenant’s escalas: 404, nothing changed', async () => {
      const [first] = (await call('GET', `/api/escalas?sisid=${SYSTEM}`, 'demo')).json().escalas;
      const before = await scheduleCount();
      expect(
        (await call('POST', '/api/escalas', 'cliente', { sisid: SYSTEM, escalas: monToWed(2) }))
          .statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/escalas/${first.id}`, 'cliente')).statusCode).toBe(404);
      expect(
        (
          await call('PUT', `/api/escalas/${first.id}`, 'cliente', {
            usuario_id: 2,
            dia_semana: 0,
            entrada: '01:00',
            saida: '02:00',
          })
        ).statusCode,
      ).toBe(404);
      expect(await scheduleCount()).toBe(before);
    });

    it.each([
      [
        'exit before entry',
        { entrada: '18:00', saida: '09:00' },
        MESSAGES.scheduleTimesIncompatible,
      ],
      [
        'exit equal to entry',
        { entrada: '09:00', saida: '09:00' },
        MESSAGES.scheduleTimesIncompatible,
      ],
      ['an empty entry', { entrada: '', saida: '09:00' }, MESSAGES.scheduleFieldsRequired],
      [
        'a time that is not one',
        { entrada: '25:00', saida: '26:00' },
        MESSAGES.scheduleFieldsRequired,
      ],
    ])('%s: 400 with the spec’s message, nothing stored', async (_label, times, message) => {
      const before = await scheduleCount();
      const response = await call('POST', '/api/escalas', 'admin', {
        sisid: SYSTEM,
        escalas: [{ usuario_id: 5, dia_semana: 0, ...times }, ...monToWed(5)],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detalhes.map((d: { mensagem: string }) => d.mensagem)).toContain(
        message,
      );
      expect(await scheduleCount()).toBe(before);
    });

    it.each([
      [
        'exit before entry',
        { entrada: '18:00', saida: '09:00' },
        MESSAGES.scheduleTimesIncompatible,
      ],
      ['an empty exit', { entrada: '09:00', saida: '' }, MESSAGES.scheduleFieldsRequired],
      ['a weekday that is not one', { dia_semana: 7 }, null],
    ])(
      'editing with %s: 400 in Portuguese, the escala unchanged',
      async (_label, change, message) => {
        const [first] = (await call('GET', `/api/escalas?sisid=${SYSTEM}`, 'admin')).json().escalas;
        const response = await call('PUT', `/api/escalas/${first.id}`, 'admin', {
          usuario_id: first.usuario_id,
          dia_semana: first.dia_semana,
          entrada: first.entrada,
          saida: first.saida,
          ...change,
        });
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(body.error).toBe(MESSAGES.invalidRequest);
        if (message) {
          expect(body.detalhes.map((d: { mensagem: string }) => d.mensagem)).toContain(message);
        }
        const after = (await call('GET', `/api/escalas?sisid=${SYSTEM}`, 'admin')).json().escalas;
        expect(after.find((e: { id: number }) => e.id === first.id)).toEqual(first);
      },
    );

    it('a user outside the system: 404 (its search too); an empty list: 400; nothing stored', async () => {
      const before = await scheduleCount();
      const stranger = await call('POST', '/api/escalas', 'admin', {
        sisid: SYSTEM,
        escalas: monToWed(2),
      });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toEqual({ error: MESSAGES.notFound });
      expect(
        (await call('GET', `/api/escalas?sisid=${SYSTEM}&usuario_id=2`, 'admin')).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', '/api/escalas', 'admin', { sisid: SYSTEM, escalas: [] })).statusCode,
      ).toBe(400);
      expect(await scheduleCount()).toBe(before);
    });
  });
});
