import { type ChartHistory, chartHistory, errorBody } from '@vigia/contract';
import { MAX_CHART_POINTS } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHistory } from '../store/devices/fixtures.js';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();
const PATH = '/api/taginfoHistorico/dispositivo/id/penas/infosLista';
const NOW = Math.floor(Date.now() / 1000);
const HOUR = 3600;
const DAY = 86_400;
const TANK_LINES = ['litros', 'temperatura', 'nivel'];
/** Two days of per-minute readings, 10 days back (the test seed writes one day of history). */
const DENSE_START = Math.floor((NOW - 10 * DAY) / HOUR) * HOUR;
const DENSE_END = DENSE_START + 2 * DAY - 1;

describe.skipIf(!available)('chart history', () => {
  let t: TestApp;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  /** The first tank of the operators' systems (demo) and the padaria's tank (cliente's only system). */
  let erbTank: number;
  let padariaTank: number;

  const tankOf = async (system: number) =>
    (
      await t.store.db
        .selectFrom('devices')
        .select('id')
        .where('system_id', '=', system)
        .where('tipo', '=', 'tanque')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;

  const post = (
    query: Record<string, string | number>,
    payload: unknown = { nomes: TANK_LINES },
    headers: Record<string, string> = demo,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${PATH}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      headers,
      payload: payload as object,
    });

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
    erbTank = await tankOf(121);
    padariaTank = await tankOf(230);
    const tag = await t.store.db
      .selectFrom('tags')
      .select('id')
      .where('device_id', '=', erbTank)
      .where('nome', '=', 'temperatura')
      .executeTakeFirstOrThrow();
    // 0, 1, … 9 °C minute by minute: each 5-minute bucket holds 0–4 or 5–9.
    const points: [number, number][] = [];
    for (let ts = DENSE_START; ts <= DENSE_END; ts += 60) points.push([ts, (ts / 60) % 10]);
    await addHistory(t.store, tag.id, points);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers the last 24 h of each named reading, in the order asked, raw', async () => {
    const response = await post({ inicio: NOW - DAY, fim: NOW, idDispositivo: erbTank });
    expect(response.statusCode).toBe(200);
    const body: ChartHistory = chartHistory.parse(response.json());
    expect(body).toMatchObject({ idDispositivo: erbTank, inicio: NOW - DAY, fim: NOW });
    expect(body.penas.map((p) => [p.nome, p.unidade])).toEqual([
      ['litros', 'L'],
      ['temperatura', '°C'],
      ['nivel', '%'],
    ]);
    for (const pen of body.penas) {
      expect(pen.agrupamento).toBeNull();
      expect(pen.serie.length).toBeGreaterThan(0);
      expect(pen.serie.length).toBeLessThanOrEqual(MAX_CHART_POINTS);
      const times = pen.serie.map((p) => p.ts);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBeGreaterThanOrEqual(NOW - DAY);
      expect(times.at(-1)).toBeLessThanOrEqual(NOW);
      expect(pen.serie[0]).not.toHaveProperty('minimo');
      expect(pen.ultimo).toEqual({ ts: pen.serie.at(-1)?.ts, valor: pen.serie.at(-1)?.valor });
    }
    expect(body.penas[2]).toMatchObject({ scaleMin: 0, scaleMax: 100 });
  });

  it('answers a period with more readings than a chart draws in clock-aligned buckets', async () => {
    const response = await post(
      { inicio: DENSE_START, fim: DENSE_END, idDispositivo: erbTank },
      { nomes: ['temperatura', 'nivel'] },
    );
    expect(response.statusCode).toBe(200);
    const [temperatura, nivel] = chartHistory.parse(response.json()).penas;
    // 2 880 readings in two days: 576 buckets of 5 minutes.
    expect(temperatura?.agrupamento).toBe(300);
    expect(temperatura?.serie).toHaveLength(576);
    expect(temperatura?.serie.slice(0, 2)).toEqual([
      { ts: DENSE_START, valor: 2, minimo: 0, maximo: 4, qos: 0 },
      { ts: DENSE_START + 300, valor: 7, minimo: 5, maximo: 9, qos: 0 },
    ]);
    expect(temperatura?.serie.at(-1)?.ts).toBe(DENSE_END + 1 - 300);
    // The newest reading itself, not its bucket's average.
    expect(temperatura?.ultimo).toEqual({
      ts: DENSE_END - 59,
      valor: ((DENSE_END - 59) / 60) % 10,
    });
    // A reading with nothing in the period: an empty series, not a bucketed one.
    expect(nivel).toMatchObject({ nome: 'nivel', agrupamento: null, serie: [], ultimo: null });
  });

  it.each([
    [
      'the end before the start',
      { inicio: NOW, fim: NOW - HOUR },
      'Data Final menor que Data Inicial.',
    ],
    [
      'a period over 31 days',
      { inicio: NOW - 40 * DAY, fim: NOW },
      'Por favor, selecione um periodo menor que 31 dias.',
    ],
  ])('refuses %s with the spec message', async (_case, period, message) => {
    const response = await post({ ...period, idDispositivo: erbTank });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it.each([
    ['no inicio', () => ({ fim: NOW, idDispositivo: erbTank }), undefined, 'inicio'],
    ['a text fim', () => ({ inicio: NOW, fim: 'ontem', idDispositivo: erbTank }), undefined, 'fim'],
    ['no device', () => ({ inicio: NOW - DAY, fim: NOW }), undefined, 'idDispositivo'],
    [
      'a device id 0',
      () => ({ inicio: NOW - DAY, fim: NOW, idDispositivo: 0 }),
      undefined,
      'idDispositivo',
    ],
    [
      'no names',
      () => ({ inicio: NOW - DAY, fim: NOW, idDispositivo: erbTank }),
      { nomes: [] },
      'nomes',
    ],
    [
      'a body without names',
      () => ({ inicio: NOW - DAY, fim: NOW, idDispositivo: erbTank }),
      {},
      'nomes',
    ],
  ])('refuses %s as an invalid request naming the field', async (_case, query, payload, campo) => {
    const response = await post(query(), payload);
    expect(response.statusCode).toBe(400);
    const body = errorBody.parse(response.json());
    expect(body.error).toBe('Requisição inválida.');
    expect(body.detalhes?.map((d) => d.campo)).toContain(campo);
  });

  it('refuses names the device does not have, naming them', async () => {
    const response = await post(
      { inicio: NOW - DAY, fim: NOW, idDispositivo: erbTank },
      { nomes: ['nivel', 'kW', 'naoExiste'] },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Leitura(s) desconhecida(s) neste dispositivo: kW, naoExiste.',
    });
  });

  it("answers 404 for another tenant's device, and for an unknown one, before looking at names", async () => {
    const period = { inicio: NOW - DAY, fim: NOW };
    expect((await post({ ...period, idDispositivo: erbTank }, undefined, cliente)).statusCode).toBe(
      404,
    );
    expect(
      (await post({ ...period, idDispositivo: erbTank }, { nomes: ['naoExiste'] }, cliente))
        .statusCode,
    ).toBe(404);
    expect((await post({ ...period, idDispositivo: 99_999_999 })).statusCode).toBe(404);
    // Each tenant reads its own tank.
    const own = await post({ ...period, idDispositivo: padariaTank }, undefined, cliente);
    expect(own.statusCode).toBe(200);
    expect(chartHistory.parse(own.json()).penas).toHaveLength(3);
    expect((await post({ ...period, idDispositivo: padariaTank })).statusCode).toBe(404);
  });

  it('answers 401 invalid_token without a session', async () => {
    const response = await post(
      { inicio: NOW - DAY, fim: NOW, idDispositivo: erbTank },
      undefined,
      {},
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'invalid_token' });
  });
});
