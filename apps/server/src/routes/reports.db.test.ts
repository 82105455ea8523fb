import {
  chartHistory,
  dataTable,
  maintenanceReport,
  plantChart,
  type ReportData,
  reportData,
} from '@vigia/contract';
import { addDays, calendarDateOf, MESSAGES, startOfDaySec } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHistory } from '../store/devices/fixtures.js';
import { catchUpRollups, localDay } from '../store/rollups/rollups.js';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();
const ROWS = '/api/taginfoHistorico/dispositivo/id/penas/rows/infosLista';
const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;
/** Three local days of 1-minute readings, starting at local midnight 10 days back. */
const START = startOfDaySec(addDays(calendarDateOf(NOW * 1000), -10));
const END = START + 3 * DAY - 1;
const kW = (ts: number) => 100 + ((ts / 60) % 37) + (ts % 7) / 10;
const horimetro = (ts: number) => 1000 + (ts - START) / 3600;

/** The expected cell of [from, to] computed straight from the points written. */
function expected(from: number, to: number) {
  const points: number[] = [];
  for (let ts = START; ts <= END; ts += 60) if (ts >= from && ts <= to) points.push(ts);
  if (points.length === 0) return { kW: null, horimetro: null };
  const first = points[0] as number;
  const last = points.at(-1) as number;
  return {
    kW: points.reduce((sum, ts) => sum + kW(ts), 0) / points.length,
    horimetro: horimetro(last) - horimetro(first),
  };
}

function expectRows(body: ReportData, rowEnd: (ts: number) => number) {
  for (const row of body.rows) {
    const want = expected(Math.max(row.ts, body.inicio), Math.min(rowEnd(row.ts) - 1, body.fim));
    for (const key of ['kW', 'horimetro'] as const) {
      if (want[key] === null) expect(row.columns[key]).toBeNull();
      else expect(row.columns[key]).toBeCloseTo(want[key] as number, 6);
    }
  }
}

