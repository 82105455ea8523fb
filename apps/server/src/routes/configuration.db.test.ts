import {
  chartLineList,
  dataSinotico,
  graphicalConfigList,
  overviewConfigList,
  tableColumnList,
  tableConfigList,
} from '@vigia/contract';
import { REPORT_PRESET_TABLE_ID } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setReading } from '../store/devices/fixtures.js';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();
const NOW = Math.floor(Date.now() / 1000);

describe.skipIf(!available)('configuration and synoptic reads', () => {
  let t: TestApp;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  let generator: number;
  let plant: number;
  let scd: number;
  let padaria: number;

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
    const first = async (system: number, tipo: string) =>
      (
        await t.store.db
          .selectFrom('devices')
          .select('id')
          .where('system_id', '=', system)
          .where('tipo', '=', tipo)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    generator = await first(200, 'gerador');
    padaria = await first(230, 'gerador');
    plant = (
      await t.store.db
        .selectFrom('plants')
        .select('id')
        .where('system_id', '=', 200)
        .executeTakeFirstOrThrow()
    ).id;
    scd = (await t.store.db.selectFrom('scds').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const firstOverview = async () =>
    overviewConfigList.parse(await ok(`/api/ConfigurationOverview/${generator}/overview`))[0];

  describe('GET /api/ConfigurationOverview/{idSite}/overview', () => {
    it('lists the site’s panels in order with render_html, sinotico and graphic', async () => {
      const overviews = overviewConfigList.parse(
        await ok(`/api/ConfigurationOverview/${generator}/overview`),
      );
      expect(overviews.length).toBeGreaterThan(0);
      for (const o of overviews) {
        expect(o).toMatchObject({
          idSite: generator,
          tipo: 'overview',
          render_html: expect.any(String),
        });
        expect(o.sinotico.length).toBeGreaterThan(0);
        expect(o.idOverview).not.toBeNull();
      }
    });

    it('answers a plant’s and an SCD’s own panels with tipoLocal', async () => {
      const plantPanels = overviewConfigList.parse(
        await ok(`/api/ConfigurationOverview/${plant}/overview?tipoLocal=usina`),
      );
      expect(plantPanels.map((o) => o.render_html)).toContain('usina');
      const scdPanels = overviewConfigList.parse(
        await ok(`/api/ConfigurationOverview/${scd}/overview?tipoLocal=scd`),
      );
      expect(scdPanels.map((o) => o.render_html)).toContain('scd');
    });

    it('answers 404 across tenants for devices, plants and SCDs, 400 for a bad tipoLocal', async () => {
      expect(
        (await get(`/api/ConfigurationOverview/${generator}/overview`, cliente)).statusCode,
      ).toBe(404);
      expect(
        (await get(`/api/ConfigurationOverview/${plant}/overview?tipoLocal=usina`, cliente))
          .statusCode,
      ).toBe(404);
      expect(
        (await get(`/api/ConfigurationOverview/${scd}/overview?tipoLocal=scd`, cliente)).statusCode,
      ).toBe(404);
      expect(
        (await get(`/api/ConfigurationOverview/${padaria}/overview`, cliente)).statusCode,
      ).toBe(200);
      expect(
        (await get(`/api/ConfigurationOverview/${generator}/overview?tipoLocal=bairro`)).statusCode,
      ).toBe(400);
      expect(
        (await t.app.inject({ url: `/api/ConfigurationOverview/${generator}/overview` }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('charts and reports', () => {
    it('lists chart presets and their lines with the site’s tag ids', async () => {
      const graphicals = graphicalConfigList.parse(
        await ok(`/api/ConfigurationGraphical/${generator}/graphical`),
      );
      expect(graphicals.length).toBeGreaterThan(0);
      const chart = graphicals[0];
      expect(chart?.graphic?.web_nome).toBe(chart?.nome);
      const lines = chartLineList.parse(
        await ok(
          `/api/ConfigurationGraphical/${chart?.idGraphical}/lines/graphical?idSite=${generator}`,
        ),
      );
      expect(lines.length).toBeGreaterThan(0);
      const tags = await t.store.db
        .selectFrom('tags')
        .select(['id', 'nome'])
        .where('device_id', '=', generator)
        .execute();
      for (const line of lines) {
        expect(line.idTag).toBe(tags.find((tg) => tg.nome === line.tagNome)?.id);
        expect(['solid', 'dashed', 'dotted']).toContain(line.lineStyle);
      }
      const withoutSite = chartLineList.parse(
        await ok(`/api/ConfigurationGraphical/${chart?.idGraphical}/lines/graphical`),
      );
      expect(withoutSite.every((l) => l.idTag === null)).toBe(true);
    });

    it('lists report presets and their columns, the date column first', async () => {
      const tables = tableConfigList.parse(await ok(`/api/ConfigurationTable/${generator}/table`));
      expect(tables.length).toBeGreaterThan(0);
      expect(tables[0]?.table).toMatchObject({ nome: tables[0]?.nome, tipo: expect.any(String) });
      const columns = tableColumnList.parse(
        await ok(`/api/ConfigurationTable/${tables[0]?.idTabela}/table/column?idSite=${generator}`),
      );
      expect(columns[0]).toMatchObject({ keyColuna: 'ts', tipo: 'DATE', idTag: null });
      expect(columns.slice(1).every((c) => c.tipo === 'NUMERO' && c.idTag !== null)).toBe(true);
    });

    it('answers 404 for unknown presets and foreign sites, 400 for bad ids', async () => {
      expect((await get('/api/ConfigurationTable/999999/table/column')).statusCode).toBe(404);
      expect((await get('/api/ConfigurationGraphical/999999/lines/graphical')).statusCode).toBe(
        404,
      );
      expect(
        (
          await get(
            `/api/ConfigurationTable/${REPORT_PRESET_TABLE_ID}/table/column?idSite=${generator}`,
            cliente,
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (await get(`/api/ConfigurationGraphical/1/lines/graphical?idSite=${generator}`, cliente))
          .statusCode,
      ).toBe(404);
      expect((await get(`/api/ConfigurationTable/${generator}/table`, cliente)).statusCode).toBe(
        404,
      );
      expect(
        (await get(`/api/ConfigurationGraphical/${generator}/graphical`, cliente)).statusCode,
      ).toBe(404);
      expect((await get('/api/ConfigurationTable/x/table/column')).statusCode).toBe(400);
    });

    it('answers a plant’s and an SCD’s chart and report entries to their system, 404 to cliente', async () => {
      for (const [place, tipoLocal] of [
        [plant, 'usina'],
        [scd, 'scd'],
      ] as const) {
        const charts = `/api/ConfigurationGraphical/${place}/graphical?tipoLocal=${tipoLocal}`;
        const reports = `/api/ConfigurationTable/${place}/table?tipoLocal=${tipoLocal}`;
        expect(graphicalConfigList.parse(await ok(charts)).length).toBeGreaterThan(0);
        // A place's reports are its measuring device's (the screens ask for that device).
        tableConfigList.parse(await ok(reports));
        expect((await get(charts, cliente)).statusCode).toBe(404);
        expect((await get(reports, cliente)).statusCode).toBe(404);
      }
    });
  });

  describe('GET /api/DataSinotico/{idSinotico}/dataSinotico', () => {
    it('answers the site’s readings and ts_menos_atualizado, the oldest of them', async () => {
      const overview = await firstOverview();
      const sinotico = overview?.sinotico[0]?.id;
      await setReading(t.store, generator, 'kW', 512, NOW - 100);
      await setReading(t.store, generator, 'Hz', 60.1, NOW - 1500);
      const data = dataSinotico.parse(
        await ok(`/api/DataSinotico/${sinotico}/dataSinotico?idSite=${generator}&nomes=kW,Hz`),
      );
      expect(data.idSinotico).toBe(sinotico);
      expect(data.render_html).toBe(overview?.render_html);
      expect(data.dispositivos).toHaveLength(1);
      expect(data.dispositivos[0]?.infos.map((i) => i.nome).sort()).toEqual(['Hz', 'kW']);
      expect(data.ts_menos_atualizado).toBe(NOW - 1500);
    });

    it('answers every device of a plant with tipoLocal=usina', async () => {
      const panels = overviewConfigList.parse(
        await ok(`/api/ConfigurationOverview/${plant}/overview?tipoLocal=usina`),
      );
      const data = dataSinotico.parse(
        await ok(
          `/api/DataSinotico/${panels[0]?.sinotico[0]?.id}/dataSinotico?idSite=${plant}&tipoLocal=usina&nomes=kW`,
        ),
      );
      expect(data.dispositivos.length).toBeGreaterThan(1);
      expect(data.dispositivos.every((d) => d.usinaId === plant)).toBe(true);
      const oldest = Math.min(
        ...data.dispositivos.flatMap((d) => d.infos.map((i) => i.valorAtual?.ts ?? Infinity)),
      );
      expect(data.ts_menos_atualizado).toBe(oldest);
    });

    it('answers null ts_menos_atualizado when none of the readings arrived', async () => {
      const overview = await firstOverview();
      const data = dataSinotico.parse(
        await ok(
          `/api/DataSinotico/${overview?.sinotico[0]?.id}/dataSinotico?idSite=${generator}&nomes=naoExiste`,
        ),
      );
      expect(data.ts_menos_atualizado).toBeNull();
    });

    it('answers 404 for unknown synoptics and foreign sites, 400 without idSite', async () => {
      const overview = await firstOverview();
      const id = overview?.sinotico[0]?.id;
      expect(
        (await get(`/api/DataSinotico/999999/dataSinotico?idSite=${generator}`)).statusCode,
      ).toBe(404);
      expect(
        (await get(`/api/DataSinotico/${id}/dataSinotico?idSite=${generator}`, cliente)).statusCode,
      ).toBe(404);
      expect(
        (await get(`/api/DataSinotico/${id}/dataSinotico?idSite=${plant}&tipoLocal=usina`, cliente))
          .statusCode,
      ).toBe(404);
      expect((await get(`/api/DataSinotico/${id}/dataSinotico`)).statusCode).toBe(400);
    });
  });
});
