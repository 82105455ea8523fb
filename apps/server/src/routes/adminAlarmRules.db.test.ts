import { ADMIN_MESSAGES, ALARM_RULE_MESSAGES } from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../events/eventBus.js';
import { type PgEventRelay, startPgEventRelay } from '../events/pgEventRelay.js';
import { createIngest, type Ingest } from '../ingest/ingest.js';
import { openStore, type Store } from '../store/database.js';
import { createTestDatabase, type TestDatabase, testStoreAvailable } from '../store/testStore.js';
import { openDemoTestStore } from '../test/databaseTemplates.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

type Headers = { authorization: string };
interface Rule {
  id: number;
  tipo: string;
  leitura: string | null;
  limite: number | null;
  atraso: number;
  critico: number;
  mensagem: string;
}

/**
 * Alarm rules edited by administrators (issue 28): a change reaches the running
 * alarm engine through the ingest path on the next reading, without a restart.
 */
describe.skipIf(!available)('administration: alarm rules', () => {
  let t: TestApp;
  let ingest: Ingest;
  let admin: Headers;
  let demo: Headers;
  let systemAdmin: Headers;
  let deviceId: number;
  let modelId: number;
  let key: string;
  let rule: Rule;
  let ts = Math.floor(Date.now() / 1000) - 3600;

  const call = (method: string, url: string, headers: Headers, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** One reading of `ai1` through `POST /api/ingest`, a minute after the last. */
  const reading = async (value: number, after = 60) => {
    ts += after;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': key },
      payload: { ts, leituras: { ai1: value } },
    });
    expect(response.statusCode, response.body).toBe(202);
    await ingest.flush();
  };
  const occurrences = () =>
    t.store.db
      .selectFrom('occurrences')
      .select(['nome_alarme', 'critico', 'hora_ativacao', 'hora_desativacao', 'valor_falha'])
      .where('device_id', '=', deviceId)
      .where('rule_id', '=', rule.id)
      .orderBy('id')
      .execute();
  const open = async () => (await occurrences()).filter((o) => o.hora_desativacao === null);
  const audits = (action: string) =>
    t.store.db
      .selectFrom('audit_log')
      .select(['system_id', 'device_id', 'entity_id', 'details'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    const store = await openDemoTestStore();
    ingest = createIngest({ store, batchMs: 10, log: { warn: () => {}, error: () => {} } });
    t = await startTestApp({ store, ingest });
    const close = t.close;
    t.close = async () => {
      await close();
      await ingest.close();
      await store.close();
    };
    admin = await t.authHeader('admin');
    demo = await t.authHeader('demo');
    const models = (await call('GET', '/api/admin/modelos', admin)).json() as {
      id: number;
      tipo: string;
    }[];
    modelId = (models.find((m) => m.tipo === 'io') as { id: number }).id;
    const created = await call('POST', '/api/admin/dispositivos', admin, {
      nome: 'Módulo de regras',
      patrimonio: 'REGRAS-1',
      modeloId: modelId,
      sisId: 200,
      uf: 'SP',
    });
    expect(created.statusCode, created.body).toBe(201);
    deviceId = created.json().id;
    key = (await call('POST', `/api/admin/dispositivos/${deviceId}/credenciais`, admin)).json()
      .chave;
    // A system administrator of the device's system only.
    const user = await call('POST', '/api/admin/usuarios', admin, {
      nome: 'Regina Regras',
      login: 'regina.regras',
      sistemas: [200],
      administrador: true,
    });
    const temporary = user.json().senhaTemporaria as string;
    await t.store.db
      .updateTable('users')
      .set({ must_change_password: 0 })
      .where('login', '=', 'regina.regras')
      .execute();
    const token = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '10.88.0.1',
      payload: `grant_type=password&client_id=vigia-web&username=regina.regras&password=${encodeURIComponent(temporary)}`,
    });
    systemAdmin = { authorization: `Bearer ${token.json().access_token}` };
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists a model's rules to any administrator; the device's are its model's until overridden", async () => {
    const model = await call('GET', `/api/admin/modelos/${modelId}/regras`, systemAdmin);
    expect(model.statusCode, model.body).toBe(200);
    rule = (model.json().regras as Rule[]).find((r) => r.leitura === 'ai1') as Rule;
    expect(rule).toMatchObject({ tipo: 'threshold', limite: 80, atraso: 0 });
    const device = (
      await call('GET', `/api/admin/dispositivos/${deviceId}/regras`, systemAdmin)
    ).json();
    expect(device).toMatchObject({ dispositivo: deviceId, sisId: 200, modelo: { id: modelId } });
    expect(device.regras.find((r: Rule) => r.id === rule.id)).toMatchObject({
      limite: 80,
      modelo: { limite: 80 },
      sobreposicao: { limite: null, atraso: null, critico: null, mensagem: null },
    });
    expect((await call('GET', `/api/admin/modelos/${modelId}/regras`, demo)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/modelos/99999/regras', admin)).statusCode).toBe(404);
  });

  it("a device's override changes the next reading's outcome, audited with its device and system", async () => {
    await reading(50);
    expect(await occurrences()).toEqual([]);
    const saved = await call('PUT', `/api/admin/dispositivos/${deviceId}/regras`, systemAdmin, {
      regras: [{ id: rule.id, limite: 40, critico: 21, mensagem: 'Entrada 1 acima de 40' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().regras.find((r: Rule) => r.id === rule.id)).toMatchObject({
      limite: 40,
      critico: 21,
      mensagem: 'Entrada 1 acima de 40',
      atraso: 0,
      modelo: { limite: 80 },
      sobreposicao: { limite: 40, atraso: null },
    });
    await reading(50);
    expect(await open()).toMatchObject([
      { nome_alarme: 'Entrada 1 acima de 40', critico: 21, hora_ativacao: ts, valor_falha: 50 },
    ]);
    const [overridden] = await audits('admin.dispositivo.regras');
    expect(overridden).toMatchObject({
      system_id: 200,
      device_id: deviceId,
      entity_id: String(deviceId),
    });
    // The rule by the name its screen showed: the model's until the device has its own.
    expect(JSON.parse(overridden?.details ?? '{}')).toMatchObject({
      regra: rule.id,
      regraNome: 'Entrada analógica 1 alta',
      antes: { limite: null, mensagem: null },
      depois: { limite: 40, mensagem: 'Entrada 1 acima de 40' },
    });

    // Back to the model (an empty list): 80 with its deadband clears it.
    const reset = await call('PUT', `/api/admin/dispositivos/${deviceId}/regras`, systemAdmin, {
      regras: [],
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await reading(50);
    expect(await open()).toEqual([]);
    const rows = await audits('admin.dispositivo.regras');
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[1]?.details ?? '{}')).toMatchObject({
      regraNome: 'Entrada 1 acima de 40',
      depois: { limite: null, mensagem: null },
    });
    expect(
      await t.store.db
        .selectFrom('device_alarm_rules')
        .selectAll()
        .where('device_id', '=', deviceId)
        .execute(),
    ).toEqual([]);
  });

  it('an on-delay holds the alarm until its condition has lasted that long', async () => {
    const saved = await call('PUT', `/api/admin/dispositivos/${deviceId}/regras`, admin, {
      regras: [{ id: rule.id, limite: 40, atraso: 120 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await reading(50); // the wait starts
    await reading(50); // 60 s
    expect(await open()).toEqual([]);
    await reading(30); // back inside: the wait ends
    await reading(50); // starts again
    await reading(50, 119);
    expect(await open()).toEqual([]);
    await reading(50, 1); // 120 s
    expect(await open()).toMatchObject([{ hora_ativacao: ts, nome_alarme: rule.mensagem }]);
    await reading(10);
    expect(await open()).toEqual([]);
    await call('PUT', `/api/admin/dispositivos/${deviceId}/regras`, admin, { regras: [] });
  });

  it("a model's rules are the platform's: a system administrator gets 403, the platform's change reaches the next reading", async () => {
    const change = {
      regras: [{ id: rule.id, limite: 45, atraso: 0, critico: 19, mensagem: 'Entrada 1 alta' }],
    };
    const refused = await call('PUT', `/api/admin/modelos/${modelId}/regras`, systemAdmin, change);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(ADMIN_MESSAGES.platformAdminOnly);
    await reading(50);
    expect(await open()).toEqual([]);
    const saved = await call('PUT', `/api/admin/modelos/${modelId}/regras`, admin, change);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().regras.find((r: Rule) => r.id === rule.id)).toMatchObject({
      limite: 45,
      critico: 19,
    });
    await reading(50);
    expect(await open()).toMatchObject([{ nome_alarme: 'Entrada 1 alta', critico: 19 }]);
    const rows = await audits('admin.modelo.regras');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ system_id: null, device_id: null, entity_id: String(modelId) });
    expect(JSON.parse(rows[0]?.details ?? '{}')).toMatchObject({
      regra: rule.id,
      regraNome: 'Entrada analógica 1 alta',
      antes: { limite: 80, mensagem: 'Entrada analógica 1 alta' },
      depois: { limite: 45, mensagem: 'Entrada 1 alta' },
    });
    // The same values again change nothing and write no audit row.
    await call('PUT', `/api/admin/modelos/${modelId}/regras`, admin, change);
    expect(await audits('admin.modelo.regras')).toHaveLength(1);
    const back = {
      regras: [
        { id: rule.id, limite: 80, atraso: 0, critico: rule.critico, mensagem: rule.mensagem },
      ],
    };
    expect(
      (await call('PUT', `/api/admin/modelos/${modelId}/regras`, admin, back)).statusCode,
    ).toBe(200);
  });

  it('answers bad rules with 400 in pt-BR and writes nothing', async () => {
    const before = await audits('admin.dispositivo.regras');
    const model = (await call('GET', `/api/admin/modelos/${modelId}/regras`, admin)).json();
    const communication = (model.regras as Rule[]).find((r) => r.tipo === 'communication') as Rule;
    const otherModelRule = await t.store.db
      .selectFrom('alarm_rules')
      .select('id')
      .where('template_id', '!=', modelId)
      .executeTakeFirstOrThrow();
    const cases: [unknown, string | RegExp][] = [
      [
        {
          regras: [
            { id: rule.id, limite: 40 },
            { id: rule.id, critico: 3 },
          ],
        },
        ALARM_RULE_MESSAGES.repeatedRule.replace('{id}', String(rule.id)),
      ],
      [
        { regras: [{ id: otherModelRule.id, limite: 1 }] },
        ALARM_RULE_MESSAGES.unknownRule.replace('{id}', String(otherModelRule.id)),
      ],
      [
        { regras: [{ id: communication.id, limite: 5 }] },
        ALARM_RULE_MESSAGES.silenceRange.replace('{nome}', communication.mensagem),
      ],
      [
        { regras: [{ id: communication.id, atraso: 5 }] },
        ALARM_RULE_MESSAGES.delayNotApplicable.replace('{nome}', communication.mensagem),
      ],
      [
        { regras: [{ id: rule.id, critico: 0 }] },
        'A criticidade deve ser um número inteiro de 1 a 99.',
      ],
      [
        { regras: [{ id: rule.id, atraso: 1.5 }] },
        'O atraso deve ser um número inteiro de 0 a 86400 segundos.',
      ],
      [{ regras: [{ id: rule.id, mensagem: '  ' }] }, 'Informe a mensagem do alarme.'],
    ];
    for (const [body, message] of cases) {
      const response = await call('PUT', `/api/admin/dispositivos/${deviceId}/regras`, admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      // A rule's own problem is the error; a field out of its range is among the details.
      const { error, detalhes = [] } = response.json() as {
        error: string;
        detalhes?: { mensagem: string }[];
      };
      expect([error, ...detalhes.map((d) => d.mensagem)], JSON.stringify(body)).toContainEqual(
        expect.stringMatching(message),
      );
    }
    const badModel = await call('PUT', `/api/admin/modelos/${modelId}/regras`, admin, {
      regras: [{ id: rule.id, limite: null, atraso: 0, critico: 20, mensagem: 'X' }],
    });
    expect(badModel.statusCode).toBe(400);
    expect(badModel.json().error).toBe(
      ALARM_RULE_MESSAGES.limitRequired.replace('{nome}', rule.mensagem),
    );
    expect(await audits('admin.dispositivo.regras')).toEqual(before);
    expect(
      (await call('GET', `/api/admin/modelos/${modelId}/regras`, admin))
        .json()
        .regras.find((r: Rule) => r.id === rule.id).limite,
    ).toBe(80);
  });
});

const onPostgres = available && process.env.VIGIA_TEST_DB === 'postgres';

/**
 * Two nodes on one PostgreSQL database, each with its own alarm engine: a rule
 * changed through one node's API is used by the other's next reading (the
 * change travels as an `alarmRules.changed` event over LISTEN/NOTIFY).
 */
describe.skipIf(!onPostgres)('administration: alarm rules on every node', () => {
  const nodes: { t: TestApp; ingest: Ingest; bus: EventBus; relay: PgEventRelay; store: Store }[] =
    [];
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('demo');
    for (let i = 0; i < 2; i++) {
      const store = await openStore(database.url);
      const bus = new EventBus();
      const relay = await startPgEventRelay({
        connectionString: database.url,
        bus,
        log: { info() {}, warn() {}, error() {} },
      });
      const ingest = createIngest({
        store,
        publish: bus,
        batchMs: 10,
        log: { warn: () => {}, error: () => {} },
      });
      nodes.push({ t: await startTestApp({ store, bus, ingest }), ingest, bus, relay, store });
    }
  });
  afterAll(async () => {
    for (const n of nodes) {
      await n.t.close();
      await n.ingest.close();
      await n.relay.close();
      await n.store.close();
    }
    await database?.drop();
  });

  it('a device override saved on node A raises the alarm on node B’s next reading', async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const admin = await a.t.authHeader('admin');
    const inject = (n: typeof a, method: string, url: string, payload?: unknown) =>
      n.t.app.inject({
        method: method as 'GET',
        url,
        headers: admin,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const models = (await inject(a, 'GET', '/api/admin/modelos')).json() as {
      id: number;
      tipo: string;
    }[];
    const modelId = (models.find((m) => m.tipo === 'io') as { id: number }).id;
    const created = await inject(a, 'POST', '/api/admin/dispositivos', {
      nome: 'Módulo em dois nós',
      patrimonio: 'NOS-1',
      modeloId: modelId,
      sisId: 200,
      uf: 'SP',
    });
    const deviceId = created.json().id as number;
    const key = (await inject(a, 'POST', `/api/admin/dispositivos/${deviceId}/credenciais`)).json()
      .chave as string;
    const rule = (
      (await inject(a, 'GET', `/api/admin/modelos/${modelId}/regras`)).json().regras as Rule[]
    ).find((r) => r.leitura === 'ai1') as Rule;
    let ts = Math.floor(Date.now() / 1000) - 600;
    const readOnB = async (value: number) => {
      ts += 60;
      const response = await b.t.app.inject({
        method: 'POST',
        url: '/api/ingest',
        headers: { 'x-device-key': key },
        payload: { ts, leituras: { ai1: value } },
      });
      expect(response.statusCode, response.body).toBe(202);
      await b.ingest.flush();
    };
    const openOnB = async () =>
      b.store.db
        .selectFrom('occurrences')
        .select('nome_alarme')
        .where('device_id', '=', deviceId)
        .where('rule_id', '=', rule.id)
        .where('hora_desativacao', 'is', null)
        .execute();

    await readOnB(50); // node B's engine now holds the model's rule (80)
    expect(await openOnB()).toEqual([]);
    const heard: unknown[] = [];
    b.bus.subscribe((e) => {
      if (e.type === 'alarmRules.changed') heard.push(e);
    });
    const saved = await inject(a, 'PUT', `/api/admin/dispositivos/${deviceId}/regras`, {
      regras: [{ id: rule.id, limite: 40, mensagem: 'Acima de 40 (nó A)' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect
      .poll(() => heard, { timeout: 5_000 })
      .toEqual([{ type: 'alarmRules.changed', deviceId }]);
    await readOnB(50);
    expect(await openOnB()).toEqual([{ nome_alarme: 'Acima de 40 (nó A)' }]);
  });
});
