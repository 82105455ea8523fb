import type { AlarmKpi } from '@vigia/contract';
import { MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/testApp.js';
import type { NewOccurrence } from '../schema.js';
import { testStoreAvailable } from '../testStore.js';

const available = await testStoreAvailable();

const TELECOM = 121;
const HOSPITALS = 179;
const CLIENTE_SYSTEM = 230;
const DAY = 86_400;
const W = 600;

interface Raise {
  systemId: number;
  deviceId: number;
  ruleId: number | null;
  name: string;
  critico: number;
  ts: number;
}

/**
 * The KPIs recomputed here, in plain JS, from the stored occurrences and the
 * audited re-raises — independently of the SQL under test. Brasília is UTC−3.
 */
async function expectedKpis(
  t: TestApp,
  systemIds: number[],
  inicio: number,
  fim: number,
  now: number,
): Promise<Omit<AlarmKpi, 'sisid'>> {
  const ref = Math.max(inicio, Math.min(fim, Math.floor(now)));
  const db = t.store.db;
  const occurrences = await db
    .selectFrom('occurrences')
    .selectAll()
    .where('system_id', 'in', systemIds)
    .execute();
  const devices = new Map(
    (
      await db.selectFrom('devices').select(['id', 'nome', 'patrimonio', 'system_id']).execute()
    ).map((d) => [d.id, d]),
  );
  const systems = await db.selectFrom('systems').select(['id', 'nome']).execute();
  const repeats = await db
    .selectFrom('audit_log')
    .select(['ts', 'entity_id'])
    .where('action', '=', 'occurrence.repeat')
    .execute();
  const byId = new Map(occurrences.map((o) => [o.id, o]));
  const inPeriod = (ts: number) => ts >= inicio && ts <= ref;
  const raises: Raise[] = [];
  const raiseOf = (o: (typeof occurrences)[number], ts: number): Raise => ({
    systemId: o.system_id,
    deviceId: o.device_id,
    ruleId: o.rule_id,
    name: o.nome_alarme,
    critico: o.critico,
    ts,
  });
  for (const o of occurrences) {
    if (o.is_evt === 0 && inPeriod(o.hora_ativacao)) raises.push(raiseOf(o, o.hora_ativacao));
  }
  for (const a of repeats) {
    const o = byId.get(Number(a.entity_id));
    if (o && o.is_evt === 0 && inPeriod(a.ts)) raises.push(raiseOf(o, a.ts));
  }

  const countBy = <K>(items: Raise[], key: (r: Raise) => K) => {
    const counts = new Map<K, number>();
    for (const r of items) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
    return counts;
  };
  const windows = countBy(raises, (r) => Math.floor(r.ts / W));
  const windowCounts = [...windows.values()];
  const days = countBy(raises, (r) => Math.floor((r.ts - 3 * 3600) / DAY));
  const janelas = Math.floor(ref / W) - Math.floor(inicio / W) + 1;
  const total = raises.length;
  const flood = windowCounts.filter((n) => n > 10).length;
  const span = ref - inicio + 1;
  const deviceOf = (id: number) => {
    const d = devices.get(id);
    if (!d) throw new Error(`device ${id}`);
    return {
      idDispositivo: id,
      idSistema: d.system_id,
      nomeDispositivo: d.nome,
      patrimonio: d.patrimonio,
    };
  };

  const byAlarm = new Map<string, Raise[]>();
  for (const r of raises) {
    const key = `${r.deviceId}|${r.name}`;
    byAlarm.set(key, [...(byAlarm.get(key) ?? []), r]);
  }
  const top10 = [...byAlarm.values()]
    .map((list) => ({
      ...deviceOf(list[0]!.deviceId),
      nomeAlarme: list[0]!.name,
      total: list.length,
    }))
    .sort(
      (a, b) =>
        b.total - a.total ||
        a.idDispositivo - b.idDispositivo ||
        (a.nomeAlarme < b.nomeAlarme ? -1 : 1),
    )
    .slice(0, 10)
    .map((row) => ({ ...row, fracao: row.total / total }));

  const byRule = new Map<string, Raise[]>();
  for (const r of raises) {
    const key = `${r.deviceId}|${r.ruleId}|${r.name}`;
    byRule.set(key, [...(byRule.get(key) ?? []), r]);
  }
  const oscilantes = [...byRule.values()]
    .map((list) => {
      const times = list.map((r) => r.ts).sort((a, b) => a - b);
      const peak = Math.max(
        ...times.map((ts) => times.filter((other) => other >= ts - 60 && other <= ts).length),
      );
      return {
        ...deviceOf(list[0]!.deviceId),
        nomeAlarme: list[0]!.name,
        total: list.length,
        picoEm60s: peak,
      };
    })
    .filter((row) => row.picoEm60s >= 3)
    .sort(
      (a, b) =>
        b.picoEm60s - a.picoEm60s ||
        b.total - a.total ||
        a.idDispositivo - b.idDispositivo ||
        (a.nomeAlarme < b.nomeAlarme ? -1 : 1),
    );

  const stale = occurrences
    .filter(
      (o) =>
        o.is_evt === 0 &&
        ref - o.hora_ativacao > DAY &&
        (o.hora_desativacao === null || o.hora_desativacao > ref) &&
        o.shelved_until === null &&
        o.out_of_service === 0,
    )
    .sort((a, b) => a.hora_ativacao - b.hora_ativacao || a.id - b.id);

  const criticos = raises.filter((r) => r.critico >= 17).length;
  const sistemas = systems
    .filter((s) => systemIds.includes(s.id))
    .map((s) => {
      const own = raises.filter((r) => r.systemId === s.id);
      const perWindow = [...countBy(own, (r) => Math.floor(r.ts / W)).values()];
      return {
        idSistema: s.id,
        nome: s.nome,
        total: own.length,
        mediaPor10min: (own.length * W) / span,
        picoPor10min: Math.max(0, ...perWindow),
        janelasEmInundacao: perWindow.filter((n) => n > 10).length,
      };
    })
    .sort((a, b) => b.total - a.total || a.idSistema - b.idSistema);

  return {
    inicio,
    fim,
    referencia: ref,
    total,
    janelas,
    por10min: { media: (total * W) / span, pico: Math.max(0, ...windowCounts), referencia: 1 },
    porDia: { media: (total * DAY) / span, pico: Math.max(0, ...days.values()), referencia: 144 },
    inundacao: { janelas: flood, fracao: flood / janelas, limite: 10 },
    linhaDoTempo: [...windows]
      .sort((a, b) => a[0] - b[0])
      .map(([w, n]) => ({ inicio: w * W, total: n })),
    top10,
    fracaoTop10: total ? top10.reduce((s, r) => s + r.total, 0) / total : 0,
    oscilantes,
    obsoletos: {
      total: stale.length,
      lista: stale.slice(0, 100).map((o) => ({
        ...deviceOf(o.device_id),
        id: o.id,
        nomeAlarme: o.nome_alarme,
        critico: o.critico,
        horaAtivacao: o.hora_ativacao,
        ativoHaSeg: ref - o.hora_ativacao,
      })),
    },
    prioridade: { criticos, naoCriticos: total - criticos },
    sistemas,
  };
}

/** Floats compared to 9 places; everything else exactly. */
function roundFloats(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toFixed(9));
  if (Array.isArray(value)) return value.map(roundFloats);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundFloats(v)]));
  }
  return value;
}

