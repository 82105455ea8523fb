import { gpsDeviceList, gpsLocationList, gpsMap } from '@vigia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLastSeen } from '../store/devices/fixtures.js';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();
const NOW = Math.floor(Date.now() / 1000);

describe.skipIf(!available)('GPS and maps', () => {
  let t: TestApp;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  /** The devices of one ERB site (same place): online, offline for hours, offline for days. */
  let site: { local: string; ids: number[] };

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
    const devices = await t.store.db
      .selectFrom('devices')
      .select(['id', 'local_nome'])
      .where('system_id', '=', 121)
      .orderBy('id')
      .limit(3)
      .execute();
    site = { local: devices[0]?.local_nome as string, ids: devices.map((d) => d.id) };
    await setLastSeen(t.store, site.ids[0] as number, NOW - 60);
    await setLastSeen(t.store, site.ids[1] as number, NOW - 2 * 3600);
    await setLastSeen(t.store, site.ids[2] as number, NOW - 3 * 86_400);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/gps/gpsDevices: located devices with the domain pin colour', async () => {
    const pins = gpsDeviceList.parse(await ok('/api/gps/gpsDevices?sisid=121'));
    expect(pins.every((p) => p.sisId === 121)).toBe(true);
    const colour = (id: number | undefined) => pins.find((p) => p.id === id);
    expect(colour(site.ids[0])).toMatchObject({
      local: site.local,
      resumoComunicacao: 'online',
      cor: 'green',
    });
    expect(colour(site.ids[1])).toMatchObject({ resumoComunicacao: 'offline', cor: 'red' });
    expect(colour(site.ids[2])).toMatchObject({ resumoComunicacao: '>1 dia offline', cor: 'gray' });
    const all = gpsDeviceList.parse(await ok('/api/gps/gpsDevices'));
    expect(new Set(all.map((p) => p.sisId)).has(230)).toBe(false);
    expect(all.length).toBeGreaterThan(pins.length);
  });

  it('GET /api/gps/map: plants and SCDs as fixed places, bounds around everything', async () => {
    const map = gpsMap.parse(await ok('/api/gps/map'));
    expect(map.locais.some((l) => l.tipo === 'usina')).toBe(true);
    expect(map.locais.some((l) => l.tipo === 'scd')).toBe(true);
    const pins = gpsDeviceList.parse(await ok('/api/gps/gpsDevices'));
    const lats = [...pins.map((p) => p.lat), ...map.locais.map((l) => l.lat)];
    const lons = [...pins.map((p) => p.longi), ...map.locais.map((l) => l.longi)];
    expect(map.limites).toEqual({
      sul: Math.min(...lats),
      norte: Math.max(...lats),
      oeste: Math.min(...lons),
      leste: Math.max(...lons),
    });
    const customer = gpsMap.parse(await ok('/api/gps/map', cliente));
    expect(customer.locais).toEqual([]);
    expect(customer.limites).not.toBeNull();
  });

  it('GET /api/gps/listDevices: devices grouped by location, coloured by the freshest', async () => {
    const locations = gpsLocationList.parse(await ok('/api/gps/listDevices?clientId=121'));
    const location = locations.find((l) => l.local === site.local);
    expect(location?.dispositivos.map((d) => d.id).sort()).toEqual([...site.ids].sort());
    expect(location?.cor).toBe('green');
  });

  it('answers 404 for a foreign system, 400 for a bad one, 401 without token', async () => {
    expect((await get('/api/gps/gpsDevices?sisid=121', cliente)).statusCode).toBe(404);
    expect((await get('/api/gps/map?sisid=121', cliente)).statusCode).toBe(404);
    expect((await get('/api/gps/listDevices?clientId=121', cliente)).statusCode).toBe(404);
    expect((await get('/api/gps/listDevices?clientId=abc')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/gps/map' })).statusCode).toBe(401);
  });
});
