import { batteryPage, loadSpeedPage, powerPage, tankPage } from '@vigia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setReading } from '../store/devices/fixtures.js';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();
const NOW = Math.floor(Date.now() / 1000);

describe.skipIf(!available)('analysis lists and tanks', () => {
  let t: TestApp;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  /** Three prime generators of 800 kW nominal and 24 V batteries. */
  let gens: [number, number, number];
  let tanks: [number, number];
  let plantId: number;
  /** A generator of another plant whose kwn is not registered. */
  let noKwn: { id: number; plantId: number };

  const get = (url: string, headers = demo) => t.app.inject({ method: 'GET', url, headers });
  const ok = async (url: string, headers = demo) => {
    const response = await get(url, headers);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
    const plant = await t.store.db
      .selectFrom('plants')
      .select('id')
      .where('system_id', '=', 200)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    plantId = plant.id;
    const ids = await t.store.db
      .selectFrom('devices')
      .select('id')
      .where('usina_id', '=', plant.id)
      .where('tipo', '=', 'gerador')
      .orderBy('id')
      .execute();
    gens = ids.map((d) => d.id) as [number, number, number];
    const tankIds = await t.store.db
      .selectFrom('devices')
      .select('id')
      .where('system_id', '=', 121)
      .where('tipo', '=', 'tanque')
      .orderBy('id')
      .limit(2)
      .execute();
    tanks = tankIds.map((d) => d.id) as [number, number];

    const other = await t.store.db
      .selectFrom('devices')
      .select(['id', 'usina_id', 'params'])
      .where('system_id', '=', 200)
      .where('tipo', '=', 'gerador')
      .where('usina_id', '!=', plant.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { kwn: _unregistered, ...otherParams } = JSON.parse(String(other.params));
    await t.store.db
      .updateTable('devices')
      .set({ params: JSON.stringify(otherParams) })
      .where('id', '=', other.id)
      .execute();
    noKwn = { id: other.id, plantId: Number(other.usina_id) };
    await setReading(t.store, other.id, 'kW', 5, NOW - 30);

    // Power: 20 % (Crítico), 50 % (Atenção), 0 % (no band).
    await setReading(t.store, gens[0], 'kW', 160, NOW - 30);
    await setReading(t.store, gens[1], 'kW', 400, NOW - 30);
    await setReading(t.store, gens[2], 'kW', 0, NOW - 30);
    // Load speed: 85 (Crítico), 70 (Atenção), 10 (none).
    await setReading(t.store, gens[0], 'LoadSpeed', 85, NOW - 30);
    await setReading(t.store, gens[1], 'LoadSpeed', 70, NOW - 30);
    await setReading(t.store, gens[2], 'LoadSpeed', 10, NOW - 30);
    // Battery: 12 V of 24 V with the mains switch closed (32768), and 25.2 V open.
    await setReading(t.store, gens[0], 'Vcc', 12, NOW - 30);
    await setReading(t.store, gens[0], 'chaveRede', 32768 | 16384, NOW - 30);
    await setReading(t.store, gens[1], 'Vcc', 25.2, NOW - 30);
    await setReading(t.store, gens[1], 'chaveRede', 4096, NOW - 30);
    // Tanks: 10 % empty-ish (critico 90, red) and 30 % (critico 70, yellow, status 'Vazio' bit).
    await setReading(t.store, tanks[0], 'nivel', 10, NOW - 30);
    await setReading(t.store, tanks[0], 'litros', 50, NOW - 30);
    await setReading(t.store, tanks[0], 'statusTanque', 16, NOW - 30);
    await setReading(t.store, tanks[1], 'nivel', 30, NOW - 30);
    await setReading(t.store, tanks[1], 'litros', 225, NOW - 30);
    await setReading(t.store, tanks[1], 'statusTanque', 0, NOW - 30);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/energia/analise/potencias', () => {
    it('computes kW / kwn and the domain severity (1 to 30 Crítico, above 30 Atenção)', async () => {
      const page = powerPage.parse(await ok(`/api/energia/analise/potencias?usinaId=${plantId}`));
      expect(page.total).toBe(3);
      const byId = new Map(page.itens.map((r) => [r.id, r]));
      expect(byId.get(gens[0])).toMatchObject({
        kw: 160,
        kwn: 800,
        percentual: 20,
        severidade: 'critical',
      });
      expect(byId.get(gens[1])).toMatchObject({ percentual: 50, severidade: 'attention' });
      expect(byId.get(gens[2])).toMatchObject({ percentual: 0, severidade: null });
      expect(page).toMatchObject({ criticos: 1, atencao: 1 });
      // Default order: critical first.
      expect(page.itens.map((r) => r.id)).toEqual([gens[0], gens[1], gens[2]]);
    });

    it('keeps one band with severidade, still counting both bands', async () => {
      const page = powerPage.parse(
        await ok(`/api/energia/analise/potencias?usinaId=${plantId}&severidade=critical`),
      );
      expect(page.itens.map((r) => r.id)).toEqual([gens[0]]);
      expect(page).toMatchObject({ total: 1, criticos: 1, atencao: 1 });
    });

    it('lists generators only, of the caller’s systems only, 50 per page by default', async () => {
      const page = powerPage.parse(await ok('/api/energia/analise/potencias'));
      expect(page.itens.every((r) => r.tipo === 'gerador' && r.sisId !== 230)).toBe(true);
      expect(page.itens.length).toBe(Math.min(50, page.total));
      const mine = powerPage.parse(await ok('/api/energia/analise/potencias', cliente));
      expect(mine.itens.every((r) => r.sisId === 230)).toBe(true);
    });
  });

  describe('GET /api/energia/analise/loadspeeds', () => {
    it('applies the domain LoadSpeed severity, highest first', async () => {
      const page = loadSpeedPage.parse(
        await ok(`/api/energia/analise/loadspeeds?usinaId=${plantId}`),
      );
      expect(page.itens.map((r) => [r.loadSpeed, r.severidade])).toEqual([
        [85, 'critical'],
        [70, 'attention'],
        [10, null],
      ]);
      const asc = loadSpeedPage.parse(
        await ok(`/api/energia/analise/loadspeeds?usinaId=${plantId}&orderBy=loadSpeed%20asc`),
      );
      expect(asc.itens.map((r) => r.loadSpeed)).toEqual([10, 70, 85]);
      const paged = loadSpeedPage.parse(
        await ok(`/api/energia/analise/loadspeeds?usinaId=${plantId}&offSet=1&limit=1`),
      );
      expect(paged).toMatchObject({ total: 3, itens: [{ loadSpeed: 70 }] });
    });
  });

  describe('GET /api/energia/analise/baterias', () => {
    it('compares Vcc with vccn and decodes the mains switch (32768 FECHADA)', async () => {
      const page = batteryPage.parse(await ok(`/api/energia/analise/baterias?usinaId=${plantId}`));
      const byId = new Map(page.itens.map((r) => [r.id, r]));
      expect(byId.get(gens[0])).toMatchObject({
        vcc: 12,
        vccn: 24,
        percentual: 50,
        chave: 'FECHADA',
      });
      expect(byId.get(gens[1])).toMatchObject({ vcc: 25.2, percentual: 105, chave: 'ABERTA' });
      // Lowest percent first by default.
      expect(page.itens[0]?.id).toBe(gens[0]);
    });

    it('lists every device reporting Vcc (battery monitors and transfer panels too) and filters by text', async () => {
      const all = batteryPage.parse(await ok('/api/energia/analise/baterias?limit=500'));
      // The QTA reads the battery of the set it starts (its Motor preset, spec 000 §3).
      expect(new Set(all.itens.map((r) => r.tipo))).toEqual(new Set(['gerador', 'batmon', 'qta']));
      const text = batteryPage.parse(
        await ok('/api/energia/analise/baterias?filtroTexto=monitor&limit=500'),
      );
      expect(text.total).toBeGreaterThan(0);
      expect(text.itens.every((r) => r.tipo === 'batmon')).toBe(true);
    });
  });

  describe('a device without its nominal registered (issue 27)', () => {
    it("a transfer panel's battery: its Vcc, no vccn and no percentage, never of an invented 500", async () => {
      const all = batteryPage.parse(await ok('/api/energia/analise/baterias?limit=500'));
      const qta = all.itens.find((r) => r.tipo === 'qta' && r.vcc !== null);
      if (!qta) throw new Error('demo sem QTA com Vcc');
      const row = await t.store.db
        .selectFrom('devices')
        .select('params')
        .where('id', '=', qta.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(String(row.params))).not.toHaveProperty('vccn');
      expect(qta).toMatchObject({ vccn: null, percentual: null });
    });

    it('a generator without kwn: its kW, no percentage and no band; its plant nominal unknown', async () => {
      const page = powerPage.parse(
        await ok(`/api/energia/analise/potencias?usinaId=${noKwn.plantId}&limit=10`),
      );
      // 5 kW of an invented 500 would be 1 %, Crítico.
      expect(page.itens.find((r) => r.id === noKwn.id)).toMatchObject({
        kw: 5,
        kwn: null,
        percentual: null,
        severidade: null,
      });
      expect(page.criticos).toBe(0);
      const plant = await ok(`/api/energia/usinas/${noKwn.plantId}`);
      expect(plant.potenciaNominal).toBeNull();
      const withNominals = await ok(`/api/energia/usinas/${plantId}`);
      expect(withNominals.potenciaNominal).toBe(3 * 800);
    });
  });

  describe('GET /api/energia/tanques', () => {
    it('reads level, litres, capacity and status, colours by critico (100 − nível)', async () => {
      const page = tankPage.parse(await ok('/api/energia/tanques?sisid=121&limit=500'));
      const byId = new Map(page.itens.map((r) => [r.id, r]));
      expect(byId.get(tanks[0])).toMatchObject({
        nivel: 10,
        critico: 90,
        litros: 50,
        cor: 'red',
        faixa: 'below-25',
        status: 16,
        statusTexto: ['Vazio'],
      });
      expect(byId.get(tanks[0])?.capacidade).toBeGreaterThan(0);
      expect(byId.get(tanks[1])).toMatchObject({
        nivel: 30,
        critico: 70,
        cor: 'yellow',
        faixa: '25-50',
        statusTexto: [],
      });
      // Most critical first.
      expect(page.itens[0]?.id).toBe(tanks[0]);
      expect(page.itens.every((r) => r.tipo === 'tanque' && r.sisId === 121)).toBe(true);
    });

    it('lists an SCD’s tanks with scdId and sorts by nivel', async () => {
      const scd = await t.store.db.selectFrom('scds').select('id').executeTakeFirstOrThrow();
      const page = tankPage.parse(await ok(`/api/energia/tanques?scdId=${scd.id}`));
      expect(page.total).toBeGreaterThan(0);
      expect(page.itens.every((r) => r.scdId === scd.id)).toBe(true);
      const byLevel = tankPage.parse(
        await ok('/api/energia/tanques?sisid=121&orderBy=nivel&limit=500'),
      );
      const levels = byLevel.itens.map((r) => r.nivel).filter((n) => n !== null);
      expect(levels).toEqual([...levels].sort((a, b) => (a as number) - (b as number)));
    });
  });

  it.each([
    '/api/energia/analise/baterias',
    '/api/energia/analise/potencias',
    '/api/energia/analise/loadspeeds',
    '/api/energia/tanques',
  ])(
    '%s: 404 for foreign systems and plants, 400 for bad input, 401 without token',
    async (path) => {
      expect((await get(`${path}?sisid=200`, cliente)).statusCode).toBe(404);
      expect((await get(`${path}?usinaId=${plantId}`, cliente)).statusCode).toBe(404);
      expect((await get(`${path}?orderBy=senha`)).statusCode).toBe(400);
      expect((await get(`${path}?sisid=x`)).statusCode).toBe(400);
      expect((await t.app.inject({ url: path })).statusCode).toBe(401);
    },
  );
});
