import {
  type DeviceEnergyCard,
  type EnergyCard,
  type GeneratedEnergy,
  MANAGEMENT_TABLE_LIMIT,
  MINICHART_LIMIT,
  type PlantDailyEnergy,
  type PlantDayEnergy,
} from '@vigia/contract';
import {
  addDays,
  calendarDateOf,
  dailyCounterEnergy,
  ENERGY_COUNTERS,
  type EnergyDay,
  endOfDaySec,
  energyCard,
  energyDays,
  formatIsoDate,
  isoDate,
  MESSAGES,
  previousEnergyDays,
  startOfDaySec,
  sumEnergySeries,
  totalEnergy,
} from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHistory } from '../store/devices/fixtures.js';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();
const HOUR = 3600;

/**
 * Recomputes every energy answer from the raw counter readings (domain
 * `dailyCounterEnergy` over each tag's whole history, in JavaScript) and
 * compares: the server computes the days in SQL. Plant 1's counters are
 * replaced by a fixture with a counter reset (GMG1), a day without readings
 * (GMG2) and a meter counting Wh.
 */
describe.skipIf(!available)('energy over a period, recomputed from the raw counters', () => {
  let t: TestApp;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  const today = calendarDateOf(Date.now());
  // The period: 5 local days ending 2 days ago; the previous period the 5 before.
  const first = addDays(today, -6);
  const last = addDays(today, -2);
  const inicio = startOfDaySec(first);
  const fim = endOfDaySec(last);
  const days = energyDays(inicio, fim);
  const previous = previousEnergyDays(days);
  const resetDay = addDays(today, -4);
  const gapDay = addDays(today, -3);
  const devicesOfPlant1: { id: number; nome: string; tipo: string }[] = [];

  interface CounterDevice {
    id: number;
    tipo: string;
    systemId: number;
    usinaId: number | null;
    scdId: number | null;
    uf: string;
    tagId: number;
  }
  let counters: CounterDevice[] = [];
  const expected = new Map<number, { current: (number | null)[]; previous: (number | null)[] }>();

  const get = (url: string, headers = demo) => t.app.inject({ method: 'GET', url, headers });
  async function ok<T>(url: string, headers = demo): Promise<T> {
    const response = await get(url, headers);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  }

  /** Reference: every raw reading of the tag, through the domain rule. */
  async function recompute(device: CounterDevice, on: readonly EnergyDay[]) {
    const readings = await t.store.db
      .selectFrom('readings')
      .select(['ts', 'valor'])
      .where('tag_id', '=', device.tagId)
      .orderBy('ts')
      .execute();
    const scale = ENERGY_COUNTERS[device.tipo]?.scale ?? 1;
    return dailyCounterEnergy(
      readings.map((r) => ({ ts: Number(r.ts), valor: Number(r.valor) })),
      on,
      scale,
    );
  }

  const asValues = (c: EnergyCard) =>
    c.energia.map((p) => (typeof p.valor === 'number' ? p.valor : null));

  function expectedCard(ids: readonly number[]) {
    const cur = sumEnergySeries([
      days.map(() => null),
      ...ids.map((id) => expected.get(id)?.current ?? []),
    ]);
    const prev = sumEnergySeries(ids.map((id) => expected.get(id)?.previous ?? []));
    return {
      energia: days.map((d, i) => ({ ts: d.inicio, valor: cur[i] ?? '---' })),
      ...energyCard(cur, prev),
    };
  }

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
    const rows = await t.store.db
      .selectFrom('devices')
      .innerJoin('tags', 'tags.device_id', 'devices.id')
      .select([
        'devices.id as id',
        'devices.nome as nome',
        'devices.tipo as tipo',
        'devices.system_id as systemId',
        'devices.usina_id as usinaId',
        'devices.scd_id as scdId',
        'devices.uf as uf',
        'tags.id as tagId',
        'tags.nome as tag',
      ])
      .orderBy('devices.id')
      .execute();
    counters = rows.filter((r) => ENERGY_COUNTERS[r.tipo]?.reading === r.tag);
    // Plant 1's fixture: hourly readings from 12 days ago, replacing the seeded history.
    const plant1 = counters.filter((c) => c.usinaId === 1);
    const start = startOfDaySec(addDays(today, -12));
    const now = Math.floor(Date.now() / 1000);
    for (const [n, c] of plant1.entries()) {
      await t.store.db.deleteFrom('readings').where('tag_id', '=', c.tagId).execute();
      const points: [number, number][] = [];
      let value = c.tipo === 'medidor' ? 5_000_000 : 1000 * (n + 1);
      for (let ts = start, h = 0; ts < now - HOUR; ts += HOUR, h++) {
        const day = calendarDateOf(ts * 1000);
        if (c.tipo === 'gerador' && n === 1 && isoDate(day) === isoDate(gapDay)) continue;
        // Whole numbers of Wh or tenths of kWh, as the devices send them.
        value +=
          c.tipo === 'medidor' ? 150_000 + ((h * 7919) % 50_000) : (100 + ((h * 37) % 90)) / 10;
        if (c.tipo === 'gerador' && n === 0 && ts === startOfDaySec(resetDay) + 10 * HOUR)
          value = 3;
        points.push([ts, Math.round(value * 10) / 10]);
      }
      await addHistory(t.store, c.tagId, points);
      devicesOfPlant1.push({ id: c.id, nome: '', tipo: c.tipo });
    }
    for (const c of counters) {
      expected.set(c.id, {
        current: await recompute(c, days),
        previous: await recompute(c, previous),
      });
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('the fixture has its reset and its gap: the reset day counts both runs, the gap day is null', async () => {
    const generators = counters.filter((c) => c.usinaId === 1 && c.tipo === 'gerador');
    const resetIndex = days.findIndex((d) => formatIsoDate(d.inicio) === isoDate(resetDay));
    const gapIndex = days.findIndex((d) => formatIsoDate(d.inicio) === isoDate(gapDay));
    const gmg1 = expected.get(generators[0]?.id ?? 0)?.current ?? [];
    const gmg2 = expected.get(generators[1]?.id ?? 0)?.current ?? [];
    // Hourly advances of 10 to 18.9 kWh: a day is at least 240; the drop counts nothing.
    expect(gmg1[resetIndex]).toBeGreaterThan(200);
    expect(gmg1[resetIndex]).toBeLessThan(24 * 19);
    expect(gmg2[gapIndex]).toBeNull();
    // The day after the gap counts from its own first reading only.
    expect(gmg2[gapIndex + 1]).toBeLessThan(23 * 19);
  });

  it('energiagerada: each plant’s card (its generators) and the total, to the Wh', async () => {
    const body = await ok<GeneratedEnergy>(
      `/api/energia/usinas/energiagerada?inicio=${inicio}&fim=${fim}`,
    );
    expect(body.inicio).toBe(inicio);
    expect(body.fim).toBe(fim);
    expect(body.usinas.length).toBeGreaterThan(3);
    for (const plant of body.usinas) {
      const gens = counters.filter((c) => c.usinaId === plant.id && c.tipo === 'gerador');
      const { energia, ...rest } = plant;
      const want = expectedCard(gens.map((g) => g.id));
      expect({ energia, ...rest }, plant.nome).toMatchObject(want);
    }
    const inPlants = counters.filter(
      (c) =>
        c.usinaId !== null &&
        c.tipo === 'gerador' &&
        [121, 179, 200, 210, 220].includes(c.systemId),
    );
    expect(body.total).toEqual(expectedCard(inPlants.map((c) => c.id)));
    const plant1 = body.usinas.find((p) => p.id === 1);
    const gap = plant1?.energia.find((p) => formatIsoDate(p.ts) === isoDate(gapDay));
    expect(typeof gap?.valor).toBe('number');
    // Sorted by the default maiorenergia: totals never increase.
    const totals = body.usinas.map((p) => p.energiaTotal ?? -1);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('por_dia: generated and grid energy per day, per SCD, totals', async () => {
    const body = await ok<PlantDailyEnergy>(
      `/api/energia/usinas/1/energiagerada/por_dia?inicio=${inicio}&fim=${fim}`,
    );
    const gens = counters.filter((c) => c.usinaId === 1 && c.tipo === 'gerador');
    const meters = counters.filter((c) => c.usinaId === 1 && c.tipo === 'medidor');
    expect(meters).toHaveLength(1);
    const generated = sumEnergySeries(gens.map((g) => expected.get(g.id)?.current ?? []));
    const grid = sumEnergySeries(meters.map((m) => expected.get(m.id)?.current ?? []));
    expect(body.energiaPeriodo).toEqual(
      days.map((d, i) => ({
        ts: d.inicio,
        data: formatIsoDate(d.inicio),
        energia: generated[i] ?? '---',
        energiaTotalRede: grid[i] ?? '---',
      })),
    );
    expect(body.energiaTotalUsina).toBe(totalEnergy(generated));
    expect(body.energiaTotalRede).toBe(totalEnergy(grid));
    // The meter counts Wh: about 24 × 175 kWh a day.
    expect(grid[0]).toBeGreaterThan(24 * 150);
    expect(grid[0]).toBeLessThan(24 * 200);
    expect(body.energiaPorScd).toEqual([
      { id: 1, nome: 'SCD Petrolina', energia: totalEnergy(generated) },
    ]);
    expect(body.energiaMedia).toBe(expectedCard(gens.map((g) => g.id)).energiaMedia);
  });

  it('todos_do_dia: each device’s energy of the day; the gap day shows the missing generator as ---', async () => {
    const ts = startOfDaySec(gapDay) + 12 * HOUR;
    const body = await ok<PlantDayEnergy>(
      `/api/energia/usinas/1/energiagerada/todos_do_dia?tsdia=${ts}`,
    );
    expect(body.data).toBe(isoDate(gapDay));
    const index = days.findIndex((d) => formatIsoDate(d.inicio) === isoDate(gapDay));
    for (const device of body.dispositivos) {
      expect(device.energia, device.nome).toBe(expected.get(device.id)?.current[index] ?? '---');
    }
    const gmg2 = counters.filter((c) => c.usinaId === 1 && c.tipo === 'gerador')[1];
    expect(body.dispositivos.find((d) => d.id === gmg2?.id)?.energia).toBe('---');
    expect(body.dispositivos.map((d) => d.tipo).sort()).toEqual([
      'gerador',
      'gerador',
      'gerador',
      'medidor',
      'tfr',
    ]);
  });

  it('api2 cards by state, mini charts (6) and the management table (16), sorted', async () => {
    const range = `diaDe=${isoDate(first)}&diaAte=${isoDate(last)}`;
    const scope = counters.filter((c) => [121, 179, 200, 210, 220].includes(c.systemId));
    const table = await ok<{ total: number; itens: DeviceEnergyCard[] }>(
      `/api2/energia/scds/table?${range}`,
    );
    expect(table.total).toBe(scope.length);
    expect(table.itens).toHaveLength(MANAGEMENT_TABLE_LIMIT);
    const all = await ok<{ itens: DeviceEnergyCard[] }>(
      `/api2/energia/scds/table?${range}&limit=200`,
    );
    for (const row of all.itens) {
      const {
        energia,
        energiaMedia,
        energiaMediaPassada,
        energiaTotal,
        diferenca,
        diferencaPorcentagem,
      } = row;
      expect(
        {
          energia,
          energiaMedia,
          energiaMediaPassada,
          energiaTotal,
          diferenca,
          diferencaPorcentagem,
        },
        row.nome,
      ).toEqual(expectedCard([row.id]));
    }
    const mini = await ok<{ itens: DeviceEnergyCard[] }>(
      `/api2/energia/scds/minichart?${range}&sortby=menorenergia`,
    );
    expect(mini.itens).toHaveLength(MINICHART_LIMIT);
    const lowest = mini.itens.map((r) => r.energiaTotal ?? Number.POSITIVE_INFINITY);
    expect(lowest).toEqual([...lowest].sort((a, b) => a - b));
    const variation = await ok<{ itens: DeviceEnergyCard[] }>(
      `/api2/energia/scds/table?${range}&sortby=variacaopositiva&limit=200`,
    );
    const v = variation.itens
      .filter((r) => r.diferencaPorcentagem !== null)
      .map((r) => r.diferencaPorcentagem ?? 0);
    expect(v).toEqual([...v].sort((a, b) => b - a));

    const states = await ok<{ estados: (EnergyCard & { uf: string; dispositivos: number })[] }>(
      `/api2/energia/scds/estados?${range}&usinaId=1`,
    );
    expect(states.estados).toHaveLength(1);
    const plant1 = counters.filter((c) => c.usinaId === 1);
    expect(states.estados[0]).toEqual({
      uf: 'PE',
      dispositivos: plant1.length,
      ...expectedCard(plant1.map((c) => c.id)),
    });
    // The cluster's 'Gestão de Dispositivos' (main.cluster.gestao): one system, each state.
    const of200 = counters.filter((c) => c.systemId === 200);
    const systemStates = await ok<{
      estados: (EnergyCard & { uf: string; dispositivos: number })[];
    }>(`/api2/energia/scds/estados?${range}&sisid=200`);
    expect(systemStates.estados.map((s) => s.uf).sort()).toEqual(
      [...new Set(of200.map((c) => c.uf))].sort(),
    );
    for (const state of systemStates.estados) {
      const ids = of200.filter((c) => c.uf === state.uf).map((c) => c.id);
      expect(state, state.uf).toEqual({
        uf: state.uf,
        dispositivos: ids.length,
        ...expectedCard(ids),
      });
    }
    const systemTable = await ok<{ total: number; itens: DeviceEnergyCard[] }>(
      `/api2/energia/scds/table?${range}&sisid=200&limit=200`,
    );
    expect(systemTable.total).toBe(of200.length);
    expect(systemTable.itens.map((r) => r.id).sort()).toEqual(of200.map((c) => c.id).sort());
    const names = await ok<{ id: number }[]>(`/api2/energia/scds/nomes?scdId=1`);
    expect(names.map((n) => n.id).sort()).toEqual(
      counters
        .filter((c) => c.scdId === 1)
        .map((c) => c.id)
        .sort(),
    );
  });

  it('v3 geradores: each generator’s card', async () => {
    const body = await ok<{ geradores: DeviceEnergyCard[] }>(
      `/api/v3/energia/geradores?sisid=200&inicio=${inicio}&fim=${fim}`,
    );
    const gens = counters.filter((c) => c.systemId === 200 && c.tipo === 'gerador');
    expect(body.geradores.map((g) => g.id).sort()).toEqual(gens.map((g) => g.id).sort());
    for (const g of body.geradores) expect(asValues(g)).toEqual(expected.get(g.id)?.current);
  });

  it('the default period is the previous 8 days to yesterday', async () => {
    const body = await ok<GeneratedEnergy>('/api/energia/usinas/energiagerada');
    expect(body.inicio).toBe(startOfDaySec(addDays(today, -8)));
    expect(body.fim).toBe(endOfDaySec(addDays(today, -1)));
    expect(body.total.energia).toHaveLength(8);
  });

  it('period rules answer 400 with the pt-BR message', async () => {
    const backwards = await get(`/api/energia/usinas/energiagerada?inicio=${fim}&fim=${inicio}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ error: MESSAGES.endBeforeStart });
    const long = await get(
      `/api/energia/usinas/1/energiagerada/por_dia?inicio=${inicio - 40 * 86_400}&fim=${fim}`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: MESSAGES.periodTooLong });
    const days = await get(
      `/api2/energia/scds/table?diaDe=${isoDate(last)}&diaAte=${isoDate(first)}`,
    );
    expect(days.json()).toEqual({ error: MESSAGES.endBeforeStart });
  });

  it('cliente gets 404 for another system’s plant, SCD and generator energy', async () => {
    const gmg = counters.find((c) => c.usinaId === 1 && c.tipo === 'gerador');
    for (const url of [
      '/api/energia/usinas/1/energiagerada/por_dia',
      '/api/energia/usinas/1/energiagerada/todos_do_dia',
      '/api2/energia/scds/table?usinaId=1',
      '/api2/energia/scds/minichart?scdId=1',
      '/api2/energia/scds/estados?scdId=1',
      `/api2/energia/scds/nomes?ids=${gmg?.id}`,
      '/api/v3/energia/geradores?sisid=200',
      '/api/energia/usinas/energiagerada?sisid=200',
    ]) {
      const response = await get(url, cliente);
      expect(response.statusCode, url).toBe(404);
    }
    const own = await ok<{ geradores: DeviceEnergyCard[] }>('/api/v3/energia/geradores', cliente);
    expect(own.geradores.every((g) => g.sisId === 230)).toBe(true);
    expect(own.geradores).toHaveLength(1);
  });
});