describe.skipIf(!available)('alarm KPIs recomputed from the stored occurrences', () => {
  let t: TestApp;
  let asDemo: { authorization: string };
  let asCliente: { authorization: string };
  /** Start of the crafted period: 5 days ago, on a 10-minute edge (before the seed's one day of history). */
  let D: number;
  let fim: number;
  let chatteringDevice: number;
  let foldedDevice: number;

  const get = (query: string, headers: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: `/api/ocorrencias/indicadores?${query}`, headers });

  beforeAll(async () => {
    t = await startTestApp();
    asDemo = await t.authHeader('demo');
    asCliente = await t.authHeader('cliente');
    const now = Math.floor(Date.now() / 1000);
    D = Math.floor((now - 5 * DAY) / W) * W;
    fim = D + 2 * DAY - 1;
    const devices = (
      await t.store.db
        .selectFrom('devices')
        .select('id')
        .where('system_id', '=', TELECOM)
        .orderBy('id')
        .limit(12)
        .execute()
    ).map((d) => d.id);
    const [hospitalDevice] = (
      await t.store.db
        .selectFrom('devices')
        .select('id')
        .where('system_id', '=', HOSPITALS)
        .orderBy('id')
        .limit(1)
        .execute()
    ).map((d) => d.id);
    const [bakeryDevice] = (
      await t.store.db
        .selectFrom('devices')
        .select('id')
        .where('system_id', '=', CLIENTE_SYSTEM)
        .orderBy('id')
        .limit(1)
        .execute()
    ).map((d) => d.id);
    chatteringDevice = devices[0]!;
    foldedDevice = devices[1]!;
    const rows: NewOccurrence[] = [];
    const add = (
      systemId: number,
      deviceId: number,
      name: string,
      at: number,
      opts: {
        until?: number | null;
        critico?: number;
        evt?: boolean;
        shelvedUntil?: number;
        outOfService?: boolean;
      } = {},
    ) =>
      rows.push({
        shelved_until: opts.shelvedUntil ?? null,
        out_of_service: opts.outOfService ? 1 : 0,
        system_id: systemId,
        device_id: deviceId,
        site_id: deviceId,
        rule_id: null,
        critico: opts.critico ?? 5,
        is_evt: opts.evt ? 1 : 0,
        hora_ativacao: at,
        hora_desativacao: opts.evt ? at : opts.until === undefined ? at + 10 : opts.until,
        nome_alarme: name,
      });
    // A chattering device: 14 raises 20 s apart in one 10-minute window (a flood).
    for (let k = 0; k < 14; k++)
      add(TELECOM, chatteringDevice, 'Tensão da rede oscilando', D + 3600 + 20 * k, {
        critico: 20,
      });
    // Ten more alarms, 13 down to 3 raises, 40 min apart (not chattering).
    const counts = [13, 12, 11, 10, 9, 8, 7, 6, 4, 3];
    counts.forEach((n, i) => {
      for (let k = 0; k < n; k++) {
        add(
          TELECOM,
          devices[i + 2]!,
          `Alarme de teste ${String(i).padStart(2, '0')}`,
          D + 7200 + 2400 * k + 60 * i,
          {
            critico: i % 3 === 0 ? 18 : 3,
          },
        );
      }
    });
    // An event and alarms just outside the period: none counts.
    add(TELECOM, devices[3]!, 'Partida do gerador', D + 5000, { evt: true });
    add(TELECOM, devices[3]!, 'Antes do período', D - 1);
    add(TELECOM, devices[3]!, 'Depois do período', fim + 1);
    // Stale at the period's end: still active, and cleared after it; not stale: under 24 h, cleared before.
    add(TELECOM, devices[4]!, 'Nível de combustível baixo', D + 30, { until: null, critico: 19 });
    add(TELECOM, devices[5]!, 'Porta do abrigo aberta', D + 120, { until: fim + 3600 });
    add(TELECOM, devices[6]!, 'Bateria fraca', fim - 3600, { until: null });
    add(TELECOM, devices[7]!, 'Falha de comunicação', D + 60, { until: D + DAY });
    // Standing as long, but shelved now, or of a device out of service: not stale.
    add(TELECOM, devices[8]!, 'Alarme arquivado', D + 200, {
      until: null,
      shelvedUntil: now + 3600,
    });
    add(TELECOM, devices[9]!, 'Alarme fora de serviço', D + 300, {
      until: null,
      outOfService: true,
    });
    // Another system of demo's, and cliente's.
    for (let k = 0; k < 4; k++)
      add(HOSPITALS, hospitalDevice!, 'Temperatura da câmara alta', D + 900 + 5000 * k);
    for (let k = 0; k < 3; k++)
      add(CLIENTE_SYSTEM, bakeryDevice!, 'Fator de potência baixo', D + 1800 + 30 * k);
    await t.store.db.insertInto('occurrences').values(rows).execute();

    // A chattering alarm the engine folded into one occurrence: raised once, re-raised four times.
    const folded = await t.store.db
      .insertInto('occurrences')
      .values({
        system_id: TELECOM,
        device_id: foldedDevice,
        site_id: foldedDevice,
        rule_id: null,
        critico: 5,
        is_evt: 0,
        hora_ativacao: D + 13_200,
        hora_desativacao: D + 13_330,
        nome_alarme: 'Temperatura do retificador alta',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.store.db
      .insertInto('audit_log')
      .values(
        [30, 60, 90, 120].map((s) => ({
          ts: D + 13_200 + s,
          user_id: null,
          action: 'occurrence.repeat',
          entity: 'occurrence',
          entity_id: String(folded.id),
          details: JSON.stringify({ system_id: TELECOM, device_id: foldedDevice }),
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('one system over the crafted period: every figure as recomputed from the rows', async () => {
    const response = await get(`sisid=${TELECOM}&inicio=${D}&fim=${fim}`, asDemo);
    expect(response.statusCode).toBe(200);
    const kpi = response.json<AlarmKpi>();
    const expected = await expectedKpis(t, [TELECOM], D, fim, Date.now() / 1000);
    expect(roundFloats(kpi)).toEqual(roundFloats({ sisid: TELECOM, ...expected }));

    // The crafted situation itself, so the comparison is not of two empty answers.
    expect(kpi.total).toBe(14 + 83 + 4 + 5 + 2);
    expect(kpi.por10min.pico).toBe(14);
    expect(kpi.inundacao.janelas).toBe(1);
    expect(kpi.janelas).toBe(288);
    expect(kpi.top10[0]).toMatchObject({ idDispositivo: chatteringDevice, total: 14 });
    expect(kpi.top10).toHaveLength(10);
    expect(kpi.oscilantes.map((o) => [o.idDispositivo, o.picoEm60s, o.total])).toEqual([
      [chatteringDevice, 4, 14],
      [foldedDevice, 3, 5],
    ]);
    expect(kpi.obsoletos.lista.map((o) => o.nomeAlarme)).toEqual(
      expect.arrayContaining(['Nível de combustível baixo', 'Porta do abrigo aberta']),
    );
    const stale = kpi.obsoletos.lista.map((o) => o.nomeAlarme);
    for (const name of ['Bateria fraca', 'Alarme arquivado', 'Alarme fora de serviço'])
      expect(stale).not.toContain(name);
    expect(kpi.prioridade.criticos).toBeGreaterThan(14);
    expect(kpi.prioridade.naoCriticos).toBeGreaterThan(0);
  });

  it('all of demo’s systems (sisid=0), and a period that ends in the future', async () => {
    const now = Date.now() / 1000;
    const demoSystems = (
      await t.store.db
        .selectFrom('user_systems')
        .innerJoin('users', 'users.id', 'user_systems.user_id')
        .select('system_id')
        .where('users.login', '=', 'demo')
        .execute()
    ).map((r) => r.system_id);
    const all = await get(`sisid=0&inicio=${D}&fim=${fim}`, asDemo);
    expect(all.statusCode).toBe(200);
    expect(roundFloats(all.json())).toEqual(
      roundFloats({ sisid: 0, ...(await expectedKpis(t, demoSystems, D, fim, now)) }),
    );
    expect(all.json<AlarmKpi>().sistemas.map((s) => s.idSistema)).toContain(HOSPITALS);

    const until = D + 30 * DAY;
    const live = await get(`sisid=${TELECOM}&inicio=${D}&fim=${until}`, asDemo);
    expect(live.statusCode).toBe(200);
    const kpi = live.json<AlarmKpi>();
    const expected = await expectedKpis(t, [TELECOM], D, until, kpi.referencia);
    expect(Math.abs(kpi.referencia - now)).toBeLessThan(5);
    expect(roundFloats(kpi)).toEqual(roundFloats({ sisid: TELECOM, ...expected }));
  });

  it('cliente sees only its own system: 404 for another, its own data for sisid=0', async () => {
    const other = await get(`sisid=${TELECOM}&inicio=${D}&fim=${fim}`, asCliente);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: MESSAGES.notFound });
    const own = await get(`sisid=0&inicio=${D}&fim=${fim}`, asCliente);
    expect(own.statusCode).toBe(200);
    const kpi = own.json<AlarmKpi>();
    expect(kpi.sistemas.map((s) => s.idSistema)).toEqual([CLIENTE_SYSTEM]);
    expect(roundFloats(kpi)).toEqual(
      roundFloats({
        sisid: 0,
        ...(await expectedKpis(t, [CLIENTE_SYSTEM], D, fim, Date.now() / 1000)),
      }),
    );
    expect(kpi.oscilantes).toHaveLength(1);
  });

  it.each([
    [
      'fim before inicio',
      (d: number) => `sisid=${TELECOM}&inicio=${d}&fim=${d - 1}`,
      MESSAGES.endBeforeStart,
    ],
    [
      'more than 31 days',
      (d: number) => `sisid=${TELECOM}&inicio=${d}&fim=${d + 32 * DAY}`,
      MESSAGES.periodTooLong,
    ],
  ])('refuses %s with the spec’s message', async (_label, query, message) => {
    const response = await get(query(D), asDemo);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });

  it('refuses a missing period (400, pt-BR) and answers 401 without a session', async () => {
    const missing = await get(`sisid=${TELECOM}`, asDemo);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(MESSAGES.invalidRequest);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/ocorrencias/indicadores?sisid=${TELECOM}&inicio=${D}&fim=${fim}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