describe.skipIf(!available)('report history, report data, plant chart and rollups', () => {
  let t: TestApp;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  let generator: { id: number; usina_id: number | null };
  let padariaDevice: number;

  const url = (path: string, query: Record<string, number | string>) =>
    `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
  const rows = (
    query: Record<string, number | string>,
    headers = demo,
    columns: object[] = [
      { keyColuna: 'ts', tipo: 'DATE' },
      { keyColuna: 'kW' },
      { keyColuna: 'horimetro' },
    ],
  ) => t.app.inject({ method: 'POST', url: url(ROWS, query), headers, payload: { columns } });

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
    generator = await t.store.db
      .selectFrom('devices')
      .select(['id', 'usina_id'])
      .where('system_id', '=', 200)
      .where('tipo', '=', 'gerador')
      .where('usina_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    padariaDevice = (
      await t.store.db
        .selectFrom('devices')
        .select('id')
        .where('system_id', '=', 230)
        .where('tipo', '!=', 'gerador')
        .executeTakeFirstOrThrow()
    ).id;
    const tags = await t.store.db
      .selectFrom('tags')
      .select(['id', 'nome'])
      .where('device_id', '=', generator.id)
      .where('nome', 'in', ['kW', 'horimetro'])
      .execute();
    for (const tag of tags) {
      const value = tag.nome === 'kW' ? kW : horimetro;
      const points: [number, number][] = [];
      for (let ts = START; ts <= END; ts += 60) points.push([ts, value(ts)]);
      for (let i = 0; i < points.length; i += 2000) {
        await addHistory(t.store, tag.id, points.slice(i, i + 2000));
      }
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers one row per hour (average, a counter’s advance), paged, the same before and after the rollups', async () => {
    const query = {
      idDispositivo: generator.id,
      inicio: START + 1800,
      fim: END,
      offSet: 5,
      limit: 10,
    };
    const before = reportData.parse((await rows(query)).json());
    expect(before.total).toBe(72);
    expect(before.rows.map((r) => r.ts)).toEqual(
      Array.from({ length: 10 }, (_, i) => START + (i + 5) * 3600),
    );
    expect(before.header.map((h) => [h.nome, h.contador])).toEqual([
      ['kW', false],
      ['horimetro', true],
    ]);
    expectRows(before, (ts) => ts + 3600);

    await catchUpRollups(t.store, NOW);
    const rolled = await t.store.db
      .selectFrom('reading_hours')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('inicio', '>=', START)
      .where('inicio', '<=', END)
      .executeTakeFirstOrThrow();
    expect(Number(rolled.n)).toBeGreaterThanOrEqual(2 * 72);
    const after = reportData.parse((await rows(query)).json());
    expect(after.rows.map((r) => r.ts)).toEqual(before.rows.map((r) => r.ts));
    expectRows(after, (ts) => ts + 3600);
    // The first row touches the period: only its readings from `inicio` on.
    const firstPage = reportData.parse((await rows({ ...query, offSet: 0, limit: 2 })).json());
    expect(firstPage.rows[0]?.ts).toBe(START);
    expectRows(firstPage, (ts) => ts + 3600);
  });

  it('Mês: a row per local day over more than 31 days, from the daily aggregates', async () => {
    await catchUpRollups(t.store, NOW);
    const inicio = START - 20 * DAY;
    const body = reportData.parse(
      (await rows({ idDispositivo: generator.id, inicio, fim: END, tipoPeriodo: 1 })).json(),
    );
    expect(body.total).toBe(23);
    const ours = body.rows.filter((r) => r.ts >= START);
    expect(ours.map((r) => r.ts)).toEqual([START, START + DAY, START + 2 * DAY]);
    expectRows({ ...body, rows: ours }, (ts) => localDay(ts).proximo);
    expect(body.rows[0]?.columns).toEqual({ kW: null, horimetro: null });
  });

  it('period rules: end before start and over 31 days (except Mês) answer 400 in pt-BR', async () => {
    const early = await rows({ idDispositivo: generator.id, inicio: END, fim: START });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ error: MESSAGES.endBeforeStart });
    const long = await rows({ idDispositivo: generator.id, inicio: START - 40 * DAY, fim: END });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: MESSAGES.periodTooLong });
    const unknown = await rows({ idDispositivo: generator.id, inicio: START, fim: END }, demo, [
      { keyColuna: 'naoExiste' },
    ]);
    expect(unknown.statusCode).toBe(400);
    const badInterval = await rows({
      idDispositivo: generator.id,
      inicio: START,
      fim: END,
      intervalo: 7,
    });
    expect(badInterval.statusCode).toBe(400);
  });

  it('a report preset’s data: its columns and rows, for the device’s type only', async () => {
    const tables = (
      await t.app.inject({
        method: 'GET',
        url: `/api/ConfigurationTable/${generator.id}/table`,
        headers: demo,
      })
    ).json() as { idTabela: number | null; table: { nome: string } | null }[];
    const gmg = tables.find((c) => c.table?.nome === 'Informações Operacionais');
    expect(gmg?.idTabela).toBeTypeOf('number');
    const response = await t.app.inject({
      method: 'GET',
      url: url(`/api/DataTable/${gmg?.idTabela}/historico`, {
        idSite: generator.id,
        inicio: START,
        fim: END,
        limit: 24,
      }),
      headers: demo,
    });
    expect(response.statusCode).toBe(200);
    const body = dataTable.parse(response.json());
    expect(body.nome).toBe('Informações Operacionais');
    expect(body.colunas.map((c) => c.keyColuna)).toContain('horimetro');
    expect(body.rows).toHaveLength(24);
    // The hour meter's advance inside an hour of 1-minute readings: 59 minutes.
    expect(body.rows[3]?.columns.horimetro).toBeCloseTo(59 / 60, 6);
    const other = await t.app.inject({
      method: 'GET',
      url: url(`/api/DataTable/${gmg?.idTabela}/historico`, {
        idSite: padariaDevice,
        inicio: START,
        fim: END,
      }),
      headers: cliente,
    });
    expect(other.statusCode).toBe(404);
    const crossing = await t.app.inject({
      method: 'GET',
      url: url(`/api/DataTable/${gmg?.idTabela}/historico`, {
        idSite: generator.id,
        inicio: START,
        fim: END,
      }),
      headers: cliente,
    });
    expect(crossing.statusCode).toBe(404);
  });

  it('maintenance: each counter’s reading and difference per row, the period’s difference and daily average', async () => {
    const tables = (
      await t.app.inject({
        method: 'GET',
        url: `/api/ConfigurationTable/${generator.id}/table`,
        headers: demo,
      })
    ).json() as { idTabela: number; table: { nome: string; tipo: string } | null }[];
    const preset = tables.find((c) => c.table?.tipo === 'manutencao');
    const other = tables.find((c) => c.table && c.table.tipo !== 'manutencao');
    const get = (idTable: number | undefined, query: Record<string, number>, headers = demo) =>
      t.app.inject({
        method: 'GET',
        url: url(`/api/DataTable/${idTable}/manutencao`, { idSite: generator.id, ...query }),
        headers,
      });
    const response = await get(preset?.idTabela, { inicio: START, fim: END, limit: 100 });
    expect(response.statusCode).toBe(200);
    const body = maintenanceReport.parse(response.json());
    expect(body.contadores.map((c) => c.keyColuna)).toEqual([
      'kWh',
      'horimetro',
      'combustivelTotal',
    ]);
    const hours = body.contadores.find((c) => c.keyColuna === 'horimetro');
    const lastReading = END - 59;
    expect(hours?.inicial).toBeCloseTo(horimetro(START), 6);
    expect(hours?.final).toBeCloseTo(horimetro(lastReading), 6);
    expect(hours?.diferenca).toBeCloseTo(horimetro(lastReading) - horimetro(START), 6);
    expect(body.dias).toBe(3);
    expect(hours?.mediaDiaria).toBeCloseTo((horimetro(lastReading) - horimetro(START)) / 3, 6);
    expect(body.total).toBe(72);
    // Each row: the reading at its end and the advance since the row before (59 min in the first).
    expect(body.rows[0]?.columns.horimetro?.valor).toBeCloseTo(horimetro(START + 3540), 6);
    expect(body.rows[0]?.columns.horimetro?.diferenca).toBeCloseTo(59 / 60, 6);
    expect(body.rows[5]?.columns.horimetro?.diferenca).toBeCloseTo(1, 6);
    const advances = body.rows.reduce((sum, r) => sum + (r.columns.horimetro?.diferenca ?? 0), 0);
    expect(advances).toBeCloseTo(hours?.diferenca as number, 6);
    // Mês: a row per local day, the second a whole day's advance.
    const monthly = maintenanceReport.parse(
      (await get(preset?.idTabela, { inicio: START, fim: END, tipoPeriodo: 1 })).json(),
    );
    expect(monthly.rows.map((r) => r.ts)).toEqual([START, START + DAY, START + 2 * DAY]);
    expect(monthly.rows[1]?.columns.horimetro?.diferenca).toBeCloseTo(24, 6);

    expect((await get(other?.idTabela, { inicio: START, fim: END })).statusCode).toBe(404);
    expect((await get(preset?.idTabela, { inicio: END, fim: START })).statusCode).toBe(400);
    expect((await get(preset?.idTabela, { inicio: START, fim: END }, cliente)).statusCode).toBe(
      404,
    );
  });

  it('plant chart: each generator’s hourly kW average and its energy per day', async () => {
    const power = await t.app.inject({
      method: 'GET',
      url: url(`/api2/energia/usinas/${generator.usina_id}/grafico`, {
        tipo: 'potencia',
        inicio: START,
        fim: END,
      }),
      headers: demo,
    });
    expect(power.statusCode).toBe(200);
    const chart = plantChart.parse(power.json());
    expect(chart.agrupamento).toBe(3600);
    const ours = chart.series.find((s) => s.idDispositivo === generator.id);
    expect(ours?.serie).toHaveLength(72);
    for (const point of ours?.serie ?? []) {
      expect(point.valor).toBeCloseTo(expected(point.ts, point.ts + 3599).kW as number, 6);
    }
    const energy = await t.app.inject({
      method: 'GET',
      url: url(`/api2/energia/usinas/${generator.usina_id}/grafico`, {
        tipo: 'energia',
        inicio: START - 28 * DAY,
        fim: END,
      }),
      headers: demo,
    });
    expect(energy.statusCode).toBe(200);
    const early = await t.app.inject({
      method: 'GET',
      url: url(`/api2/energia/usinas/${generator.usina_id}/grafico`, { inicio: END, fim: START }),
      headers: demo,
    });
    expect(early.json()).toEqual({ error: MESSAGES.endBeforeStart });
  });

  it('a 31-day chart reads whole hours from the aggregates: the same pens as from raw rows', async () => {
    const chartUrl = url('/api/taginfoHistorico/dispositivo/id/penas/infosLista', {
      idDispositivo: generator.id,
      inicio: END - 31 * DAY + 1 + 1234,
      fim: END,
    });
    const ask = async () =>
      chartHistory.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: chartUrl,
            headers: demo,
            payload: { nomes: ['kW', 'horimetro'] },
          })
        ).json(),
      );
    await t.store.db.deleteFrom('rollup_state').execute();
    const raw = await ask();
    await catchUpRollups(t.store, NOW);
    const rolled = await ask();
    expect(rolled.penas.map((p) => p.agrupamento)).toEqual([3600, 3600]);
    for (const [i, pen] of rolled.penas.entries()) {
      const want = raw.penas[i];
      expect(pen.serie.map((p) => p.ts)).toEqual(want?.serie.map((p) => p.ts));
      pen.serie.forEach((p, k) => {
        expect(p.valor).toBeCloseTo(want?.serie[k]?.valor as number, 6);
        expect(p.minimo).toBe(want?.serie[k]?.minimo);
        expect(p.maximo).toBe(want?.serie[k]?.maximo);
      });
      expect(pen.ultimo).toEqual(want?.ultimo);
    }
    // The newest reading itself (the last minute written), not its hour's average.
    expect(rolled.penas[0]?.ultimo).toEqual({ ts: END - 59, valor: kW(END - 59) });
  });

  it('cliente gets 404 for another system’s device report and plant chart', async () => {
    expect(
      (await rows({ idDispositivo: generator.id, inicio: START, fim: END }, cliente)).statusCode,
    ).toBe(404);
    const plant = await t.app.inject({
      method: 'GET',
      url: url(`/api2/energia/usinas/${generator.usina_id}/grafico`, { inicio: START, fim: END }),
      headers: cliente,
    });
    expect(plant.statusCode).toBe(404);
  });
});
