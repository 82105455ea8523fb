import type { LiveEvent, OccurrenceRow, ShelvedRow } from '@vigia/contract';
import { MESSAGES, SHELVING_MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLiveEvent } from '../events/types.js';
import { expireShelves } from '../store/alarms/shelving.js';
import type { NewOccurrence } from '../store/schema.js';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();
const NOW = Math.floor(Date.now() / 1000);
const HOUR = 3600;

describe.skipIf(!available)('shelving and out of service (ISA-18.2)', () => {
  let t: TestApp;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  let device: { id: number; system_id: number };
  let clienteDevice: { id: number; system_id: number };
  const ids = {} as Record<'active' | 'acked' | 'cleared' | 'normal' | 'event' | 'theirs', number>;
  const events: LiveEvent[] = [];

  const get = (url: string, headers = demo) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: unknown, headers = demo) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const put = (url: string, payload: unknown, headers = demo) =>
    t.app.inject({ method: 'PUT', url, headers, payload: payload as object });
  const shelve = (body: object, headers = demo) =>
    post('/api/ocorrencias/prateleira', body, headers);
  const counter = async (deviceId = device.id) =>
    (await get(`/api/ocorrencias?alarmeativo=true&disp_id=${deviceId}`)).json<{ total: number }>()
      .total;
  const activeIds = async (deviceId = device.id) =>
    (await get(`/api/ocorrencia/dispositivo/id/ativas?disp_id=${deviceId}&limit=500`))
      .json<OccurrenceRow[]>()
      .map((r) => r.id);
  const shelvedIds = async (query = `disp_id=${device.id}`) =>
    (await get(`/api/ocorrencias/prateleira?${query}`)).json<ShelvedRow[]>().map((r) => r.id);
  const auditActions = async (id: number) =>
    (
      await t.store.db
        .selectFrom('audit_log')
        .select(['action', 'user_id', 'details'])
        .where('entity', '=', 'occurrence')
        .where('entity_id', '=', String(id))
        .orderBy('id')
        .execute()
    ).map((a) => [a.action, a.user_id]);

  beforeAll(async () => {
    t = await startTestApp();
    t.app.bus.subscribe((e) => {
      if (isLiveEvent(e)) events.push(e);
    });
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
    const db = t.store.db;
    const systemsOf = async (login: string) =>
      (
        await db
          .selectFrom('user_systems')
          .innerJoin('users', 'users.id', 'user_systems.user_id')
          .select('system_id')
          .where('users.login', '=', login)
          .execute()
      ).map((r) => r.system_id);
    const clienteSystems = await systemsOf('cliente');
    const demoOnly = (await systemsOf('demo')).filter((s) => !clienteSystems.includes(s));
    device = await db
      .selectFrom('devices')
      .select(['id', 'system_id'])
      .where('system_id', 'in', demoOnly)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    clienteDevice = await db
      .selectFrom('devices')
      .select(['id', 'system_id'])
      .where('system_id', 'in', clienteSystems)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const on = (
      d: { id: number; system_id: number },
      o: Partial<NewOccurrence>,
    ): NewOccurrence => ({
      system_id: d.system_id,
      device_id: d.id,
      site_id: d.id,
      critico: 20,
      is_evt: 0,
      hora_ativacao: NOW - HOUR,
      nome_alarme: 'Prateleira Teste',
      valor_falha: 1,
      ...o,
    });
    const insert = async (o: NewOccurrence) =>
      (await db.insertInto('occurrences').values(o).returning('id').executeTakeFirstOrThrow()).id;
    ids.active = await insert(on(device, {}));
    ids.acked = await insert(on(device, { hora_ack: NOW - 60, ack_user_id: 1 }));
    ids.cleared = await insert(on(device, { hora_desativacao: NOW - 30 }));
    ids.normal = await insert(
      on(device, { hora_desativacao: NOW - 30, hora_ack: NOW - 20, ack_user_id: 1 }),
    );
    ids.event = await insert(on(device, { is_evt: 1, hora_desativacao: NOW - HOUR }));
    ids.theirs = await insert(on(clienteDevice, {}));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shelves alarms needing attention: they leave the active lists and the counter, with who, why and until when', async () => {
    const before = await counter();
    const response = await shelve({
      ids: [ids.active, ids.acked, ids.cleared, ids.normal, ids.event, ids.theirs, 2_000_000_000],
      motivo: '  Manutenção do sensor  ',
      duracaoSegundos: 2 * HOUR,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      suprimidas: [ids.active, ids.acked, ids.cleared].sort((a, b) => a - b),
      inalteradas: [ids.normal, ids.event].sort((a, b) => a - b),
      naoEncontradas: [ids.theirs, 2_000_000_000].sort((a, b) => a - b),
    });
    expect(answer.ate).toBeGreaterThanOrEqual(NOW + 2 * HOUR);
    expect(answer.ate).toBeLessThan(NOW + 2 * HOUR + 120);

    // Two of them were active: the counter drops by two; none is on the attention list.
    expect(await counter()).toBe(before - 2);
    const active = await activeIds();
    for (const id of [ids.active, ids.acked, ids.cleared]) expect(active).not.toContain(id);
    const general = (
      await get(`/api/DataOccurrence/ocorrenciasAtivasGerais?sisid=${device.system_id}&limit=500`)
    ).json<OccurrenceRow[]>();
    expect(general.map((r) => r.id)).not.toContain(ids.active);
    // History keeps them.
    const history = (await get(`/api/ocorrencias?disp_id=${device.id}&limit=500`)).json<
      OccurrenceRow[]
    >();
    expect(history.map((r) => r.id)).toContain(ids.active);

    const shelved = (await get(`/api/ocorrencias/prateleira?sisid=${device.system_id}`)).json<
      ShelvedRow[]
    >();
    const mine = shelved.filter((r) => r.idDispositivo === device.id);
    expect(mine.map((r) => r.id).sort((a, b) => a - b)).toEqual(answer.suprimidas);
    expect(mine[0]?.prateleira).toEqual({
      ate: answer.ate,
      desde: expect.any(Number),
      motivo: 'Manutenção do sensor',
      usuario: { login: 'demo', nome: 'Operador Demonstração' },
    });
    expect(await auditActions(ids.active)).toEqual([['occurrence.shelve', 1]]);
    expect(events).toContainEqual({
      type: 'occurrence.shelved',
      sisId: device.system_id,
      deviceId: device.id,
      occurrenceIds: answer.suprimidas,
      userId: 1,
      ate: answer.ate,
    });

    // Shelving again changes nothing.
    const again = await shelve({ ids: [ids.active], motivo: 'x', duracaoSegundos: HOUR });
    expect(again.json()).toMatchObject({ suprimidas: [], inalteradas: [ids.active] });
  });

  it('unshelving returns an alarm to the lists at once; the end of the shelf returns the others', async () => {
    const before = await counter();
    const response = await post('/api/ocorrencias/prateleira/retorna', {
      ids: [ids.active, ids.normal],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      retornadas: [ids.active],
      inalteradas: [ids.normal],
      naoEncontradas: [],
    });
    expect(await counter()).toBe(before + 1);
    expect(await activeIds()).toContain(ids.active);
    expect(await auditActions(ids.active)).toEqual([
      ['occurrence.shelve', 1],
      ['occurrence.unshelve', 1],
    ]);

    const until = Number(
      (
        await t.store.db
          .selectFrom('occurrences')
          .select('shelved_until')
          .where('id', '=', ids.acked)
          .executeTakeFirstOrThrow()
      ).shelved_until,
    );
    expect((await expireShelves(t.store, { now: until - 1, publish: t.app.bus })).returned).toBe(0);
    const expired = await expireShelves(t.store, { now: until, publish: t.app.bus });
    expect(expired.returned).toBeGreaterThanOrEqual(2);
    expect(await shelvedIds()).toEqual([]);
    expect(await counter()).toBe(before + 2);
    expect(await activeIds()).toEqual(expect.arrayContaining([ids.acked, ids.cleared]));
    expect(await auditActions(ids.acked)).toEqual([
      ['occurrence.shelve', 1],
      ['occurrence.unshelve', null],
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'occurrence.unshelved', deviceId: device.id, userId: null }),
    );
  });

  it('refuses bad input with a pt-BR 400 and changes nothing', async () => {
    const cases: [object, string | null][] = [
      [{ ids: [ids.active], duracaoSegundos: HOUR }, null],
      [{ ids: [ids.active], motivo: '   ', duracaoSegundos: HOUR }, null],
      [{ ids: [], motivo: 'm', duracaoSegundos: HOUR }, null],
      [{ ids: [ids.active], motivo: 'm', duracaoSegundos: 'uma hora' }, null],
      [
        { ids: [ids.active], motivo: 'm', duracaoSegundos: 8 * HOUR + 1 },
        SHELVING_MESSAGES.durationInvalid,
      ],
      [{ ids: [ids.active], motivo: 'm', duracaoSegundos: 10 }, SHELVING_MESSAGES.durationInvalid],
      [{ ids: [-1], motivo: 'm', duracaoSegundos: HOUR }, null],
    ];
    for (const [body, message] of cases) {
      const response = await shelve(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = response.json<{ error: string }>().error;
      if (message) expect(error).toBe(message);
      else expect(error).toMatch(/[a-zà-ú]/i);
    }
    expect(await shelvedIds()).toEqual([]);
    const missing = await put(`/api/dispositivos/${device.id}/servico`, { foraDeServico: true });
    expect(missing.statusCode).toBe(400);
  });

  it('needs the command right, and another tenant’s ids are not found', async () => {
    // cliente has no right 1.
    const own = await shelve({ ids: [ids.theirs], motivo: 'm', duracaoSegundos: HOUR }, cliente);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: MESSAGES.noCommandRight });
    const back = await post('/api/ocorrencias/prateleira/retorna', { ids: [ids.theirs] }, cliente);
    expect(back.statusCode).toBe(403);
    const service = await put(
      `/api/dispositivos/${clienteDevice.id}/servico`,
      { foraDeServico: true, motivo: 'm' },
      cliente,
    );
    expect(service.statusCode).toBe(403);
    // demo does not see cliente's system.
    const theirs = await shelve({ ids: [ids.theirs], motivo: 'm', duracaoSegundos: HOUR });
    expect(theirs.statusCode).toBe(404);
    expect(
      (await get(`/api/ocorrencias/prateleira?disp_id=${device.id}`, cliente)).statusCode,
    ).toBe(404);
    expect((await get(`/api/dispositivos/${device.id}/servico`, cliente)).statusCode).toBe(404);
    const foreign = await put(
      `/api/dispositivos/${device.id}/servico`,
      { foraDeServico: true, motivo: 'm' },
      cliente,
    );
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await t.store.db
          .selectFrom('occurrences')
          .select('shelved_until')
          .where('id', '=', ids.theirs)
          .executeTakeFirstOrThrow()
      ).shelved_until,
    ).toBeNull();
  });

  it('a device out of service leaves the active lists and counter until it is put back', async () => {
    const initial = (await get(`/api/dispositivos/${device.id}/servico`)).json();
    expect(initial).toEqual({
      idDispositivo: device.id,
      foraDeServico: false,
      desde: null,
      motivo: null,
      usuario: null,
    });
    const before = await counter();
    expect(before).toBeGreaterThan(0);
    const out = await put(`/api/dispositivos/${device.id}/servico`, {
      foraDeServico: true,
      motivo: 'Troca do quadro',
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({
      foraDeServico: true,
      motivo: 'Troca do quadro',
      usuario: { login: 'demo', nome: 'Operador Demonstração' },
    });
    expect(await counter()).toBe(0);
    expect(await activeIds()).toEqual([]);
    expect(events).toContainEqual({
      type: 'device.service',
      sisId: device.system_id,
      deviceId: device.id,
      foraDeServico: true,
      userId: 1,
    });
    const deviceAudit = await t.store.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'device')
      .where('entity_id', '=', String(device.id))
      .execute();
    expect(deviceAudit).toEqual([{ action: 'device.out_of_service', user_id: 1 }]);

    const backIn = await put(`/api/dispositivos/${device.id}/servico`, { foraDeServico: false });
    expect(backIn.json()).toMatchObject({ foraDeServico: false, motivo: null });
    expect(await counter()).toBe(before);
  });

  it('history rows carry who acknowledged and when', async () => {
    const ack = await post('/api/ocorrencias/reconhece', { ids: [ids.active] });
    expect(ack.json().reconhecidas).toEqual([ids.active]);
    const history = (await get(`/api/ocorrencias?disp_id=${device.id}&limit=500`)).json<
      OccurrenceRow[]
    >();
    const row = history.find((r) => r.id === ids.active);
    expect(row?.ackUsuario).toEqual({ login: 'demo', nome: 'Operador Demonstração' });
    expect(row?.horaAck).toBeGreaterThanOrEqual(NOW - 5);
    expect(row?.repeticoes).toBe(0);
  });
});
