import type { LiveEvent, OccurrenceRow } from '@vigia/contract';
import { alarmState, MAX_PAGE_SIZE, MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLiveEvent } from '../events/types.js';
import type { NewOccurrence } from '../store/schema.js';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

const DAY = 86_400;
const NOW = Math.floor(Date.now() / 1000);
/** Fixture alarms start three days ago (inside any 31-day period ending now). */
const BASE = NOW - 3 * DAY;
const NAMES = {
  pending: 'Pressão de Óleo Teste',
  acked: 'Temperatura Teste Reconhecida',
  cleared: 'Sobretensão Teste Desativada',
  normal: 'Subtensão Teste Normalizada',
  event: 'Partida Teste Evento',
  history: 'Histórico Teste Antigo',
} as const;

interface Fixture {
  deviceId: number;
  systemId: number;
  plantId: number;
  scdId: number;
  /** A demo device in another system (for multi-system lists). */
  otherDeviceId: number;
  clienteDeviceId: number;
  clienteSystemId: number;
  venueDeviceId: number;
  venueId: number;
  ids: Record<keyof typeof NAMES, number[]>;
}

type Row = OccurrenceRow;

describe.skipIf(!available)('occurrence lists, counter and acknowledgement', () => {
  let t: TestApp;
  let demo: { authorization: string };
  let cliente: { authorization: string };
  let demoSystems: number[];
  let fx: Fixture;

  const get = (url: string, headers = demo) => t.app.inject({ method: 'GET', url, headers });
  const rows = async (url: string, headers = demo): Promise<Row[]> => {
    const response = await get(url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Row[]>();
  };
  const ack = (ids: number[], headers = demo) =>
    t.app.inject({ method: 'POST', url: '/api/ocorrencias/reconhece', headers, payload: { ids } });

  /** Every occurrence of the given systems, as the oracle for expected pages. */
  const allOccurrences = async (systems: number[]) =>
    (
      await t.store.db
        .selectFrom('occurrences')
        .select([
          'id',
          'system_id',
          'device_id',
          'is_evt',
          'hora_ativacao',
          'hora_desativacao',
          'hora_ack',
          'nome_alarme',
        ])
        .where('system_id', 'in', systems)
        .execute()
    ).map((o) => ({
      ...o,
      hora_ativacao: Number(o.hora_ativacao),
      hora_desativacao: o.hora_desativacao === null ? null : Number(o.hora_desativacao),
      hora_ack: o.hora_ack === null ? null : Number(o.hora_ack),
    }));
  type Oracle = Awaited<ReturnType<typeof allOccurrences>>[number];
  const newestFirst = (a: Oracle, b: Oracle) => b.hora_ativacao - a.hora_ativacao || b.id - a.id;
  const pending = (o: Oracle) =>
    o.is_evt === 0 && (o.hora_desativacao === null || o.hora_ack === null);

  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.authHeader('demo');
    cliente = await t.authHeader('cliente');
    const db = t.store.db;
    const systemsOf = async (login: string) =>
      (
        await db
          .selectFrom('user_systems')
          .innerJoin('users', 'users.id', 'user_systems.user_id')
          .select('system_id')
          .where('users.login', '=', login)
          .execute()
      ).map((r) => r.system_id);
    demoSystems = await systemsOf('demo');
    const clienteSystems = await systemsOf('cliente');
    const inScd = await db
      .selectFrom('devices')
      .select(['id', 'system_id', 'usina_id', 'scd_id'])
      .where('scd_id', 'is not', null)
      .where('usina_id', 'is not', null)
      .where('system_id', 'in', demoSystems)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const other = await db
      .selectFrom('devices')
      .select('id')
      .where('system_id', 'in', demoSystems)
      .where('system_id', '!=', inScd.system_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const clienteDevice = await db
      .selectFrom('devices')
      .select(['id', 'system_id'])
      .where('system_id', 'in', clienteSystems)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const venueDevice = await db
      .selectFrom('devices')
      .select(['id', 'venue_id'])
      .where('venue_id', 'is not', null)
      .where('system_id', 'in', demoSystems)
      .orderBy('id')
      .executeTakeFirstOrThrow();

    const on = (deviceId: number, systemId: number, o: Partial<NewOccurrence>): NewOccurrence => ({
      system_id: systemId,
      device_id: deviceId,
      site_id: deviceId,
      critico: 20,
      is_evt: 0,
      hora_ativacao: BASE,
      nome_alarme: NAMES.pending,
      valor_falha: 1.5,
      ...o,
    });
    const d = inScd.id;
    const s = inScd.system_id;
    const fixtures: [keyof typeof NAMES, NewOccurrence][] = [];
    for (let i = 0; i < 60; i++) {
      fixtures.push([
        'pending',
        on(d, s, { hora_ativacao: BASE + i * 60, critico: i % 2 ? 10 : 20 }),
      ]);
    }
    fixtures.push([
      'acked',
      on(d, s, {
        nome_alarme: NAMES.acked,
        hora_ativacao: BASE + 10_000,
        hora_ack: BASE + 10_100,
        ack_user_id: 1,
      }),
    ]);
    fixtures.push([
      'cleared',
      on(d, s, {
        nome_alarme: NAMES.cleared,
        hora_ativacao: BASE + 10_200,
        hora_desativacao: BASE + 10_300,
      }),
    ]);
    fixtures.push([
      'normal',
      on(d, s, {
        nome_alarme: NAMES.normal,
        hora_ativacao: BASE + 10_400,
        hora_desativacao: BASE + 10_500,
        hora_ack: BASE + 10_450,
        ack_user_id: 1,
      }),
    ]);
    fixtures.push([
      'event',
      on(d, s, {
        nome_alarme: NAMES.event,
        is_evt: 1,
        hora_ativacao: BASE + 10_600,
        hora_desativacao: BASE + 10_600,
      }),
    ]);
    for (let i = 0; i < 600; i++) {
      fixtures.push([
        'history',
        on(other.id, demoSystems.find((x) => x !== s) ?? s, {
          nome_alarme: NAMES.history,
          hora_ativacao: BASE - DAY + i * 30,
          hora_desativacao: BASE - DAY + i * 30 + 10,
          hora_ack: BASE - DAY + i * 30 + 20,
          ack_user_id: 1,
        }),
      ]);
    }
    // The "other" device's system is looked up rather than assumed.
    const otherSystem = await db
      .selectFrom('devices')
      .select('system_id')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    for (const [, o] of fixtures) if (o.device_id === other.id) o.system_id = otherSystem.system_id;
    fixtures.push([
      'pending',
      on(clienteDevice.id, clienteDevice.system_id, {
        hora_ativacao: BASE + 5,
        nome_alarme: NAMES.pending,
      }),
    ]);
    const ids = Object.fromEntries(
      Object.keys(NAMES).map((k) => [k, [] as number[]]),
    ) as Fixture['ids'];
    for (const [kind, o] of fixtures) {
      const row = await db
        .insertInto('occurrences')
        .values(o)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[kind].push(row.id);
    }
    fx = {
      deviceId: d,
      systemId: s,
      plantId: inScd.usina_id as number,
      scdId: inScd.scd_id as number,
      otherDeviceId: other.id,
      clienteDeviceId: clienteDevice.id,
      clienteSystemId: clienteDevice.system_id,
      venueDeviceId: venueDevice.id,
      venueId: venueDevice.venue_id as number,
      ids,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/ocorrencias', () => {
    it('defaults: 100 rows, newest first, only the caller’s systems, the spec’s fields', async () => {
      const list = await rows('/api/ocorrencias');
      const expected = (await allOccurrences(demoSystems)).sort(newestFirst).slice(0, 100);
      expect(list.map((r) => r.id)).toEqual(expected.map((o) => o.id));
      expect(list).toHaveLength(100);
      for (const r of list) {
        expect(demoSystems).toContain(r.idSistema);
        expect(r.estado).toBe(alarmState(r));
        expect(Object.keys(r).sort()).toEqual(
          [
            'ackUsuario',
            'critico',
            'estado',
            'horaAck',
            'horaAtivacao',
            'horaDesativacao',
            'id',
            'idDispositivo',
            'idSistema',
            'idSite',
            'isEvt',
            'localNome',
            'nomeAlarme',
            'patrimonio',
            'percent',
            'repeticoes',
            'uf',
            'valorFalha',
          ].sort(),
        );
      }
    });

    it('pages join up: offSet 0+5 and 5+5 are offSet 0 limit 10; limit is capped at MAX_PAGE_SIZE', async () => {
      const q = `disp_id=${fx.otherDeviceId}`;
      const ten = await rows(`/api/ocorrencias?${q}&offSet=0&limit=10`);
      const a = await rows(`/api/ocorrencias?${q}&offSet=0&limit=5`);
      const b = await rows(`/api/ocorrencias?${q}&offSet=5&limit=5`);
      expect([...a, ...b].map((r) => r.id)).toEqual(ten.map((r) => r.id));
      const capped = await rows(`/api/ocorrencias?${q}&limit=100000`);
      expect(capped).toHaveLength(MAX_PAGE_SIZE);
      const beyond = await rows(`/api/ocorrencias?${q}&offSet=100000`);
      expect(beyond).toEqual([]);
    });

    it("orderBy 'horaAtivacao asc' lists oldest first; unknown orders are refused", async () => {
      const asc = await rows(
        `/api/ocorrencias?disp_id=${fx.deviceId}&orderBy=horaAtivacao%20asc&limit=500`,
      );
      const expected = (await allOccurrences([fx.systemId]))
        .filter((o) => o.device_id === fx.deviceId)
        .sort((a, b) => a.hora_ativacao - b.hora_ativacao || a.id - b.id);
      expect(asc.map((r) => r.id)).toEqual(expected.slice(0, 500).map((o) => o.id));
      const bad = await get('/api/ocorrencias?orderBy=critico');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(MESSAGES.invalidRequest);
    });

    it('filtroTexto ignores case and accents and matches alarm names and device fields', async () => {
      const byName = await rows(
        '/api/ocorrencias?filtroTexto=PRESSAO%20DE%20OLEO%20teste&limit=500',
      );
      expect(byName.length).toBe(fx.ids.pending.length - 1); // the cliente's one is not demo's
      expect(new Set(byName.map((r) => r.nomeAlarme))).toEqual(new Set([NAMES.pending]));
      const device = await t.store.db
        .selectFrom('devices')
        .select(['patrimonio', 'nome'])
        .where('id', '=', fx.otherDeviceId)
        .executeTakeFirstOrThrow();
      const byDevice = await rows(
        `/api/ocorrencias?filtroTexto=${encodeURIComponent(device.nome.toUpperCase())}&limit=50`,
      );
      expect(byDevice.length).toBeGreaterThan(0);
      expect(byDevice.some((r) => r.idDispositivo === fx.otherDeviceId)).toBe(true);
      expect(await rows('/api/ocorrencias?filtroTexto=zzz-nada-casa')).toEqual([]);
    });

    it('period: inicio/fim filter; over 31 days and end before start answer the spec’s messages', async () => {
      const list = await rows(
        `/api/ocorrencias?disp_id=${fx.deviceId}&inicio=${BASE}&fim=${BASE + 59 * 60}&limit=500`,
      );
      expect(list).toHaveLength(60);
      expect(list.every((r) => r.horaAtivacao >= BASE && r.horaAtivacao <= BASE + 59 * 60)).toBe(
        true,
      );
      const long = await get(`/api/ocorrencias?inicio=${NOW - 40 * DAY}&fim=${NOW}`);
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ error: MESSAGES.periodTooLong });
      const reversed = await get(`/api/ocorrencias?inicio=${NOW}&fim=${NOW - DAY}`);
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toEqual({ error: MESSAGES.endBeforeStart });
    });

    it('bad input is a 400 with a pt-BR error', async () => {
      for (const q of [
        'limit=abc',
        'offSet=-1',
        'disp_id=x',
        'evento=talvez',
        'inicio=ontem',
        'limit=0',
      ]) {
        const response = await get(`/api/ocorrencias?${q}`);
        expect(response.statusCode, q).toBe(400);
        expect(response.json().error).toBe(MESSAGES.invalidRequest);
      }
    });

    it('evento / alarme flags: events only, alarms only, both by default', async () => {
      const q = `disp_id=${fx.deviceId}&inicio=${BASE}&fim=${BASE + DAY}&limit=500`;
      const events = await rows(`/api/ocorrencias?${q}&evento=true`);
      expect(events.map((r) => r.id)).toEqual(fx.ids.event);
      const alarms = await rows(`/api/ocorrencias?${q}&alarme=true`);
      expect(alarms.every((r) => !r.isEvt)).toBe(true);
      const both = await rows(`/api/ocorrencias?${q}`);
      expect(both.length).toBe(alarms.length + events.length);
      expect(await rows(`/api/ocorrencias?${q}&evento=true&alarme=true`)).toEqual(both);
    });

    it('places: local_id is a plant, scdId an SCD, venueId a venue', async () => {
      const byPlant = await rows(`/api/ocorrencias?local_id=${fx.plantId}&limit=500`);
      const plantDevices = (
        await t.store.db
          .selectFrom('devices')
          .select('id')
          .where('usina_id', '=', fx.plantId)
          .execute()
      ).map((d) => d.id);
      expect(byPlant.length).toBeGreaterThan(0);
      expect(byPlant.every((r) => plantDevices.includes(r.idDispositivo))).toBe(true);
      expect(byPlant.some((r) => r.idDispositivo === fx.deviceId)).toBe(true);
      const byScd = await rows(`/api/ocorrencias?scdId=${fx.scdId}&limit=500`);
      expect(byScd.some((r) => r.idDispositivo === fx.deviceId)).toBe(true);
      const scdDevices = (
        await t.store.db.selectFrom('devices').select('id').where('scd_id', '=', fx.scdId).execute()
      ).map((d) => d.id);
      expect(byScd.every((r) => scdDevices.includes(r.idDispositivo))).toBe(true);
      const byVenue = await rows(`/api/ocorrencias?venueId=${fx.venueId}&limit=500`);
      const venueDevices = (
        await t.store.db
          .selectFrom('devices')
          .select('id')
          .where('venue_id', '=', fx.venueId)
          .execute()
      ).map((d) => d.id);
      expect(byVenue.every((r) => venueDevices.includes(r.idDispositivo))).toBe(true);
    });

    it('rows carry who acknowledged, the device’s names and the failure percent', async () => {
      const [acked] = await rows(`/api/ocorrencias?filtroTexto=${encodeURIComponent(NAMES.acked)}`);
      expect(acked?.ackUsuario).toEqual({ login: 'demo', nome: expect.any(String) });
      expect(acked?.estado).toBe('active-acknowledged');
      const device = await t.store.db
        .selectFrom('devices')
        .select(['patrimonio', 'local_nome', 'uf'])
        .where('id', '=', fx.deviceId)
        .executeTakeFirstOrThrow();
      expect(acked).toMatchObject({
        patrimonio: device.patrimonio,
        localNome: device.local_nome,
        uf: device.uf,
        idSite: fx.deviceId,
        percent: null,
      });
    });
  });

  describe('active (attention) lists', () => {
    it('/api/ocorrencias/ativas: alarms active or unacknowledged only; events with evento=true', async () => {
      const list = await rows(`/api/ocorrencias/ativas?sisid=${fx.systemId}&limit=500`);
      const expected = (await allOccurrences([fx.systemId])).filter(pending).sort(newestFirst);
      expect(list.map((r) => r.id)).toEqual(expected.slice(0, 500).map((o) => o.id));
      expect(list.map((r) => r.estado)).not.toContain('normal');
      expect(list.map((r) => r.estado)).not.toContain('event');
      const withEvents = await rows(
        `/api/ocorrencias/ativas?disp_id=${fx.deviceId}&alarme=true&evento=true&limit=500`,
      );
      expect(withEvents.map((r) => r.id)).toContain(fx.ids.event[0]);
      expect(withEvents.map((r) => r.id)).not.toContain(fx.ids.normal[0]);
    });

    it('a device’s active list defaults to 50 rows; seleciona lists every state of the device', async () => {
      const active = await rows(`/api/ocorrencia/dispositivo/id/ativas?disp_id=${fx.deviceId}`);
      expect(active).toHaveLength(50);
      expect(active.every((r) => r.idDispositivo === fx.deviceId && r.estado !== 'normal')).toBe(
        true,
      );
      const all = await rows(
        `/api/ocorrencia/dispositivo/id/seleciona?disp_id=${fx.deviceId}&limit=500`,
      );
      const states = new Set(all.map((r) => r.estado));
      for (const s of [
        'active-unacknowledged',
        'active-acknowledged',
        'cleared-unacknowledged',
        'normal',
        'event',
      ]) {
        expect(states).toContain(s);
      }
      const preview = await rows(
        `/api/ocorrencia/dispositivo/id/seleciona?disp_id=${fx.deviceId}&limit=10`,
      );
      expect(preview.map((r) => r.id)).toEqual(all.slice(0, 10).map((r) => r.id));
    });

    it('device and site lists need disp_id; the system list needs sisid', async () => {
      for (const url of [
        '/api/ocorrencia/dispositivo/id/ativas',
        '/api/ocorrencia/dispositivo/id/seleciona',
        '/api/ocorrencia/site/id/ativas',
        '/api/ocorrencia/sistema/ativas',
      ]) {
        expect((await get(url)).statusCode, url).toBe(400);
      }
      const site = await rows(`/api/ocorrencia/site/id/ativas?disp_id=${fx.deviceId}`);
      expect(site.length).toBeGreaterThan(50);
      expect(site.every((r) => r.idSite === fx.deviceId)).toBe(true);
      const system = await rows(`/api/ocorrencia/sistema/ativas?sisid=${fx.systemId}`);
      expect(system.every((r) => r.idSistema === fx.systemId)).toBe(true);
    });

    it('ocorrenciasAtivasGerais spans all the caller’s systems', async () => {
      const list = await rows('/api/DataOccurrence/ocorrenciasAtivasGerais?limit=500');
      const expected = (await allOccurrences(demoSystems)).filter(pending).sort(newestFirst);
      expect(list.map((r) => r.id)).toEqual(expected.slice(0, 500).map((o) => o.id));
      const clienteList = await rows('/api/DataOccurrence/ocorrenciasAtivasGerais', cliente);
      expect(clienteList.every((r) => r.idSistema === fx.clienteSystemId)).toBe(true);
      expect(clienteList.map((r) => r.id)).toContain(fx.ids.pending.at(-1));
    });
  });

  describe('counter: /api/ocorrencias?alarmeativo=true', () => {
    it('answers { total } of active alarms for sisid, disp_id and local_id', async () => {
      const occurrences = await allOccurrences(demoSystems);
      const active = occurrences.filter((o) => o.is_evt === 0 && o.hora_desativacao === null);
      const bySystem = await get(`/api/ocorrencias?alarmeativo=true&sisid=${fx.systemId}`);
      expect(bySystem.json()).toEqual({
        total: active.filter((o) => o.system_id === fx.systemId).length,
      });
      const byDevice = await get(`/api/ocorrencias?alarmeativo=true&disp_id=${fx.deviceId}`);
      expect(byDevice.json()).toEqual({
        total: active.filter((o) => o.device_id === fx.deviceId).length,
      });
      expect(byDevice.json().total).toBeGreaterThanOrEqual(61);
      const plantDevices = (
        await t.store.db
          .selectFrom('devices')
          .select('id')
          .where('usina_id', '=', fx.plantId)
          .execute()
      ).map((d) => d.id);
      const byPlant = await get(`/api/ocorrencias?alarmeativo=true&local_id=${fx.plantId}`);
      expect(byPlant.json()).toEqual({
        total: active.filter((o) => plantDevices.includes(o.device_id)).length,
      });
    });

    it('with paging it is the list of active alarms', async () => {
      const list = await rows(
        `/api/ocorrencias?alarmeativo=true&disp_id=${fx.deviceId}&offSet=0&limit=500`,
      );
      expect(list.every((r) => r.horaDesativacao === null && !r.isEvt)).toBe(true);
      expect(list.map((r) => r.id)).toContain(fx.ids.acked[0]);
      expect(list.map((r) => r.id)).not.toContain(fx.ids.cleared[0]);
    });
  });

  describe('tenancy', () => {
    it('cliente gets 404 for demo’s device, plant, SCD, venue and system, on every list', async () => {
      const lists = [
        '/api/ocorrencias',
        '/api/ocorrencias/ativas',
        '/api/ocorrencia/dispositivo/id/ativas',
        '/api/ocorrencia/dispositivo/id/seleciona',
        '/api/ocorrencia/site/id/ativas',
        '/api/ocorrencia/sistema/ativas',
        '/api/DataOccurrence/ocorrenciasAtivasGerais',
      ];
      const foreign = [
        `disp_id=${fx.deviceId}`,
        `local_id=${fx.plantId}`,
        `scdId=${fx.scdId}`,
        `venueId=${fx.venueId}`,
        `sisid=${fx.systemId}`,
      ];
      for (const url of lists) {
        for (const q of foreign) {
          const extra =
            url.includes('sistema') && !q.startsWith('sisid') ? `&sisid=${fx.clienteSystemId}` : '';
          const needsDevice =
            url.includes('/id/') && !q.startsWith('disp_id')
              ? `&disp_id=${fx.clienteDeviceId}`
              : '';
          const response = await get(`${url}?${q}${extra}${needsDevice}`, cliente);
          expect(response.statusCode, `${url}?${q}`).toBe(404);
          expect(response.json()).toEqual({ error: MESSAGES.notFound });
        }
      }
      const counter = await get(`/api/ocorrencias?alarmeativo=true&sisid=${fx.systemId}`, cliente);
      expect(counter.statusCode).toBe(404);
      const config = await get(
        `/api/ConfigurationOccurrence/${fx.deviceId}/configurationOccurrenceActive`,
        cliente,
      );
      expect(config.statusCode).toBe(404);
    });

    it('cliente’s own lists hold only its system', async () => {
      const list = await rows('/api/ocorrencias?limit=500', cliente);
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((r) => r.idSistema === fx.clienteSystemId)).toBe(true);
    });

    it('every list needs a token', async () => {
      for (const url of [
        '/api/ocorrencias',
        '/api/ocorrencias/ativas',
        '/api/ocorrencia/sistema/ativas?sisid=1',
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(401);
        expect(response.json().error).toBe('invalid_token');
      }
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/ocorrencias/reconhece',
        payload: { ids: [fx.ids.pending[0]] },
      });
      expect(post.statusCode).toBe(401);
    });
  });

  describe('POST /api/ocorrencias/reconhece', () => {
    it('acknowledges, audits, publishes occurrence.acknowledged and is idempotent', async () => {
      const events: LiveEvent[] = [];
      const unsubscribe = t.app.bus.subscribe((e) => {
        if (isLiveEvent(e)) events.push(e);
      });
      const [first, second] = fx.ids.pending;
      const before = Math.floor(Date.now() / 1000);
      const response = await ack([first as number, second as number, fx.ids.event[0] as number]);
      unsubscribe();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        reconhecidas: [first, second].sort((a, b) => (a as number) - (b as number)),
        inalteradas: fx.ids.event,
        naoEncontradas: [],
      });
      const stored = await t.store.db
        .selectFrom('occurrences')
        .select(['id', 'hora_ack', 'ack_user_id'])
        .where('id', 'in', [first as number, second as number])
        .execute();
      for (const o of stored) {
        expect(o.ack_user_id).toBe(1);
        expect(Number(o.hora_ack)).toBeGreaterThanOrEqual(before);
      }
      const audit = await t.store.db
        .selectFrom('audit_log')
        .select(['user_id', 'action', 'entity_id'])
        .where('action', '=', 'occurrence.acknowledge')
        .where('entity_id', 'in', [String(first), String(second)])
        .execute();
      expect(audit).toHaveLength(2);
      expect(audit.every((a) => a.user_id === 1)).toBe(true);
      expect(events).toContainEqual({
        type: 'occurrence.acknowledged',
        sisId: fx.systemId,
        deviceId: fx.deviceId,
        occurrenceIds: expect.arrayContaining([first, second]),
        userId: 1,
      });
      const [row] = await rows(
        `/api/ocorrencia/dispositivo/id/seleciona?disp_id=${fx.deviceId}&filtroTexto=${encodeURIComponent(NAMES.pending)}&orderBy=horaAtivacao%20asc&limit=1`,
      );
      expect(row).toMatchObject({
        id: first,
        estado: 'active-acknowledged',
        ackUsuario: { login: 'demo' },
      });

      const again = await ack([first as number]);
      expect(again.json()).toEqual({ reconhecidas: [], inalteradas: [first], naoEncontradas: [] });
      const ackTime = await t.store.db
        .selectFrom('occurrences')
        .select('hora_ack')
        .where('id', '=', first as number)
        .executeTakeFirstOrThrow();
      expect(Number(ackTime.hora_ack)).toBe(Number(stored.find((o) => o.id === first)?.hora_ack));
    });

    it('a cleared alarm acknowledged becomes normal (leaves the attention lists)', async () => {
      const id = fx.ids.cleared[0] as number;
      expect((await ack([id])).json().reconhecidas).toEqual([id]);
      const active = await rows(
        `/api/ocorrencia/dispositivo/id/ativas?disp_id=${fx.deviceId}&limit=500`,
      );
      expect(active.map((r) => r.id)).not.toContain(id);
      const [row] = await rows(`/api/ocorrencias?filtroTexto=${encodeURIComponent(NAMES.cleared)}`);
      expect(row?.estado).toBe('normal');
    });

    it('cliente acknowledging demo’s occurrence gets 404 and nothing changes; partial requests report', async () => {
      const id = fx.ids.pending[5] as number;
      const response = await ack([id], cliente);
      expect(response.statusCode).toBe(404);
      const row = await t.store.db
        .selectFrom('occurrences')
        .select(['hora_ack', 'ack_user_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ hora_ack: null, ack_user_id: null });
      const own = fx.ids.pending.at(-1) as number;
      const partial = await ack([own, id], cliente);
      expect(partial.json()).toEqual({
        reconhecidas: [own],
        inalteradas: [],
        naoEncontradas: [id],
      });
      const still = await t.store.db
        .selectFrom('occurrences')
        .select('hora_ack')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(still.hora_ack).toBeNull();
    });

    it('validates the body: 1 to 500 positive ids', async () => {
      for (const payload of [
        { ids: [] },
        { ids: [0] },
        { ids: ['a'] },
        {},
        { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/ocorrencias/reconhece',
          headers: demo,
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe(MESSAGES.invalidRequest);
      }
    });
  });

  describe('configurations', () => {
    it('general, not-acknowledged and historical configurations: columns and access flag', async () => {
      const general = (
        await get('/api/ConfigurationOccurrence/configurationOccurrenceGeneral')
      ).json();
      expect(general.acesso & 1).toBe(1);
      expect(general.total).toBe(general.colunas.length);
      const historical = (
        await get('/api/ConfigurationOccurrence/configurationOccurrenceHistorical')
      ).json();
      expect(historical).toMatchObject({ acesso: 3, total: 18 });
      const mobile = historical.colunas.filter((c: { mobile: boolean }) => c.mobile);
      expect(mobile.length).toBeLessThanOrEqual(7);
      for (const key of [
        'horaAtivacao',
        'horaDesativacao',
        'horaAck',
        'localNome',
        'uf',
        'patrimonio',
      ]) {
        expect(historical.colunas.find((c: { key: string }) => c.key === key).mobile).toBe(false);
      }
      const notAck = await get(
        '/api/ConfigurationOccurrence/configurationOccurrenceNaoReconhecido',
      );
      expect(notAck.statusCode).toBe(200);
    });

    it('a site’s active configuration: 200 for the caller’s site', async () => {
      const response = await get(
        `/api/ConfigurationOccurrence/${fx.deviceId}/configurationOccurrenceActive`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ idSite: fx.deviceId, acesso: 5 });
    });
  });
});
