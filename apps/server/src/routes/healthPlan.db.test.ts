import type { HealthPlanRow, InfoSeries } from '@vigia/contract';
import { MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../store/json.js';
import type { NewOccurrence, SystemConfig } from '../store/schema.js';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

const DAY = 86_400;
const NOW = Math.floor(Date.now() / 1000);
/** A review period with only the fixtures in it (the test seed covers the last day). */
const FROM = NOW - 5 * DAY;
const TO = FROM + 3600;

describe.skipIf(!available)('health-plan review (/api2)', () => {
  let t: TestApp;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  let hospitalSystem: number;
  let otherSystem: number;
  let hospitalDevice: number;
  const ids = { withoutReason: 0, withReason: 0, event: 0, outside: 0, otherSystem: 0 };

  const list = async (query: string, headers = demo) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api2/ocorrencias/sync/list?${query}`,
      headers,
    });
    return response;
  };
  const update = (payload: object, headers = demo, method: 'POST' | 'PUT' = 'POST') =>
    t.app.inject({ method, url: '/api2/ocorrencias/sync/update', headers, payload });

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
    const db = t.store.db;
    const systems = await db
      .selectFrom('systems')
      .innerJoin('user_systems', 'user_systems.system_id', 'systems.id')
      .innerJoin('users', 'users.id', 'user_systems.user_id')
      .select(['systems.id', 'systems.config'])
      .where('users.login', '=', 'demo')
      .orderBy('systems.id')
      .execute();
    const hasPlan = (config: string) =>
      parseJson<Partial<SystemConfig>>(config, {}).features?.planoSaude === true;
    hospitalSystem = systems.find((s) => hasPlan(s.config))?.id as number;
    otherSystem = systems.find((s) => !hasPlan(s.config))?.id as number;
    const deviceOf = async (systemId: number) =>
      (
        await db
          .selectFrom('devices')
          .select('id')
          .where('system_id', '=', systemId)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    hospitalDevice = await deviceOf(hospitalSystem);
    const otherDevice = await deviceOf(otherSystem);
    const occurrence = (o: Partial<NewOccurrence>): NewOccurrence => ({
      system_id: hospitalSystem,
      device_id: hospitalDevice,
      site_id: hospitalDevice,
      critico: 20,
      is_evt: 0,
      hora_ativacao: FROM + 100,
      hora_desativacao: FROM + 400,
      nome_alarme: 'Falha na Partida do GMG',
      ...o,
    });
    const insert = async (o: NewOccurrence) =>
      (await db.insertInto('occurrences').values(o).returning('id').executeTakeFirstOrThrow()).id;
    ids.withoutReason = await insert(occurrence({ hora_ativacao: FROM + 100 }));
    ids.withReason = await insert(
      occurrence({ hora_ativacao: FROM + 200, motivo: 'Teste mensal de carga' }),
    );
    ids.event = await insert(
      occurrence({
        hora_ativacao: FROM + 300,
        hora_desativacao: FROM + 300,
        is_evt: 1,
        nome_alarme: 'GMG em Operação',
      }),
    );
    ids.outside = await insert(occurrence({ hora_ativacao: TO + 10 }));
    ids.otherSystem = await insert(
      occurrence({
        system_id: otherSystem,
        device_id: otherDevice,
        site_id: otherDevice,
        hora_ativacao: FROM + 150,
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the three lists: alarms of the period, those without a reason, everything', async () => {
    const period = `dataInicio=${FROM}&dataFim=${TO}`;
    const initial = await list(period);
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json<HealthPlanRow[]>().map((r) => r.id)).toEqual([
      ids.withReason,
      ids.withoutReason,
    ]);
    expect(initial.headers['x-total-count']).toBe('2');
    const withoutReason = (await list(`${period}&motivo=sem`)).json<HealthPlanRow[]>();
    expect(withoutReason.map((r) => r.id)).toEqual([ids.withoutReason]);
    const all = (await list(`${period}&motivo=todos`)).json<HealthPlanRow[]>();
    expect(all.map((r) => r.id)).toEqual([ids.event, ids.withReason, ids.withoutReason]);
    expect(all[1]).toMatchObject({
      id: ids.withReason,
      site_id: hospitalDevice,
      dispositivo_id: hospitalDevice,
      motivo: 'Teste mensal de carga',
      idSistema: hospitalSystem,
      estado: 'cleared-unacknowledged',
    });
    const paged = await list(`${period}&motivo=todos&offSet=1&limit=1`);
    expect(paged.json<HealthPlanRow[]>().map((r) => r.id)).toEqual([ids.withReason]);
    expect(paged.headers['x-total-count']).toBe('3');
  });

  it('only health-plan systems of the caller: other systems 404, a customer without one sees nothing', async () => {
    expect((await list(`dataInicio=${FROM}&dataFim=${TO}&sisid=${otherSystem}`)).statusCode).toBe(
      404,
    );
    expect(
      (await list(`dataInicio=${FROM}&dataFim=${TO}&sisid=${hospitalSystem}`)).statusCode,
    ).toBe(200);
    const customer = await list(`dataInicio=${FROM}&dataFim=${TO}`, cliente);
    expect(customer.statusCode).toBe(200);
    expect(customer.json()).toEqual([]);
    expect(
      (await list(`dataInicio=${FROM}&dataFim=${TO}&sisid=${hospitalSystem}`, cliente)).statusCode,
    ).toBe(404);
  });

  it('period validation: required, at most 31 days, end not before start', async () => {
    expect((await list(`dataInicio=${FROM}`)).statusCode).toBe(400);
    const long = await list(`dataInicio=${NOW - 40 * DAY}&dataFim=${NOW}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: MESSAGES.periodTooLong });
    const reversed = await list(`dataInicio=${TO}&dataFim=${FROM}`);
    expect(reversed.json()).toEqual({ error: MESSAGES.endBeforeStart });
    expect((await list(`dataInicio=${FROM}&dataFim=${TO}&motivo=talvez`)).statusCode).toBe(400);
  });

  it("saving a reason answers 'Motivo cadastrada com sucesso.', audits it and moves the row out of 'sem'", async () => {
    const response = await update({
      id: ids.withoutReason,
      motivoEdit: '  Queda de energia da concessionária ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: ids.withoutReason,
      motivo: 'Queda de energia da concessionária',
      mensagem: MESSAGES.reasonSaved,
    });
    const withoutReason = (await list(`dataInicio=${FROM}&dataFim=${TO}&motivo=sem`)).json();
    expect(withoutReason).toEqual([]);
    const audit = await t.store.db
      .selectFrom('audit_log')
      .select(['user_id', 'entity_id'])
      .where('action', '=', 'occurrence.reason')
      .execute();
    expect(audit).toContainEqual({ user_id: 1, entity_id: String(ids.withoutReason) });
    const put = await update(
      { id: ids.withReason, motivoEdit: 'Manutenção preventiva' },
      demo,
      'PUT',
    );
    expect(put.statusCode).toBe(200);
  });

  it("a reason for an occurrence outside the caller's health-plan systems: 404 'Motivo não cadastrada.'", async () => {
    for (const [payload, headers] of [
      [{ id: ids.event, motivoEdit: 'x' }, cliente],
      [{ id: ids.otherSystem, motivoEdit: 'x' }, demo],
      [{ id: 999_999_999, motivoEdit: 'x' }, demo],
    ] as const) {
      const response = await update(payload, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: MESSAGES.reasonSaveFailed });
    }
    const untouched = await t.store.db
      .selectFrom('occurrences')
      .select('motivo')
      .where('id', '=', ids.otherSystem)
      .executeTakeFirstOrThrow();
    expect(untouched.motivo).toBeNull();
  });

  it('an empty reason is refused', async () => {
    const response = await update({ id: ids.event, motivoEdit: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: MESSAGES.reasonRequired });
    expect((await update({ id: ids.event })).statusCode).toBe(400);
  });

  it('/api2/ref/info/list/nome: the device’s readings in the period by info name', async () => {
    const inicio = NOW - DAY;
    const url = (q: string) =>
      `/api2/ref/info/list/nome?dispositivo=${hospitalDevice}&inicio=${inicio}&fim=${NOW}${q}`;
    const all = await t.app.inject({ method: 'GET', url: url(''), headers: demo });
    expect(all.statusCode, all.body).toBe(200);
    const series = all.json<InfoSeries[]>();
    expect(series.length).toBeGreaterThan(0);
    const withPoints = series.find((s) => s.serie.length > 1);
    expect(withPoints).toBeDefined();
    const ts = withPoints?.serie.map((p) => p.ts) ?? [];
    expect(ts).toEqual([...ts].sort((a, b) => a - b));
    expect(ts.every((x) => x >= inicio && x <= NOW)).toBe(true);
    const name = withPoints?.nome as string;
    const one = await t.app.inject({
      method: 'GET',
      url: url(`&nome=${encodeURIComponent(name)}`),
      headers: demo,
    });
    expect(one.json<InfoSeries[]>().map((s) => s.nome)).toEqual([name]);
    const foreign = await t.app.inject({ method: 'GET', url: url(''), headers: cliente });
    expect(foreign.statusCode).toBe(404);
    const long = await t.app.inject({
      method: 'GET',
      url: `/api2/ref/info/list/nome?dispositivo=${hospitalDevice}&inicio=${NOW - 40 * DAY}&fim=${NOW}`,
      headers: demo,
    });
    expect(long.json()).toEqual({ error: MESSAGES.periodTooLong });
  });

  it('every /api2 call needs a token', async () => {
    for (const [method, url] of [
      ['GET', `/api2/ocorrencias/sync/list?dataInicio=${FROM}&dataFim=${TO}`],
      ['POST', '/api2/ocorrencias/sync/update'],
      ['GET', `/api2/ref/info/list/nome?dispositivo=${hospitalDevice}&inicio=${FROM}&fim=${TO}`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? { id: 1, motivoEdit: 'x' } : undefined,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('invalid_token');
    }
  });
});
