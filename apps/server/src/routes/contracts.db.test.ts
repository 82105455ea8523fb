import { contractStatusBounds, MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ARENA, SYSTEM_CLIENTE, SYSTEM_USINAS } from '../seed/fleet.js';
import { testStoreAvailable } from '../store/testStore.js';
import { type DemoUser, startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DD' `days` from today (São Paulo). */
const day = (days: number) => contractStatusBounds(new Date(Date.now() + days * DAY_MS)).today;

/**
 * Demo contracts (seed/demoContracts.ts): system 200 has three (vigente, a vencer,
 * vencido), the arena (220) two in venue 1 (vigente, futuro), cliente's system
 * (230) one. admin is an administrator with every system; demo is not and lacks
 * 230; cliente has 230 only.
 */
describe.skipIf(!available)('/api/contratos', () => {
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
  const list = async (query: string, user: DemoUser = 'demo') => {
    const response = await call('GET', `/api/contratos?${query}`, user);
    expect(response.statusCode).toBe(200);
    return response.json() as {
      total: number;
      contratos: { id: number; numero: string; status: string; dispositivos: { id: number }[] }[];
    };
  };
  const count = async (table: 'contracts' | 'contract_devices') =>
    Number(
      (
        await t.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stored = async (): Promise<[number, number]> => [
    await count('contracts'),
    await count('contract_devices'),
  ];
  const devicesOf = async (systemId: number, where: { venueId?: number; tipo?: string } = {}) => {
    let q = t.store.db
      .selectFrom('devices')
      .select('id')
      .where('system_id', '=', systemId)
      .orderBy('id');
    if (where.venueId !== undefined) q = q.where('venue_id', '=', where.venueId);
    if (where.tipo !== undefined) q = q.where('tipo', '=', where.tipo);
    return (await q.execute()).map((r) => r.id);
  };
  const idOf = async (numero: string) =>
    Number(
      (
        await t.store.db
          .selectFrom('contracts')
          .select('id')
          .where('numero', '=', numero)
          .executeTakeFirstOrThrow()
      ).id,
    );
  let usinaGenerators: number[];
  const valid = () => ({
    sisid: SYSTEM_USINAS,
    numero: 'CT-2026/100',
    cliente: 'Vale do Sol Energia S.A.',
    venueId: null,
    dispositivoIds: usinaGenerators.slice(0, 2),
    inicio: day(-10),
    fim: day(200),
    observacao: 'Contrato de teste.',
  });

  beforeAll(async () => {
    t = await startTestApp();
    usinaGenerators = await devicesOf(SYSTEM_USINAS, { tipo: 'gerador' });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('reads: everyone with the system', () => {
    it('lists the system’s contracts with status and devices, running ones first', async () => {
      const page = await list(`sisid=${SYSTEM_USINAS}`);
      expect(page.total).toBe(3);
      expect(page.contratos.map((c) => [c.numero, c.status])).toEqual([
        ['CT-2025/021', 'aVencer'],
        ['CT-2025/014', 'vigente'],
        ['CT-2024/007', 'vencido'],
      ]);
      expect(page.contratos[0]).toMatchObject({
        sisid: SYSTEM_USINAS,
        cliente: 'Vale do Sol Energia S.A.',
        venueId: null,
        venueNome: null,
        inicio: day(-170),
        fim: day(18),
        observacao: expect.stringContaining('diesel'),
      });
      expect(page.contratos.every((c) => c.dispositivos.length > 0)).toBe(true);
    });

    it('filters by status, by text (ignoring case) and by venue; pages', async () => {
      const numbers = async (query: string) => (await list(query)).contratos.map((c) => c.numero);
      expect(await numbers(`sisid=${SYSTEM_USINAS}&status=aVencer`)).toEqual(['CT-2025/021']);
      expect(await numbers(`sisid=${SYSTEM_USINAS}&status=vencido`)).toEqual(['CT-2024/007']);
      expect(await numbers(`sisid=${SYSTEM_USINAS}&status=futuro`)).toEqual([]);
      expect(await numbers(`sisid=${SYSTEM_ARENA}&status=futuro`)).toEqual(['AG-0102']);
      expect(await numbers(`sisid=${SYSTEM_USINAS}&filtroTexto=DIESEL`)).toEqual(['CT-2025/021']);
      expect(await numbers(`sisid=${SYSTEM_USINAS}&filtroTexto=ct-2025`)).toHaveLength(2);
      // LIKE wildcards are text.
      expect(await numbers(`sisid=${SYSTEM_USINAS}&filtroTexto=%25`)).toEqual([]);
      expect(await numbers(`sisid=${SYSTEM_ARENA}&venueId=1`)).toEqual(['AG-0087', 'AG-0102']);
      const second = await list(`sisid=${SYSTEM_USINAS}&offSet=1&limit=1`);
      expect(second.total).toBe(3);
      expect(second.contratos.map((c) => c.numero)).toEqual(['CT-2025/014']);
      const bad = await call('GET', `/api/contratos?sisid=${SYSTEM_USINAS}&status=ativo`, 'demo');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(MESSAGES.invalidRequest);
    });

    it('one contract, and the devices a contract may cover (the venue’s only)', async () => {
      const id = await idOf('AG-0087');
      const one = await call('GET', `/api/contratos/${id}`, 'demo');
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({
        numero: 'AG-0087',
        venueId: 1,
        venueNome: 'Arena Guanabara',
      });
      const devices = await call(
        'GET',
        `/api/contratos/dispositivos?sisid=${SYSTEM_ARENA}&venueId=1`,
        'demo',
      );
      expect(devices.statusCode).toBe(200);
      expect(
        devices
          .json()
          .map((d: { id: number }) => d.id)
          .sort((a: number, b: number) => a - b),
      ).toEqual(await devicesOf(SYSTEM_ARENA, { venueId: 1 }));
    });
  });

  describe('tenancy: another system’s contract, venue or device answers 404', () => {
    it('cliente reads only its own system’s contracts', async () => {
      expect(
        (await list(`sisid=${SYSTEM_CLIENTE}`, 'cliente')).contratos.map((c) => c.numero),
      ).toEqual(['PD-001']);
      for (const url of [
        `/api/contratos?sisid=${SYSTEM_USINAS}`,
        `/api/contratos?sisid=${SYSTEM_CLIENTE}&venueId=1`,
        `/api/contratos/${await idOf('CT-2025/014')}`,
        `/api/contratos/dispositivos?sisid=${SYSTEM_ARENA}`,
      ]) {
        const response = await call('GET', url, 'cliente');
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error).toBe(MESSAGES.notFound);
      }
      // demo lacks 230: the same 404.
      expect((await call('GET', `/api/contratos/${await idOf('PD-001')}`, 'demo')).statusCode).toBe(
        404,
      );
    });

    it('cliente cannot write another system’s contracts; nothing changes', async () => {
      const before = await stored();
      const id = await idOf('CT-2025/014');
      const attempts = [
        await call('POST', '/api/contratos', 'cliente', valid()),
        await call('PUT', `/api/contratos/${id}`, 'cliente', { ...valid(), sisid: undefined }),
        await call('DELETE', `/api/contratos/${id}`, 'cliente'),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404]);
      expect(await stored()).toEqual(before);
    });

    it('an administrator’s contract with another system’s device or venue: 404, nothing stored', async () => {
      const before = await stored();
      const [arenaDevice] = await devicesOf(SYSTEM_ARENA);
      const foreignDevice = await call('POST', '/api/contratos', 'admin', {
        ...valid(),
        dispositivoIds: [usinaGenerators[0], arenaDevice],
      });
      expect(foreignDevice.statusCode).toBe(404);
      const foreignVenue = await call('POST', '/api/contratos', 'admin', {
        ...valid(),
        venueId: 1,
      });
      expect(foreignVenue.statusCode).toBe(404);
      expect(await stored()).toEqual(before);
    });
  });

  describe('rights: only administrators write', () => {
    it('demo (not an administrator) gets 403 with the pt-BR reason; nothing changes', async () => {
      const before = await stored();
      const id = await idOf('CT-2025/014');
      const attempts = [
        await call('POST', '/api/contratos', 'demo', valid()),
        await call('PUT', `/api/contratos/${id}`, 'demo', { ...valid(), sisid: undefined }),
        await call('DELETE', `/api/contratos/${id}`, 'demo'),
      ];
      for (const response of attempts) {
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toBe(MESSAGES.contractAdminOnly);
      }
      expect(await stored()).toEqual(before);
    });
  });

  describe('bad input: 400 (or 409) with a pt-BR message, nothing stored', () => {
    it.each([
      ['end before start', { inicio: day(10), fim: day(9) }, 'Data Final menor que Data Inicial.'],
      ['no number', { numero: '   ' }, MESSAGES.contractNumberRequired],
      ['no customer', { cliente: '' }, MESSAGES.contractCustomerRequired],
      ['a date that does not exist', { fim: '2026-02-30' }, MESSAGES.contractDatesRequired],
      ['no device', { dispositivoIds: [] }, MESSAGES.contractDevicesRequired],
    ])('%s', async (_name, change, message) => {
      const before = await stored();
      const response = await call('POST', '/api/contratos', 'admin', { ...valid(), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
      expect(await stored()).toEqual(before);
    });

    it('a device of the system outside the contract’s venue', async () => {
      // Every arena device is in venue 1 in the demo: one is taken out of it here.
      const notInVenue = (await devicesOf(SYSTEM_ARENA, { tipo: 'io' }))[0] as number;
      await t.store.db
        .updateTable('devices')
        .set({ venue_id: null })
        .where('id', '=', notInVenue)
        .execute();
      try {
        const before = await stored();
        const response = await call('POST', '/api/contratos', 'admin', {
          ...valid(),
          sisid: SYSTEM_ARENA,
          venueId: 1,
          dispositivoIds: [notInVenue],
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe(MESSAGES.contractDevicesOutsideVenue);
        expect(await stored()).toEqual(before);
      } finally {
        await t.store.db
          .updateTable('devices')
          .set({ venue_id: 1 })
          .where('id', '=', notInVenue)
          .execute();
      }
    });

    it('a number already used in the system: 409', async () => {
      const before = await stored();
      const response = await call('POST', '/api/contratos', 'admin', {
        ...valid(),
        numero: 'CT-2025/014',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(
        'Já existe um contrato com o número CT-2025/014 neste sistema.',
      );
      expect(await stored()).toEqual(before);
    });

    it('a body of the wrong shape: 400 in Portuguese', async () => {
      const response = await call('POST', '/api/contratos', 'admin', {
        ...valid(),
        dispositivoIds: 'todos',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: MESSAGES.invalidRequest,
        detalhes: [expect.objectContaining({ campo: 'dispositivoIds' })],
      });
    });
  });

  describe('writes by an administrator', () => {
    let id: number;

    it('creates a contract: 201, its status from the dates, in the list', async () => {
      const before = await stored();
      const response = await call('POST', '/api/contratos', 'admin', valid());
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.mensagem).toBe(MESSAGES.contractSaved);
      expect(body.contrato).toMatchObject({
        numero: 'CT-2026/100',
        status: 'vigente',
        observacao: 'Contrato de teste.',
      });
      expect(body.contrato.dispositivos.map((d: { id: number }) => d.id).sort()).toEqual(
        usinaGenerators.slice(0, 2).sort(),
      );
      id = body.contrato.id;
      expect(await stored()).toEqual([before[0] + 1, before[1] + 2]);
      expect(
        (await list(`sisid=${SYSTEM_USINAS}&filtroTexto=CT-2026`)).contratos.map((c) => c.id),
      ).toEqual([id]);
    });

    it('updates it (its own number kept), devices replaced; another’s number: 409', async () => {
      const response = await call('PUT', `/api/contratos/${id}`, 'admin', {
        ...valid(),
        sisid: undefined,
        inicio: day(5),
        fim: day(40),
        dispositivoIds: [usinaGenerators[2]],
        observacao: '',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().contrato).toMatchObject({
        status: 'futuro',
        observacao: null,
        dispositivos: [expect.objectContaining({ id: usinaGenerators[2] })],
      });
      const taken = await call('PUT', `/api/contratos/${id}`, 'admin', {
        ...valid(),
        numero: 'CT-2024/007',
      });
      expect(taken.statusCode).toBe(409);
      const bad = await call('PUT', `/api/contratos/${id}`, 'admin', {
        ...valid(),
        inicio: day(3),
        fim: day(2),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(MESSAGES.endBeforeStart);
      expect((await call('GET', `/api/contratos/${id}`, 'admin')).json()).toMatchObject({
        numero: 'CT-2026/100',
        inicio: day(5),
      });
    });

    it('removes it with its device links', async () => {
      const before = await stored();
      const response = await call('DELETE', `/api/contratos/${id}`, 'admin');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ mensagem: MESSAGES.contractRemoved, id });
      expect(await stored()).toEqual([before[0] - 1, before[1] - 1]);
      expect((await call('GET', `/api/contratos/${id}`, 'admin')).statusCode).toBe(404);
      expect((await call('DELETE', `/api/contratos/${id}`, 'admin')).statusCode).toBe(404);
    });
  });
});
