import { addDays, isoDate, MESSAGES, today } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../events/eventBus.js';
import type { VigiaEvent } from '../events/types.js';
import { ensureReadingPartitions } from '../store/partitions.js';
import { refreshRollups } from '../store/rollups/rollups.js';
import { testStoreAvailable } from '../store/testStore.js';
import { type DemoUser, startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

const day = (offset: number) => isoDate(addDays(today(new Date()), offset));

describe.skipIf(!available)('/api/combustivel', () => {
  let t: TestApp;
  const bus = new EventBus();
  const events: VigiaEvent[] = [];
  bus.subscribe((event) => events.push(event));
  const headers = new Map<DemoUser, { authorization: string }>();
  const as = async (user: DemoUser) => {
    let h = headers.get(user);
    if (!h) {
      h = await t.authHeader(user);
      headers.set(user, h);
    }
    return h;
  };
  const get = async (url: string, user: DemoUser = 'demo') =>
    t.app.inject({ method: 'GET', url, headers: await as(user) });
  const post = async (url: string, payload: object, user: DemoUser = 'demo') =>
    t.app.inject({ method: 'POST', url, payload, headers: await as(user) });
  const entryCount = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('fuel_entries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** An enabled site of system 121 with nothing saved on `dataRef`. */
  const openSite = async (dataRef: string) => {
    const rows = (await get(`/api/combustivel/consumoDiario?sis_id=121&dataRef=${dataRef}`)).json();
    const row = rows.find((r: { consumoLitros: number | null }) => r.consumoLitros === null);
    expect(row).toBeDefined();
    return row as { siteId: number; nomeSite: string };
  };

  beforeAll(async () => {
    t = await startTestApp({ bus });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('consumoDiario', () => {
    it('lists every enabled site of the system on the day, today not yet entered', async () => {
      const response = await get(`/api/combustivel/consumoDiario?sis_id=121&dataRef=${day(0)}`);
      expect(response.statusCode).toBe(200);
      const rows = response.json();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row).toMatchObject({ dataRef: day(0), consumoLitros: null, userId: null });
      }
    });

    it('shows who entered a seeded day', async () => {
      const rows = (
        await get(`/api/combustivel/consumoDiario?sis_id=121&dataRef=${day(-5)}`)
      ).json();
      const saved = rows.filter((r: { consumoLitros: number | null }) => r.consumoLitros !== null);
      expect(saved.length).toBeGreaterThan(0);
      expect(saved[0]).toMatchObject({
        userId: expect.any(Number),
        usuarioNome: expect.any(String),
      });
    });

    it('a bad date is 400 in Portuguese; a system without fuel or of another tenant is 404', async () => {
      const bad = await get('/api/combustivel/consumoDiario?sis_id=121&dataRef=2024-02-30');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(MESSAGES.invalidRequest);
      expect(
        (await get(`/api/combustivel/consumoDiario?sis_id=210&dataRef=${day(0)}`)).statusCode,
      ).toBe(404);
      const foreign = await get(
        `/api/combustivel/consumoDiario?sis_id=121&dataRef=${day(0)}`,
        'cliente',
      );
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ error: MESSAGES.notFound });
    });
  });

  describe('atualizaConsumoDiario', () => {
    it('saves a day with the caller as author, whatever usuario_id says', async () => {
      const site = await openSite(day(-1));
      events.length = 0;
      const response = await post('/api/combustivel/atualizaConsumoDiario', {
        consumos: [{ siteId: site.siteId, dataRef: day(-1), consumoLitros: 42.5 }],
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        mensagem: MESSAGES.fuelSaved,
        adicionadas: 1,
        recusadas: [],
      });
      const rows = (
        await get(`/api/combustivel/consumoDiario?sis_id=121&usuario_id=3&dataRef=${day(-1)}`)
      ).json();
      const saved = rows.find((r: { siteId: number }) => r.siteId === site.siteId);
      expect(saved).toMatchObject({
        consumoLitros: 42.5,
        userId: 1,
        usuarioNome: 'Operador Demonstração',
        registradoEm: expect.any(Number),
      });
      // Spec 000 §4: the fuel add is broadcast to the system's open consoles.
      expect(events).toEqual([
        { type: 'fuel.entries', sisId: 121, deviceId: site.siteId, dataRef: day(-1), userId: 1 },
      ]);
    });

    it.each([
      ['negative litres', -5],
      ['litres as text', 'doze'],
      ['litres as a numeric text', '12'],
      ['no litres', null],
    ])(
      '%s: 400 in Portuguese, nothing stored, nothing broadcast',
      async (_label, consumoLitros) => {
        const site = await openSite(day(0));
        const before = await entryCount();
        events.length = 0;
        const response = await post('/api/combustivel/atualizaConsumoDiario', {
          consumos: [{ siteId: site.siteId, dataRef: day(0), consumoLitros }],
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().detalhes[0].mensagem).toBe(MESSAGES.invalidFuelValue);
        expect(await entryCount()).toBe(before);
        expect(events).toEqual([]);
      },
    );

    it('a saved day is not overwritten; the batch’s other entries are saved and the refused one named', async () => {
      const saved = await openSite(day(-2));
      await post('/api/combustivel/atualizaConsumoDiario', {
        consumos: [{ siteId: saved.siteId, dataRef: day(-2), consumoLitros: 10 }],
      });
      const other = await openSite(day(-2));
      const before = await entryCount();
      events.length = 0;
      const response = await post('/api/combustivel/atualizaConsumoDiario', {
        consumos: [
          { siteId: other.siteId, dataRef: day(-2), consumoLitros: 5 },
          { siteId: saved.siteId, dataRef: day(-2), consumoLitros: 99 },
        ],
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.adicionadas).toBe(1);
      expect(body.recusadas).toEqual([
        { siteId: saved.siteId, dataRef: day(-2), error: expect.any(String) },
      ]);
      expect(body.recusadas[0].error).toMatch(
        /^Já existe consumo registrado para .+ em \d\d\/\d\d\/\d{4}\.$/,
      );
      expect(await entryCount()).toBe(before + 1);
      const rows = (
        await get(`/api/combustivel/consumoDiario?sis_id=121&dataRef=${day(-2)}`)
      ).json();
      const litresOf = (siteId: number) =>
        rows.find((r: { siteId: number }) => r.siteId === siteId).consumoLitros;
      expect(litresOf(saved.siteId)).toBe(10);
      expect(litresOf(other.siteId)).toBe(5);
      expect(events.map((e) => (e.type === 'fuel.entries' ? e.deviceId : null))).toEqual([
        other.siteId,
      ]);
    });

    it('a batch whose every entry is refused is 409 in Portuguese and stores nothing', async () => {
      const saved = await openSite(day(-3));
      await post('/api/combustivel/atualizaConsumoDiario', {
        consumos: [{ siteId: saved.siteId, dataRef: day(-3), consumoLitros: 10 }],
      });
      const before = await entryCount();
      const response = await post('/api/combustivel/atualizaConsumoDiario', {
        consumos: [{ siteId: saved.siteId, dataRef: day(-3), consumoLitros: 99 }],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatch(/^Já existe consumo registrado para .+\.$/);
      expect(await entryCount()).toBe(before);
    });

    it('two consoles saving the same site and day at once: one is stored, the other refused, never 500', async () => {
      const site = await openSite(day(-4));
      const entry = (litres: number) => ({
        consumos: [{ siteId: site.siteId, dataRef: day(-4), consumoLitros: litres }],
      });
      const answers = await Promise.all([
        post('/api/combustivel/atualizaConsumoDiario', entry(1)),
        post('/api/combustivel/atualizaConsumoDiario', entry(2)),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    });

    it.each([
      ['negative litres', -1],
      ['litres as text', '12'],
      ['litres missing', undefined],
      ['litres null', null],
    ])('%s: 400 in Portuguese and nothing stored', async (_label, consumoLitros) => {
      const site = await openSite(day(-1));
      const before = await entryCount();
      const response = await post('/api/combustivel/atualizaConsumoDiario', {
        consumos: [{ siteId: site.siteId, dataRef: day(-1), consumoLitros }],
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error).toBe(MESSAGES.invalidRequest);
      expect(body.detalhes[0].campo).toBe('consumos[0].consumoLitros');
      expect(await entryCount()).toBe(before);
    });

    it('a future day, a repeated site and day, an empty list: 400 and nothing stored', async () => {
      const site = await openSite(day(0));
      const before = await entryCount();
      const future = await post('/api/combustivel/atualizaConsumoDiario', {
        consumos: [{ siteId: site.siteId, dataRef: day(1), consumoLitros: 1 }],
      });
      expect(future.statusCode).toBe(400);
      expect(future.json().error).toBe(MESSAGES.fuelFutureDay);
      const repeated = await post('/api/combustivel/atualizaConsumoDiario', {
        consumos: [
          { siteId: site.siteId, dataRef: day(0), consumoLitros: 1 },
          { siteId: site.siteId, dataRef: day(0), consumoLitros: 2 },
        ],
      });
      expect(repeated.statusCode).toBe(400);
      expect(repeated.json().error).toBe(MESSAGES.fuelRepeatedEntry);
      const empty = await post('/api/combustivel/atualizaConsumoDiario', { consumos: [] });
      expect(empty.statusCode).toBe(400);
      expect(await entryCount()).toBe(before);
    });

    it('a disabled site is refused (400) and nothing stored', async () => {
      const config = (await get('/api/combustivel/config?sisid=179')).json();
      const disabled = config.find((c: { habilitado: number }) => c.habilitado === 0);
      expect(disabled).toBeDefined();
      const before = await entryCount();
      const response = await post('/api/combustivel/atualizaConsumoDiario', {
        consumos: [{ siteId: disabled.siteId, dataRef: day(0), consumoLitros: 3 }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(
        MESSAGES.fuelSiteNotEnabled.replace('{site}', disabled.nome),
      );
      expect(await entryCount()).toBe(before);
    });

    it('a disabled site beside an enabled one: the enabled is saved, the disabled refused by name', async () => {
      const config = (await get('/api/combustivel/config?sisid=179')).json();
      const disabled = config.find((c: { habilitado: number }) => c.habilitado === 0);
      const rows = (
        await get(`/api/combustivel/consumoDiario?sis_id=179&dataRef=${day(-6)}`)
      ).json();
      const open = rows.find((r: { consumoLitros: number | null }) => r.consumoLitros === null);
      expect(disabled).toBeDefined();
      expect(open).toBeDefined();
      const before = await entryCount();
      const response = await post('/api/combustivel/atualizaConsumoDiario', {
        consumos: [
          { siteId: disabled.siteId, dataRef: day(-6), consumoLitros: 3 },
          { siteId: open.siteId, dataRef: day(-6), consumoLitros: 4 },
        ],
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        mensagem: MESSAGES.fuelSaved,
        adicionadas: 1,
        recusadas: [
          {
            siteId: disabled.siteId,
            dataRef: day(-6),
            error: MESSAGES.fuelSiteNotEnabled.replace('{site}', disabled.nome),
          },
        ],
      });
      expect(await entryCount()).toBe(before + 1);
    });

    it('cliente cannot write another tenant’s site: 404 and nothing stored', async () => {
      const site = await openSite(day(0));
      const before = await entryCount();
      const response = await post(
        '/api/combustivel/atualizaConsumoDiario',
        { consumos: [{ siteId: site.siteId, dataRef: day(0), consumoLitros: 7 }] },
        'cliente',
      );
      expect(response.statusCode).toBe(404);
      expect(await entryCount()).toBe(before);
    });
  });

  describe('config and updateConfigs', () => {
    it('lists the sites of the system; sisid or cliente_id, never two different ones', async () => {
      const bySisid = (await get('/api/combustivel/config?sisid=121&userid=3')).json();
      expect(bySisid.length).toBeGreaterThan(0);
      expect(bySisid[0]).toMatchObject({
        siteId: expect.any(Number),
        habilitado: expect.any(Number),
        valorReferencia: expect.any(Number),
      });
      expect((await get('/api/combustivel/config?cliente_id=121')).json()).toEqual(bySisid);
      expect((await get('/api/combustivel/config?sisid=121&cliente_id=179')).statusCode).toBe(400);
      expect((await get('/api/combustivel/config?sisid=121', 'cliente')).statusCode).toBe(404);
    });

    it('changes the flag and the reference value, with who and when', async () => {
      const [first] = (await get('/api/combustivel/config?sisid=179')).json();
      events.length = 0;
      const response = await post('/api/combustivel/updateConfigs', {
        configs: [
          { siteId: first.siteId, habilitado: first.habilitado ? 0 : 1, valorReferencia: 321 },
        ],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ mensagem: MESSAGES.configSaved, alteradas: 1 });
      const after = (await get('/api/combustivel/config?sisid=179')).json();
      expect(after.find((c: { siteId: number }) => c.siteId === first.siteId)).toMatchObject({
        habilitado: first.habilitado ? 0 : 1,
        valorReferencia: 321,
        atualizadoPor: 'Operador Demonstração',
      });
      expect(events).toEqual([
        { type: 'fuel.config', sisId: 179, deviceId: first.siteId, userId: 1 },
      ]);
    });

    it.each([
      ['a negative value', -1],
      ['a fraction', 12.5],
      ['a text', '50'],
    ])('%s as reference: 400 in Portuguese, nothing changed', async (_label, valorReferencia) => {
      const before = (await get('/api/combustivel/config?sisid=121')).json();
      const response = await post('/api/combustivel/updateConfigs', {
        configs: [{ siteId: before[0].siteId, habilitado: 1, valorReferencia }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detalhes[0].mensagem).toBe(MESSAGES.invalidReferenceValue);
      expect((await get('/api/combustivel/config?sisid=121')).json()).toEqual(before);
    });

    it('cliente cannot change another tenant’s site: 404, nothing changed', async () => {
      const before = (await get('/api/combustivel/config?sisid=121')).json();
      const response = await post(
        '/api/combustivel/updateConfigs',
        { configs: [{ siteId: before[0].siteId, habilitado: 0, valorReferencia: 1 }] },
        'cliente',
      );
      expect(response.statusCode).toBe(404);
      expect((await get('/api/combustivel/config?sisid=121')).json()).toEqual(before);
    });
  });

  describe('plant, SCD and incomplete days', () => {
    it('consumoDiarioUsina: the saved days of a plant, 30 days by default; the period rules', async () => {
      const plant = await t.store.db
        .selectFrom('plants')
        .select('id')
        .where('system_id', '=', 179)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const rows = (await get(`/api/combustivel/consumoDiarioUsina?usinaId=${plant.id}`)).json();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r: { dataRef: string }) => r.dataRef >= day(-29))).toBe(true);
      const reversed = await get(
        `/api/combustivel/consumoDiarioUsina?usinaId=${plant.id}&dataInicial=${day(-1)}&dataFinal=${day(-3)}`,
      );
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().error).toBe(MESSAGES.endBeforeStart);
      const long = await get(
        `/api/combustivel/consumoDiarioUsina?usinaId=${plant.id}&dataInicial=${day(-40)}&dataFinal=${day(0)}`,
      );
      expect(long.json().error).toBe(MESSAGES.periodTooLong);
      expect(
        (await get(`/api/combustivel/consumoDiarioUsina?usinaId=${plant.id}`, 'cliente'))
          .statusCode,
      ).toBe(404);
    });

    it('consumoDiarioIncompleto: today and yesterday still have sites without entry', async () => {
      const days = (
        await get('/api/combustivel/consumoDiarioIncompleto?sisid=121&userId=3')
      ).json();
      expect(days.map((d: { dataRef: string }) => d.dataRef)).toContain(day(0));
      expect(days[0]).toMatchObject({ dataRef: day(0), sitesSemEntrada: expect.any(Number) });
      expect(days.length).toBeLessThanOrEqual(30);
    });

    it('the SCD calls read only the SCD’s sites', async () => {
      const scd = await t.store.db
        .selectFrom('scds')
        .select('id')
        .where('system_id', '=', 200)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const configs = (await get(`/api/combustivel/configUnique?scdid=${scd.id}`)).json();
      expect(configs.length).toBeGreaterThan(0);
      expect(configs.every((c: { scdId: number }) => c.scdId === scd.id)).toBe(true);
      const daily = (
        await get(`/api/combustivel/consumoDiario?sis_id=200&scdid=${scd.id}&dataRef=${day(0)}`)
      ).json();
      expect(daily.every((r: { scdId: number }) => r.scdId === scd.id)).toBe(true);
      expect(
        (await get(`/api/combustivel/consumoDiarioIncompletoScd?scdid=${scd.id}`)).statusCode,
      ).toBe(200);
      expect(
        (await get(`/api/combustivel/consumoDiario?sis_id=121&scdid=${scd.id}&dataRef=${day(0)}`))
          .statusCode,
      ).toBe(404);
      expect(
        (await get(`/api/combustivel/configUnique?scdid=${scd.id}`, 'cliente')).statusCode,
      ).toBe(404);
    });
  });
  describe('patrimonios and abastecimentos', () => {
    /** System 121's first tank: its litres tag and capacity. */
    const firstTank = async () => {
      const tank = await t.store.db
        .selectFrom('devices')
        .innerJoin('fuel_configs', 'fuel_configs.device_id', 'devices.id')
        .innerJoin('tags', 'tags.device_id', 'devices.id')
        .select(['devices.id as id', 'devices.params as params', 'tags.id as tagId'])
        .where('devices.system_id', '=', 121)
        .where('devices.tipo', '=', 'tanque')
        .where('tags.nome', '=', 'litros')
        .orderBy('devices.id')
        .executeTakeFirstOrThrow();
      return { ...tank, capacidade: Number(JSON.parse(tank.params).capacidade) };
    };

    it('lists the fuel assets with volume, entered consumption, average and autonomy', async () => {
      const response = await get('/api/combustivel/patrimonios?sisid=121');
      expect(response.statusCode).toBe(200);
      const rows = response.json();
      const configs = (await get('/api/combustivel/config?sisid=121')).json();
      expect(rows.map((r: { siteId: number }) => r.siteId).sort()).toEqual(
        configs.map((c: { siteId: number }) => c.siteId).sort(),
      );
      const tank = await firstTank();
      const row = rows.find((r: { siteId: number }) => r.siteId === tank.id);
      expect(row.capacidadeLitros).toBe(tank.capacidade);
      expect(row.litros).toEqual(expect.any(Number));
      expect(row.diasRegistrados).toBeGreaterThan(0);
      expect(row.consumoMedioDiario).toBeCloseTo(row.consumoPeriodo / row.diasRegistrados);
      expect(row.autonomiaDias).toBeCloseTo(row.litros / row.consumoMedioDiario);
    });

    it('a rise of the tank’s volume is a refuel: listed, and the asset’s last one', async () => {
      const tank = await firstTank();
      const hour = Math.floor(Date.now() / 1000 / 3600) * 3600 - 5 * 86_400;
      await ensureReadingPartitions(t.store, hour - 3600, hour + 7200);
      const low = Math.round(tank.capacidade * 0.2);
      const high = Math.round(tank.capacidade * 0.9);
      await t.store.db
        .insertInto('readings')
        .values([
          { tag_id: tank.tagId, ts: hour - 1800, valor: low + 10, qos: 192 },
          { tag_id: tank.tagId, ts: hour + 600, valor: low, qos: 192 },
          { tag_id: tank.tagId, ts: hour + 1200, valor: high, qos: 192 },
          { tag_id: tank.tagId, ts: hour + 4000, valor: high - 5, qos: 192 },
        ])
        .onConflict((oc) => oc.doNothing())
        .execute();
      // As the rollup job does for late readings, so the answer is the same either side of its watermark.
      await refreshRollups(t.store, hour - 3600, hour + 7200, [tank.tagId]);
      const refuels = (await get('/api/combustivel/abastecimentos?sisid=121')).json();
      expect(refuels).toContainEqual(
        expect.objectContaining({ siteId: tank.id, inicio: hour, antes: low, depois: high }),
      );
      const sorted = [...refuels].sort((a, b) => b.inicio - a.inicio);
      expect(refuels.map((r: { inicio: number }) => r.inicio)).toEqual(sorted.map((r) => r.inicio));
      const narrow = (
        await get(
          `/api/combustivel/abastecimentos?sisid=121&dataInicial=${day(-2)}&dataFinal=${day(0)}`,
        )
      ).json();
      expect(narrow.some((r: { inicio: number }) => r.inicio === hour)).toBe(false);
      const asset = (await get('/api/combustivel/patrimonios?sisid=121'))
        .json()
        .find((r: { siteId: number }) => r.siteId === tank.id);
      expect(asset.ultimoAbastecimento).toBeGreaterThanOrEqual(hour);
    });

    it('a venue’s assets only; the period rules; other tenants and systems without fuel: 404', async () => {
      const venue = (await get('/api/combustivel/patrimonios?sisid=220&venueId=1')).json();
      expect(venue.length).toBeGreaterThan(0);
      expect(venue.every((r: { venueId: number }) => r.venueId === 1)).toBe(true);
      expect((await get('/api/combustivel/patrimonios?sisid=121&venueId=1')).statusCode).toBe(404);
      const reversed = await get(
        `/api/combustivel/abastecimentos?sisid=121&dataInicial=${day(-1)}&dataFinal=${day(-3)}`,
      );
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().error).toBe(MESSAGES.endBeforeStart);
      const long = await get(
        `/api/combustivel/abastecimentos?sisid=121&dataInicial=${day(-40)}&dataFinal=${day(0)}`,
      );
      expect(long.statusCode).toBe(400);
      expect(long.json().error).toBe(MESSAGES.periodTooLong);
      for (const url of [
        '/api/combustivel/patrimonios?sisid=121',
        '/api/combustivel/abastecimentos?sisid=121',
      ]) {
        expect((await get(url, 'cliente')).statusCode).toBe(404);
      }
      expect((await get('/api/combustivel/patrimonios?sisid=210')).statusCode).toBe(404);
    });
  });
});
