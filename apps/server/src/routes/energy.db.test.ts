import {
  energyDeviceList,
  energyDeviceRow,
  plantList,
  plantRow,
  scdList,
  scdRow,
} from '@vigia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHistory, setLastSeen, setReading } from '../store/devices/fixtures.js';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();
const NOW = Math.floor(Date.now() / 1000);
const HOUR = 3600;

describe.skipIf(!available)('energy device reads', () => {
  let t: TestApp;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  let plant: { id: number; systemId: number };
  let generators: number[];
  let tfr: number;
  let scd: number;
  let padaria: number;

  const get = (url: string, headers = demo) => t.app.inject({ method: 'GET', url, headers });
  const ok = async (url: string, headers = demo) => {
    const response = await get(url, headers);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };

  /** Replaces a device's kWh history: [hours ago, value] points, and its current value. */
  async function setCounter(deviceId: number, points: [number, number][], current: number) {
    const tag = await t.store.db
      .selectFrom('tags')
      .select('id')
      .where('device_id', '=', deviceId)
      .where('nome', '=', 'kWh')
      .executeTakeFirstOrThrow();
    await t.store.db.deleteFrom('readings').where('tag_id', '=', tag.id).execute();
    await addHistory(
      t.store,
      tag.id,
      points.map(([hoursAgo, valor]) => [NOW - hoursAgo * HOUR, valor] as const),
    );
    await setReading(t.store, deviceId, 'kWh', current, NOW - 60);
  }

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
    const p = await t.store.db
      .selectFrom('plants')
      .select(['id', 'system_id as systemId'])
      .where('system_id', '=', 200)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    plant = p;
    const devices = await t.store.db
      .selectFrom('devices')
      .select(['id', 'tipo', 'scd_id'])
      .where('usina_id', '=', plant.id)
      .orderBy('id')
      .execute();
    generators = devices.filter((d) => d.tipo === 'gerador').map((d) => d.id);
    tfr = devices.find((d) => d.tipo === 'tfr')?.id as number;
    scd = devices.find((d) => d.scd_id !== null)?.scd_id as number;
    padaria = (
      await t.store.db
        .selectFrom('devices')
        .select('id')
        .where('system_id', '=', 230)
        .executeTakeFirstOrThrow()
    ).id;
    // Generator 1: 400 kWh the day before yesterday, 600 kWh in the last 24 h (+50 %).
    await setCounter(
      generators[0] as number,
      [
        [50, 1000],
        [30, 1400],
      ],
      2000,
    );
    // Generator 2: 100 kWh in the last 24 h, nothing known before.
    await setCounter(generators[1] as number, [[25, 5000]], 5100);
    // Generator 3: a counter reset (went back): no value.
    await setCounter(
      generators[2] as number,
      [
        [49, 9000],
        [26, 9500],
      ],
      10,
    );
    for (const id of generators) await setReading(t.store, id, 'statusGMG', 64, NOW - 60);
    await setReading(t.store, generators[0] as number, 'kW', 700, NOW - 60);
    await setReading(t.store, generators[1] as number, 'kW', 300, NOW - 60);
    await setReading(t.store, generators[2] as number, 'kW', 0, NOW - 60);
    await setLastSeen(t.store, generators[2] as number, NOW - 3 * HOUR);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('generators and transfer panels', () => {
    it('computes the last 24 h from the kWh counter and the variation over the day before', async () => {
      const row = energyDeviceRow.parse(await ok(`/api/energia/geradores/${generators[0]}`));
      expect(row.energia).toEqual({
        energia24h: 600,
        energia24hAnterior: 400,
        diferenca: 200,
        diferencaPorcentagem: 50,
      });
      expect(row.tipo).toBe('gerador');
      expect(row.infos.length).toBeGreaterThan(5);
      const second = energyDeviceRow.parse(
        await ok(`/api/energia/geradores/${generators[1]}?nomes=kW`),
      );
      expect(second.energia).toMatchObject({
        energia24h: 100,
        energia24hAnterior: null,
        diferencaPorcentagem: null,
      });
      expect(second.infos.map((i) => i.nome)).toEqual(['kW']);
      const reset = energyDeviceRow.parse(await ok(`/api/energia/geradores/${generators[2]}`));
      expect(reset.energia).toMatchObject({ energia24h: null, energia24hAnterior: 500 });
    });

    it('lists the system’s generators sorted by sortby (maiorenergia by default)', async () => {
      const rows = energyDeviceList.parse(await ok('/api/energia/geradores?sisid=200&nomes=kW'));
      expect(rows.every((r) => r.tipo === 'gerador' && r.sisId === 200)).toBe(true);
      const energies = rows.map((r) => r.energia.energia24h);
      const known = energies.filter((e): e is number => e !== null);
      expect(known).toEqual([...known].sort((a, b) => b - a));
      expect(energies.slice(known.length).every((e) => e === null)).toBe(true);
      const least = energyDeviceList.parse(
        await ok('/api/energia/geradores?sisid=200&sortby=menorenergia'),
      );
      expect(least[0]?.energia.energia24h).toBe(Math.min(...known));
      const byName = energyDeviceList.parse(
        await ok('/api/energia/geradores?sisid=200&sortby=nome'),
      );
      const names = byName.map((r) => r.nome);
      expect(names).toEqual([...names].sort(new Intl.Collator('pt-BR', { numeric: true }).compare));
      const positive = energyDeviceList.parse(
        await ok(`/api/energia/usinas/${plant.id}/geradores?sortby=variacaopositiva`),
      );
      expect(positive[0]?.id).toBe(generators[0]);
    });

    it('lists transfer panels, and a plant’s generators and TFRs', async () => {
      const tfrs = energyDeviceList.parse(await ok('/api/energia/tfrs'));
      expect(tfrs.length).toBeGreaterThan(0);
      expect(tfrs.every((r) => r.tipo === 'tfr')).toBe(true);
      expect(energyDeviceRow.parse(await ok(`/api/energia/tfrs/${tfr}`)).id).toBe(tfr);
      const plantGenerators = energyDeviceList.parse(
        await ok(`/api/energia/usinas/${plant.id}/geradores`),
      );
      expect(plantGenerators.map((r) => r.id).sort()).toEqual([...generators].sort());
      const plantTfrs = energyDeviceList.parse(await ok(`/api/energia/usinas/${plant.id}/tfrs`));
      expect(plantTfrs.map((r) => r.id)).toEqual([tfr]);
    });
  });

  describe('plants and SCDs', () => {
    it('totals a plant’s devices, running generators, power and energy', async () => {
      const row = plantRow.parse(await ok(`/api/energia/usinas/${plant.id}`));
      expect(row).toMatchObject({
        id: plant.id,
        sisId: 200,
        geradores: 3,
        // The third one is on but silent for 3 hours: not running (domain isGeneratorRunning).
        geradoresLigados: 2,
        potenciaAtual: 1000,
        potenciaNominal: 2400,
      });
      expect(row.energia.energia24h).toBe(700);
      expect(row.energia.energia24hAnterior).toBe(900);
      expect(row.scds.map((s) => s.id)).toContain(scd);
      expect(row.dispositivos).toBeGreaterThan(3);
    });

    it('lists plants and SCDs of the caller sorted by energy', async () => {
      const plants = plantList.parse(await ok('/api/energia/usinas'));
      expect(plants.some((p) => p.sisId === 230)).toBe(false);
      expect(plants.map((p) => p.id)).toContain(plant.id);
      const named = plantList.parse(await ok('/api/energia/usinas?sisid=200&sortby=nome'));
      expect(named.map((p) => p.nome)).toEqual(
        [...named.map((p) => p.nome)].sort(new Intl.Collator('pt-BR').compare),
      );
      const scds = scdList.parse(await ok('/api/energia/scds?sisid=200'));
      expect(scds.map((s) => s.id)).toContain(scd);
      const one = scdRow.parse(await ok(`/api/energia/scds/${scd}`));
      expect(one.usina?.id).toBe(plant.id);
      expect(one.geradores).toBe(3);
    });
  });

  it('answers 404 to the customer for demo’s generators, TFRs, plants and SCDs', async () => {
    for (const url of [
      `/api/energia/geradores/${generators[0]}`,
      `/api/energia/tfrs/${tfr}`,
      `/api/energia/usinas/${plant.id}`,
      `/api/energia/usinas/${plant.id}/geradores`,
      `/api/energia/usinas/${plant.id}/tfrs`,
      `/api/energia/scds/${scd}`,
      '/api/energia/geradores?sisid=200',
      '/api/energia/usinas?sisid=200',
    ]) {
      const response = await get(url, cliente);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await get(`/api/energia/geradores/${padaria}`, cliente)).statusCode).toBe(200);
  });

  it('refuses bad ids with 400 and a missing token with 401', async () => {
    expect((await get('/api/energia/usinas/abc')).statusCode).toBe(400);
    expect((await get('/api/energia/geradores?sisid=-3')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/energia/usinas' })).statusCode).toBe(401);
  });
});
