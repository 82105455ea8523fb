import { AsyncLocalStorage } from 'node:async_hooks';
import { type DeviceRow, type DeviceRowPage, deviceRow, deviceRowPage } from '@vigia/contract';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearAlarms, openOccurrence, setLastSeen, setReading } from '../store/devices/fixtures.js';
import { testStoreAvailable } from '../store/testStore.js';
import { openDemoTestStore } from '../test/databaseTemplates.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();
const NOW = Math.floor(Date.now() / 1000);

/**
 * Counts the statements a call runs (to prove the list is not N+1). Only statements run
 * inside `counted` count: the server's own timers (due commands, retention) query the same
 * store at any moment.
 */
function statementCounter() {
  const scope = new AsyncLocalStorage<true>();
  const counter = {
    count: 0,
    tables: [] as string[],
    counted: <T>(call: () => Promise<T>) => scope.run(true, call),
  };
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      if (!scope.getStore()) return args.node;
      counter.count += 1;
      const from = (
        args.node as { from?: { froms?: { table?: { identifier?: { name?: string } } }[] } }
      ).from?.froms?.[0]?.table?.identifier?.name;
      if (from) counter.tables.push(from);
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  return { counter, plugin };
}

describe.skipIf(!available)('device reads', () => {
  let t: TestApp;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  const { counter, plugin } = statementCounter();
  /** Ids of the demo fleet, looked up by what they are. */
  const ids = {} as Record<
    'erbGenerator' | 'erbTank' | 'hospitalGenerator' | 'padariaGenerator' | 'neverDevice',
    number
  >;
  let gasSystem: number;
  let hospitalPlant: number;

  const get = async (url: string, headers = demo) => t.app.inject({ method: 'GET', url, headers });
  const post = async (url: string, payload: unknown, headers = demo) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const firstDevice = async (where: { system?: number; tipo?: string; nome?: string }) => {
    let q = t.store.db.selectFrom('devices').select('id').orderBy('id');
    if (where.system !== undefined) q = q.where('system_id', '=', where.system);
    if (where.tipo) q = q.where('tipo', '=', where.tipo);
    if (where.nome) q = q.where('nome', 'like', `${where.nome}%`);
    return (await q.executeTakeFirstOrThrow()).id;
  };

  beforeAll(async () => {
    const base = await openDemoTestStore();
    t = await startTestApp({
      store: { ...base, db: base.db.withPlugin(plugin), reads: base.reads.withPlugin(plugin) },
    });
    const close = t.close;
    t.close = async () => {
      await close();
      await base.close();
    };
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
    ids.erbGenerator = await firstDevice({ system: 121, tipo: 'gerador' });
    ids.erbTank = await firstDevice({ system: 121, tipo: 'tanque' });
    ids.hospitalGenerator = await firstDevice({ system: 179, tipo: 'gerador' });
    ids.padariaGenerator = await firstDevice({ system: 230, tipo: 'gerador' });
    ids.neverDevice = await firstDevice({ system: 210, tipo: 'posto', nome: 'Posto GNV João' });
    gasSystem = 210;
    hospitalPlant = (
      await t.store.db
        .selectFrom('devices')
        .select('usina_id')
        .where('id', '=', ids.hospitalGenerator)
        .executeTakeFirstOrThrow()
    ).usina_id as number;

    // A known state: the ERB generator on and online with two active alarms and an event.
    await setReading(t.store, ids.erbGenerator, 'statusGMG', 64, NOW - 60);
    await setReading(t.store, ids.erbGenerator, 'kW', 42.5, NOW - 60);
    await clearAlarms(t.store, [ids.erbGenerator, ids.hospitalGenerator], NOW - 120);
    await openOccurrence(t.store, ids.erbGenerator, { at: NOW - 600, critico: 22 });
    await openOccurrence(t.store, ids.erbGenerator, { at: NOW - 500, critico: 15 });
    await openOccurrence(t.store, ids.erbGenerator, { at: NOW - 400, isEvt: true });
    await openOccurrence(t.store, ids.erbGenerator, { at: NOW - 900, clearedAt: NOW - 800 });
    // The hospital generator silent for two days, off.
    await setReading(t.store, ids.hospitalGenerator, 'statusGMG', 2048, NOW - 2 * 86_400);
    await setLastSeen(t.store, ids.hospitalGenerator, NOW - 2 * 86_400);
    await setLastSeen(t.store, ids.neverDevice, null);
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (url: string, headers = demo): Promise<DeviceRowPage> => {
    const response = await get(url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return deviceRowPage.parse(response.json());
  };
  const row = async (id: number, query = ''): Promise<DeviceRow> => {
    const { itens } = await page(`/api/dispositivos/infosFiltro?limit=500${query}`);
    const found = itens.find((d) => d.id === id);
    expect(found, `dispositivo ${id}`).toBeDefined();
    return found as DeviceRow;
  };

  describe('GET /api/dispositivos/infosFiltro', () => {
    it('answers 401 invalid_token without a token', async () => {
      const response = await t.app.inject({ url: '/api/dispositivos/infosFiltro' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'invalid_token' });
    });

    it('carries the spec fields, params and readings with their current values', async () => {
      const generator = await row(ids.erbGenerator);
      expect(generator).toMatchObject({
        id: ids.erbGenerator,
        tipo: 'gerador',
        sisId: 121,
        equipamento: expect.stringContaining('GMG'),
        resumoComunicacao: 'online',
        ultimaLeitura: expect.any(Number),
      });
      expect(generator.templateDispositivoId).toBeGreaterThan(0);
      expect(generator.params).toContainEqual({ nome: 'kwn', valor: expect.any(Number) });
      expect(generator.infos.find((i) => i.nome === 'kW')?.valorAtual).toEqual({
        valor: 42.5,
        ts: NOW - 60,
        qos: 0,
      });
      expect(generator.infos.find((i) => i.nome === 'kW')).toMatchObject({
        apelido: expect.any(String),
        unidade: 'kW',
      });
    });

    it('counts active alarms only: not cleared ones, not events', async () => {
      expect((await row(ids.erbGenerator)).alarmTreeMapValue).toBe(2);
      expect((await row(ids.hospitalGenerator)).alarmTreeMapValue).toBe(0);
    });

    it("decodes communication: online, '>1 dia offline', 'nunca comunicou'", async () => {
      expect((await row(ids.erbGenerator)).resumoComunicacao).toBe('online');
      expect((await row(ids.hospitalGenerator)).resumoComunicacao).toBe('>1 dia offline');
      const never = await row(ids.neverDevice);
      expect(never.resumoComunicacao).toBe('nunca comunicou');
      expect(never.ultimaLeitura).toBeNull();
    });

    it('stays inside the caller: the customer sees only their system', async () => {
      const { itens, total } = await page('/api/dispositivos/infosFiltro?limit=500', cliente);
      expect(total).toBeGreaterThan(0);
      expect(new Set(itens.map((d) => d.sisId))).toEqual(new Set([230]));
      const forDemo = await page('/api/dispositivos/infosFiltro?limit=500');
      expect(forDemo.itens.some((d) => d.sisId === 230)).toBe(false);
    });

    it('pages with offSet and limit (50 by default) and reports the total', async () => {
      const all = await page('/api/dispositivos/infosFiltro?limit=500');
      expect(all.total).toBe(all.itens.length);
      expect(all.total).toBeGreaterThan(60);
      const first = await page('/api/dispositivos/infosFiltro');
      expect(first.itens).toHaveLength(50);
      expect(first.total).toBe(all.total);
      const second = await page('/api/dispositivos/infosFiltro?offSet=50&limit=50');
      expect(second.itens.map((d) => d.id)).toEqual(all.itens.slice(50, 100).map((d) => d.id));
      const beyond = await page(`/api/dispositivos/infosFiltro?offSet=${all.total}`);
      expect(beyond).toEqual({ total: all.total, itens: [] });
    });

    it('caps a huge limit and reads an unreadable one as the default (domain clampLimit)', async () => {
      expect(
        (await page('/api/dispositivos/infosFiltro?limit=100000')).itens.length,
      ).toBeLessThanOrEqual(500);
      expect((await page('/api/dispositivos/infosFiltro?limit=abc')).itens).toHaveLength(50);
    });

    it('filters by system, type (one or several), plant and text ignoring case and accents', async () => {
      const gas = await page(`/api/dispositivos/infosFiltro?sisid=${gasSystem}&limit=500`);
      expect(gas.itens.every((d) => d.sisId === gasSystem)).toBe(true);
      const ups = await page('/api/dispositivos/infosFiltro?tipo=ups&limit=500');
      expect(ups.total).toBeGreaterThan(0);
      expect(ups.itens.every((d) => d.tipo === 'ups')).toBe(true);
      const two = await page('/api/dispositivos/infosFiltro?tipo=ups,batmon&limit=500');
      expect(new Set(two.itens.map((d) => d.tipo))).toEqual(new Set(['ups', 'batmon']));
      const plant = await page(`/api/dispositivos/infosFiltro?usinaId=${hospitalPlant}&limit=500`);
      expect(plant.total).toBeGreaterThan(1);
      expect(plant.itens.every((d) => d.usinaId === hospitalPlant)).toBe(true);
      const camara = await page('/api/dispositivos/infosFiltro?filtroTexto=CAMARA&limit=500');
      expect(camara.total).toBeGreaterThan(0);
      expect(camara.itens.every((d) => /câmara/i.test(`${d.nome} ${d.equipamento}`))).toBe(true);
    });

    it('sorts by orderBy in pt-BR order, asc or desc', async () => {
      const asc = await page('/api/dispositivos/infosFiltro?orderBy=nome&limit=500');
      const names = asc.itens.map((d) => d.nome);
      expect(names).toEqual(
        [...names].sort(new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true }).compare),
      );
      const desc = await page('/api/dispositivos/infosFiltro?orderBy=nome%20desc&limit=500');
      expect(desc.itens[0]?.nome).toBe(names[names.length - 1]);
      const alarms = await page(
        '/api/dispositivos/infosFiltro?orderBy=alarmTreeMapValue%20desc&sisid=121&limit=5',
      );
      expect(alarms.itens[0]?.id).toBe(ids.erbGenerator);
    });

    it('builds the same rows whether the list reads every last reading time (ordered by it) or only its page’s', async () => {
      const byName = await page('/api/dispositivos/infosFiltro?limit=500');
      const byLastReading = await page(
        '/api/dispositivos/infosFiltro?orderBy=ultimaLeitura&limit=500',
      );
      expect(byName.total).toBe(byLastReading.total);
      const sortById = (rows: DeviceRow[]) => [...rows].sort((a, b) => a.id - b.id);
      expect(sortById(byName.itens)).toEqual(sortById(byLastReading.itens));
      // Silent, stale and never-seen devices are among them, each with its own state.
      expect(new Set(byName.itens.map((d) => d.resumoComunicacao)).size).toBeGreaterThan(2);
    });

    it('keeps running generators with funcionando=true (bit 64 and online) and prime ones with regime', async () => {
      const running = await page(
        '/api/dispositivos/infosFiltro?tipo=gerador&funcionando=true&limit=500',
      );
      expect(running.itens.map((d) => d.id)).toContain(ids.erbGenerator);
      expect(running.itens.map((d) => d.id)).not.toContain(ids.hospitalGenerator);
      for (const d of running.itens) {
        expect(d.infos.find((i) => i.nome === 'statusGMG')?.valorAtual?.valor).toSatisfy(
          (bits: number) => (bits & 64) !== 0,
        );
        expect(d.resumoComunicacao).toBe('online');
      }
      const prime = await page('/api/dispositivos/infosFiltro?regime=prime&limit=500');
      expect(prime.total).toBeGreaterThan(0);
      expect(
        prime.itens.every((d) => d.params.some((p) => p.nome === 'regime' && p.valor === 'prime')),
      ).toBe(true);
    });

    it('keeps the devices whose data is not current with comunicacao=offline, the others with online', async () => {
      const offline = await page(
        '/api/dispositivos/infosFiltro?comunicacao=offline&orderBy=ultimaLeitura&limit=500',
      );
      const online = await page('/api/dispositivos/infosFiltro?comunicacao=online&limit=500');
      const all = await page('/api/dispositivos/infosFiltro?limit=1');
      expect(offline.total + online.total).toBe(all.total);
      const offlineIds = offline.itens.map((d) => d.id);
      // Silent for two days, and never heard: both listed as not current.
      expect(offlineIds).toEqual(expect.arrayContaining([ids.hospitalGenerator, ids.neverDevice]));
      expect(offlineIds).not.toContain(ids.erbGenerator);
      expect(offline.itens.every((d) => d.resumoComunicacao !== 'online')).toBe(true);
      // A meter is current for 180 minutes (spec 001 §10) while the spec's resumoComunicacao
      // says 'offline' after 30: a meter silent in between is online here, 'offline' there.
      expect(
        online.itens
          .filter((d) => d.tipo !== 'medidor')
          .every((d) => d.resumoComunicacao === 'online'),
      ).toBe(true);
      // Oldest reading first, the never heard after them (missing values go last).
      const times = offline.itens.map((d) => d.ultimaLeitura);
      const heard = times.filter((ts): ts is number => ts !== null);
      expect(heard).toEqual([...heard].sort((a, b) => a - b));
      expect(times.slice(heard.length).every((ts) => ts === null)).toBe(true);
      // Another tenant's client sees only its own systems.
      const theirs = await page(
        '/api/dispositivos/infosFiltro?comunicacao=offline&limit=500',
        cliente,
      );
      expect(theirs.itens.map((d) => d.id)).not.toContain(ids.hospitalGenerator);
    });

    it('lists only the readings named in nomes', async () => {
      const generator = await row(ids.erbGenerator, '&nomes=kW&nomes=Hz');
      expect(generator.infos.map((i) => i.nome).sort()).toEqual(['Hz', 'kW']);
    });

    it('reads 50 devices in five statements: which devices, their last readings, tags newer than known, values, alarm counts (no N+1)', async () => {
      await page('/api/dispositivos/infosFiltro?limit=49');
      counter.count = 0;
      counter.tables = [];
      await counter.counted(() => page('/api/dispositivos/infosFiltro?limit=50'));
      expect(counter.tables.sort()).toEqual([
        'current_values',
        'devices',
        'devices',
        'occurrences',
        'tags',
      ]);
      // The same call again, with no event in between, is answered from the response cache.
      counter.tables = [];
      await counter.counted(() => page('/api/dispositivos/infosFiltro?limit=50'));
      expect(counter.tables).toEqual([]);
    });

    it.each([
      ['sisid=abc', 'sisid'],
      ['orderBy=senha', 'orderBy.campo'],
      ['orderBy=nome%20sideways', 'orderBy.direcao'],
      ['funcionando=talvez', 'funcionando'],
      ['regime=turbo', 'regime'],
      ['comunicacao=talvez', 'comunicacao'],
      ['usinaId=-1', 'usinaId'],
    ])('refuses %s with 400 and a pt-BR reason', async (query, campo) => {
      const response = await get(`/api/dispositivos/infosFiltro?${query}`);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error).toBe('Requisição inválida.');
      expect(body.detalhes.map((d: { campo: string }) => d.campo)).toContain(campo);
    });

    it.each([
      ['sisid', 121],
      ['usinaId', 'plant'],
      ['scdId', 'scd'],
      ['venueId', 'venue'],
      ['idGrupoDispositivo', 'group'],
      ['energycenterId', 'energy center'],
    ])("answers 404 to the customer for demo's %s", async (name, kind) => {
      const table = {
        plant: 'plants',
        scd: 'scds',
        venue: 'venues',
        'energy center': 'energy_centers',
      } as const;
      let id: number;
      if (typeof kind === 'number') id = kind;
      else if (kind === 'group') {
        id = (await t.store.db.selectFrom('device_groups').select('id').executeTakeFirstOrThrow())
          .id;
      } else {
        id = (
          await t.store.db
            .selectFrom(table[kind as keyof typeof table])
            .select('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
      const response = await get(`/api/dispositivos/infosFiltro?${name}=${id}`, cliente);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Não encontrado.' });
    });
  });

  describe('POST /api/taginfo/v2/dispositivo/id/infosLista', () => {
    const url = (id: number) => `/api/taginfo/v2/dispositivo/id/infosLista?idDispositivo=${id}`;

    it('answers the device with the named readings', async () => {
      const response = await post(url(ids.erbGenerator), {
        nomes: ['kW', 'statusGMG', 'naoExiste'],
      });
      expect(response.statusCode).toBe(200);
      const device = deviceRow.parse(response.json());
      expect(device.infos.map((i) => i.nome).sort()).toEqual(['kW', 'statusGMG']);
      expect(device.alarmTreeMapValue).toBe(2);
      expect(device.resumoComunicacao).toBe('online');
    });

    it('reads one device in three statements: the device with its alarm count, tags newer than known, values', async () => {
      await post(url(ids.erbGenerator), { nomes: ['Hz'] });
      counter.count = 0;
      counter.tables = [];
      await counter.counted(() => post(url(ids.erbGenerator), { nomes: ['kW'] }));
      expect(counter.tables.sort()).toEqual(['current_values', 'devices', 'tags']);
    });

    it('answers every reading for an empty list', async () => {
      const all = deviceRow.parse((await post(url(ids.erbGenerator), { nomes: [] })).json());
      expect(all.infos.length).toBeGreaterThan(10);
    });

    it('answers 404 for another tenant’s device and for an unknown one', async () => {
      expect((await post(url(ids.erbGenerator), { nomes: [] }, cliente)).statusCode).toBe(404);
      expect((await post(url(9_999_999), { nomes: [] })).statusCode).toBe(404);
      expect((await post(url(ids.padariaGenerator), { nomes: ['kW'] }, cliente)).statusCode).toBe(
        200,
      );
    });

    it('refuses a body that is not a list of names (400) and a missing id (400)', async () => {
      expect((await post(url(ids.erbGenerator), { nomes: 'kW' })).statusCode).toBe(400);
      expect((await post(url(ids.erbGenerator), { nomes: [''] })).statusCode).toBe(400);
      expect(
        (await post('/api/taginfo/v2/dispositivo/id/infosLista', { nomes: [] })).statusCode,
      ).toBe(400);
    });

    it('answers 401 without a token', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: url(ids.erbGenerator),
        payload: { nomes: [] },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('POST /api/taginfo/v2/dispositivos/infosLista (energy center)', () => {
    const url = '/api/taginfo/v2/dispositivos/infosLista';

    it('selects by sisid and tipo, by device group and by energy center', async () => {
      const byType = await post(`${url}?sisid=220&tipo=ups`, { nomes: ['cargaPercent'] });
      expect(byType.statusCode).toBe(200);
      const ups = deviceRowPage.parse(byType.json());
      expect(ups.total).toBe(2);
      expect(
        ups.itens.every((d) => d.tipo === 'ups' && d.infos.every((i) => i.nome === 'cargaPercent')),
      ).toBe(true);

      const group = await t.store.db
        .selectFrom('device_groups')
        .select(['id'])
        .where('nome', '=', 'Refrigeração')
        .executeTakeFirstOrThrow();
      const byGroup = deviceRowPage.parse(
        (await post(`${url}?idGrupoDispositivo=${group.id}`, { nomes: [] })).json(),
      );
      expect(byGroup.total).toBeGreaterThan(0);
      expect(byGroup.itens.every((d) => d.grupoId === group.id)).toBe(true);

      const center = await t.store.db
        .selectFrom('energy_centers')
        .select('id')
        .executeTakeFirstOrThrow();
      const byCenter = deviceRowPage.parse(
        (await post(`${url}?energycenterId=${center.id}`, {})).json(),
      );
      expect(byCenter.total).toBeGreaterThan(0);
      expect(byCenter.itens.every((d) => d.energyCenterId === center.id)).toBe(true);
    });

    it('needs a selector besides sisid (400)', async () => {
      expect((await post(`${url}?sisid=220`, { nomes: [] })).statusCode).toBe(400);
    });

    it("answers 404 to the customer for demo's group", async () => {
      const group = await t.store.db
        .selectFrom('device_groups')
        .select('id')
        .executeTakeFirstOrThrow();
      expect(
        (await post(`${url}?idGrupoDispositivo=${group.id}`, { nomes: [] }, cliente)).statusCode,
      ).toBe(404);
    });
  });

  describe('POST /api/dispositivos/{idDispositivo}/parametros', () => {
    it('answers the stored parameters, optionally only the named ones', async () => {
      const all = await post(`/api/dispositivos/${ids.erbGenerator}/parametros`, undefined);
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json()).toEqual(
        expect.arrayContaining([
          { nome: 'hzn', valor: 60 },
          { nome: 'vccn', valor: 24 },
          { nome: 'regime', valor: 'standby' },
        ]),
      );
      const some = await post(`/api/dispositivos/${ids.erbGenerator}/parametros`, {
        nomes: ['kwn'],
      });
      expect(some.json()).toEqual([{ nome: 'kwn', valor: expect.any(Number) }]);
    });

    it('answers 404 across tenants and 400 for a bad id', async () => {
      expect(
        (await post(`/api/dispositivos/${ids.erbGenerator}/parametros`, {}, cliente)).statusCode,
      ).toBe(404);
      expect((await post('/api/dispositivos/abc/parametros', {})).statusCode).toBe(400);
    });
  });

  describe('GET /api/DataTag/tag', () => {
    it('answers the tag infos of a device with scale, nominal and current value', async () => {
      const response = await get(`/api/DataTag/tag?idDispositivo=${ids.erbGenerator}&nomes=kW,Vcc`);
      expect(response.statusCode).toBe(200);
      const tags = response.json();
      expect(tags.map((tg: { nome: string }) => tg.nome).sort()).toEqual(['Vcc', 'kW']);
      const kw = tags.find((tg: { nome: string }) => tg.nome === 'kW');
      expect(kw).toMatchObject({
        id: expect.any(Number),
        apelido: expect.any(String),
        unidade: 'kW',
        dispositivo_id: ids.erbGenerator,
        valorAtual: { valor: 42.5, ts: NOW - 60, qos: 0 },
        scaleMin: 0,
        scaleMax: expect.any(Number),
        nominal: expect.any(Number),
      });
    });

    it('answers 404 across tenants, 400 without a device', async () => {
      expect(
        (await get(`/api/DataTag/tag?idDispositivo=${ids.erbGenerator}`, cliente)).statusCode,
      ).toBe(404);
      expect((await get('/api/DataTag/tag')).statusCode).toBe(400);
    });
  });

  it('every device-side route answers 401 invalid_token without a token', async () => {
    const mine =
      /^\/api\/(dispositivos|taginfo\/v2|DataTag|ConfigurationResumeSite|DataResumeSite|Sites|ConfigurationOverview|ConfigurationGraphical|ConfigurationTable|DataSinotico|energia|gps)\//;
    const routes = t.app.routeCatalog.filter(
      (r) => mine.test(r.url) && (r.method === 'GET' || r.method === 'POST'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(31);
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const response = await t.app.inject({ method: route.method as 'GET' | 'POST', url });
      expect(response.statusCode, `${route.method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ error: 'invalid_token' });
    }
  });

  it('a tank reports its level readings (for the tank list)', async () => {
    const tank = await row(ids.erbTank, '&nomes=nivel,litros');
    expect(tank.infos.map((i) => i.nome).sort()).toEqual(['litros', 'nivel']);
  });
});
