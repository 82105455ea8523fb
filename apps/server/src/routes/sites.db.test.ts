import {
  energyCenterData,
  resumeSiteConfig,
  resumeSiteRowPage,
  siteData,
  TIPO_SITE,
} from '@vigia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearAlarms, openOccurrence, setLastSeen } from '../store/devices/fixtures.js';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();
const NOW = Math.floor(Date.now() / 1000);

describe.skipIf(!available)('site tables and site data', () => {
  let t: TestApp;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  let plantDevice: { id: number; usina_id: number; patrimonio: string; local_nome: string };
  let looseDevice: { id: number; patrimonio: string };
  let padariaDevice: number;

  const get = (url: string, headers = demo) => t.app.inject({ method: 'GET', url, headers });
  const rows = async (url: string, headers = demo) => {
    const response = await get(url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return resumeSiteRowPage.parse(response.json());
  };

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
    plantDevice = (await t.store.db
      .selectFrom('devices')
      .select(['id', 'usina_id', 'patrimonio', 'local_nome'])
      .where('system_id', '=', 179)
      .where('tipo', '=', 'gerador')
      .orderBy('id')
      .executeTakeFirstOrThrow()) as typeof plantDevice;
    looseDevice = await t.store.db
      .selectFrom('devices')
      .select(['id', 'patrimonio'])
      .where('system_id', '=', 121)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    padariaDevice = (
      await t.store.db
        .selectFrom('devices')
        .select('id')
        .where('system_id', '=', 230)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    // A plant with one alarm on one device, and all its devices reporting now.
    const plantDevices = await t.store.db
      .selectFrom('devices')
      .select('id')
      .where('usina_id', '=', plantDevice.usina_id)
      .execute();
    await clearAlarms(
      t.store,
      plantDevices.map((d) => d.id),
      NOW - 60,
    );
    for (const d of plantDevices) await setLastSeen(t.store, d.id, NOW - 30);
    await openOccurrence(t.store, plantDevice.id, { at: NOW - 100 });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/ConfigurationResumeSite/{tipoSite}/resumeSite', () => {
    it.each([
      [TIPO_SITE.dispositivo, 'site'],
      [TIPO_SITE.usina, 'usina'],
      [TIPO_SITE.scd, 'scd'],
      [TIPO_SITE.venue, 'venue'],
    ])('tipoSite %s lists columns whose click opens a %s', async (tipoSite, destino) => {
      const response = await get(`/api/ConfigurationResumeSite/${tipoSite}/resumeSite`);
      expect(response.statusCode).toBe(200);
      const config = resumeSiteConfig.parse(response.json());
      expect(config).toMatchObject({ tipoSite, destino });
      const keys = config.colunas.map((c) => c.chave);
      expect(keys).toEqual(
        expect.arrayContaining(['nome', 'alarmTreeMapValue', 'resumoComunicacao']),
      );
      // Mobile hides the domain's column kinds: alarm, connection, date …
      expect(config.colunas.find((c) => c.chave === 'alarmTreeMapValue')?.mobile).toBe('alarm');
      expect(config.colunas.find((c) => c.chave === 'resumoComunicacao')?.mobile).toBe(
        'connection',
      );
    });

    it('shows place columns only for a system that has such places', async () => {
      const hospitals = resumeSiteConfig.parse(
        (await get('/api/ConfigurationResumeSite/1/resumeSite?sisid=179')).json(),
      );
      expect(hospitals.colunas.map((c) => c.chave)).toContain('usinaNome');
      expect(hospitals.colunas.map((c) => c.chave)).not.toContain('venueNome');
      const arena = resumeSiteConfig.parse(
        (await get('/api/ConfigurationResumeSite/1/resumeSite?sisid=220')).json(),
      );
      expect(arena.colunas.map((c) => c.chave)).toContain('venueNome');
      expect(arena.colunas.map((c) => c.chave)).not.toContain('usinaNome');
    });

    it('refuses an unknown tipoSite (400), a foreign sisid (404) and no token (401)', async () => {
      expect((await get('/api/ConfigurationResumeSite/7/resumeSite')).statusCode).toBe(400);
      expect(
        (await get('/api/ConfigurationResumeSite/1/resumeSite?sisid=121', cliente)).statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ url: '/api/ConfigurationResumeSite/1/resumeSite' })).statusCode,
      ).toBe(401);
    });
  });

  describe('GET /api/DataResumeSite/{tipoSite}/dataResumeSite', () => {
    it('lists devices with their place names, state and the caller’s systems only', async () => {
      const page = await rows('/api/DataResumeSite/1/dataResumeSite?limit=500');
      expect(page.total).toBe(page.itens.length);
      expect(page.itens.every((r) => r.destino === 'site' && r.sisId !== 230)).toBe(true);
      const row = page.itens.find((r) => r.id === plantDevice.id);
      expect(row).toMatchObject({
        patrimonio: plantDevice.patrimonio,
        usinaId: plantDevice.usina_id,
        usinaNome: expect.stringContaining('Hospital'),
        alarmTreeMapValue: 1,
        resumoComunicacao: 'online',
        dispositivos: 1,
        online: 1,
      });
      const mine = await rows('/api/DataResumeSite/1/dataResumeSite?limit=500', cliente);
      expect(mine.itens.every((r) => r.sisId === 230)).toBe(true);
    });

    it('lists plants with totals over their devices', async () => {
      const page = await rows('/api/DataResumeSite/2/dataResumeSite?sisid=179');
      const plant = page.itens.find((r) => r.id === plantDevice.usina_id);
      expect(plant).toMatchObject({
        destino: 'usina',
        alarmTreeMapValue: 1,
        resumoComunicacao: 'online',
      });
      expect(plant?.dispositivos).toBeGreaterThan(1);
      expect(plant?.online).toBe(plant?.dispositivos);
    });

    it('lists SCDs with their plant, and venues with their device groups', async () => {
      const scds = await rows('/api/DataResumeSite/3/dataResumeSite');
      expect(scds.total).toBeGreaterThan(0);
      expect(scds.itens.every((r) => r.destino === 'scd' && r.usinaNome !== null)).toBe(true);
      const venues = await rows('/api/DataResumeSite/4/dataResumeSite');
      expect(venues.itens[0]?.destino).toBe('venue');
      expect(venues.itens[0]?.gruposDispositivos.map((g) => g.nome)).toContain('Refrigeração');
    });

    it('filters by text (ignoring accents), sorts and pages', async () => {
      const filtered = await rows('/api/DataResumeSite/2/dataResumeSite?filtroTexto=uberlandia');
      expect(filtered.itens.map((r) => r.nome)).toEqual(['UTE Uberlândia']);
      const desc = await rows('/api/DataResumeSite/2/dataResumeSite?orderBy=nome%20desc&limit=500');
      const names = desc.itens.map((r) => r.nome);
      expect(names).toEqual(
        [...names]
          .sort(new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true }).compare)
          .reverse(),
      );
      const second = await rows(
        '/api/DataResumeSite/2/dataResumeSite?orderBy=nome%20desc&offSet=2&limit=2',
      );
      expect(second.itens.map((r) => r.nome)).toEqual(names.slice(2, 4));
      expect(second.total).toBe(names.length);
      const byAlarms = await rows(
        '/api/DataResumeSite/2/dataResumeSite?orderBy=alarmTreeMapValue%20desc&sisid=179',
      );
      expect(byAlarms.itens[0]?.id).toBe(plantDevice.usina_id);
    });

    it('narrows to one place with usinaId', async () => {
      const page = await rows(
        `/api/DataResumeSite/1/dataResumeSite?usinaId=${plantDevice.usina_id}&limit=500`,
      );
      expect(page.total).toBeGreaterThan(1);
      expect(page.itens.every((r) => r.usinaId === plantDevice.usina_id)).toBe(true);
    });

    it('refuses foreign places and systems (404) and bad input (400)', async () => {
      expect(
        (await get('/api/DataResumeSite/1/dataResumeSite?sisid=179', cliente)).statusCode,
      ).toBe(404);
      expect(
        (await get(`/api/DataResumeSite/1/dataResumeSite?usinaId=${plantDevice.usina_id}`, cliente))
          .statusCode,
      ).toBe(404);
      expect((await get('/api/DataResumeSite/0/dataResumeSite')).statusCode).toBe(400);
      expect((await get('/api/DataResumeSite/1/dataResumeSite?orderBy=senha')).statusCode).toBe(
        400,
      );
    });
  });

  describe('GET /api/Sites/{id}/site', () => {
    it("titles a plant's device 'patrimonio - local' and names its plant", async () => {
      const response = await get(`/api/Sites/${plantDevice.id}/site`);
      expect(response.statusCode).toBe(200);
      const site = siteData.parse(response.json());
      expect(site).toMatchObject({
        siteId: plantDevice.id,
        titulo: `${plantDevice.patrimonio} - ${plantDevice.local_nome}`,
        usina: { id: plantDevice.usina_id, nome: expect.any(String) },
        alarmTreeMapValue: 1,
        resumoComunicacao: 'online',
      });
    });

    it('titles a device outside a plant with its asset number only', async () => {
      const site = siteData.parse((await get(`/api/Sites/${looseDevice.id}/site`)).json());
      expect(site.titulo).toBe(looseDevice.patrimonio);
      expect(site.usina).toBeNull();
    });

    it('answers 404 across tenants and for unknown ids, 400 for a bad id', async () => {
      expect((await get(`/api/Sites/${plantDevice.id}/site`, cliente)).statusCode).toBe(404);
      expect((await get(`/api/Sites/${padariaDevice}/site`, cliente)).statusCode).toBe(200);
      expect((await get('/api/Sites/99999999/site')).statusCode).toBe(404);
      expect((await get('/api/Sites/abc/site')).statusCode).toBe(400);
    });
  });

  describe('GET /api/EnergyCenters/{energycenterId}/energyCenter', () => {
    it('names an energy center of one of the caller’s systems', async () => {
      const center = await t.store.db
        .selectFrom('energy_centers')
        .select(['id', 'nome', 'system_id'])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const response = await get(`/api/EnergyCenters/${center.id}/energyCenter`);
      expect(response.statusCode, response.body).toBe(200);
      expect(energyCenterData.parse(response.json())).toEqual({
        id: center.id,
        nome: center.nome,
        sisId: center.system_id,
      });
    });

    it('answers 404 to another tenant and for unknown ids, 400 for a bad id, 401 without a token', async () => {
      const center = await t.store.db
        .selectFrom('energy_centers')
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const foreign = await get(`/api/EnergyCenters/${center.id}/energyCenter`, cliente);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).not.toContain('Energy Center');
      expect((await get('/api/EnergyCenters/99999999/energyCenter')).statusCode).toBe(404);
      expect((await get('/api/EnergyCenters/abc/energyCenter')).statusCode).toBe(400);
      expect(
        (await t.app.inject({ url: `/api/EnergyCenters/${center.id}/energyCenter` })).statusCode,
      ).toBe(401);
    });
  });
});
