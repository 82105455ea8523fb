import { API } from '@vigia/contract/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_CLIENTE } from '../seed/fleet.js';
import { testStoreAvailable } from '../store/testStore.js';
import { FORM, form, startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

type Headers = { authorization: string };
type Route =
  | (typeof API.admin)[keyof typeof API.admin]
  | typeof API.audit.list
  | (typeof API.notifications)[keyof typeof API.notifications];
/** What one call of the sweep sends: the path's id, a query and a body. */
interface Probe {
  id?: number;
  query?: string;
  body?: unknown;
}

/**
 * The administration's tenancy sweep: a system administrator of every demo
 * system but cliente's calls every administration route (the contract's
 * `API.admin` and `API.audit`, a route added there must get its probes here or
 * the sweep fails) with cliente's system's ids — its company, the system,
 * plants, SCDs, venues, users and devices — and gets 404 or 403 every time;
 * nothing of that system changes. The same calls with ids of the
 * administrator's own systems are answered, so the refusals come from tenancy.
 */
describe.skipIf(!available)('administration tenancy sweep', () => {
  let t: TestApp;
  let sweeper: Headers;
  /** Ids of cliente's system (foreign) and of one of the sweeper's (own), by kind. */
  const foreign: Record<string, number> = {};
  const own: Record<string, number> = {};
  /** The sweeper's own notification preferences and escalation, as valid bodies to send back. */
  let preferences: Record<string, unknown> = {};
  let escalation: Record<string, unknown> = {};

  const call = (method: string, url: string, headers: Headers, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const firstOf = async (table: 'plants' | 'scds' | 'venues' | 'devices', systemId: number) =>
    (
      await t.store.db
        .selectFrom(table)
        .select('id')
        .where('system_id', '=', systemId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await startTestApp();
    const admin = await t.authHeader('admin');
    const systems = (await t.store.db.selectFrom('systems').select('id').execute()).map(
      (s) => s.id,
    );
    const ownSystems = systems.filter((id) => id !== SYSTEM_CLIENTE);
    const created = await call('POST', '/api/admin/usuarios', admin, {
      nome: 'Varredura',
      login: 'varredura.admin',
      sistemas: ownSystems,
      administrador: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const temporary = created.json().senhaTemporaria as string;
    const signIn = async (password: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: FORM,
          remoteAddress: '10.66.0.1',
          payload: form({
            grant_type: 'password',
            client_id: 'vigia-web',
            username: 'varredura.admin',
            password,
          }),
        })
      ).json().access_token as string;
    const first = { authorization: `Bearer ${await signIn(temporary)}` };
    await call('POST', '/api/User/alterarSenha', first, {
      senhaAtual: temporary,
      novaSenha: 'varredura-1234',
      confirmacao: 'varredura-1234',
    });
    sweeper = { authorization: `Bearer ${await signIn('varredura-1234')}` };

    const ownSystem = 200;
    for (const [kind, systemId, bag] of [
      ['foreign', SYSTEM_CLIENTE, foreign],
      ['own', ownSystem, own],
    ] as const) {
      bag.system = systemId;
      bag.company = (
        await t.store.db
          .selectFrom('systems')
          .select('company_id')
          .where('id', '=', systemId)
          .executeTakeFirstOrThrow()
      ).company_id;
      bag.device = await firstOf('devices', systemId);
      bag.usina = await firstOf('plants', systemId).catch(() => 0);
      bag.venue = await firstOf('venues', systemId).catch(() => 0);
      bag.scd = await firstOf('scds', systemId).catch(() => 0);
      // cliente holds only cliente's system; demo holds every other one.
      bag.user = kind === 'foreign' ? 2 : 1;
    }
    const clienteSystems = await t.store.db
      .selectFrom('user_systems')
      .select('system_id')
      .where('user_id', '=', 2)
      .execute();
    expect(clienteSystems.map((r) => r.system_id)).toEqual([SYSTEM_CLIENTE]);
    const { webhookSegredo: _secret, ...mine } = (
      await call('GET', '/api/notificacoes/preferencias', sweeper)
    ).json();
    preferences = mine;
    const settings = await call('GET', `/api/notificacoes/escalonamento/${ownSystem}`, sweeper);
    expect(settings.statusCode, settings.body).toBe(200);
    escalation = settings.json();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The probes of each route, for ids of `ids`' system. */
  const probesOf = (ids: Record<string, number>): Record<string, Probe[]> => ({
    firstRunState: [],
    firstRun: [],
    companies: [{}],
    createCompany: [{ body: { nome: 'Empresa da varredura' } }],
    company: [{ id: ids.company }],
    editCompany: [{ id: ids.company, body: { nome: 'Renomeada' } }],
    systems: [{}],
    createSystem: [{ body: { nome: 'Sistema da varredura', empresaId: ids.company } }],
    system: [{ id: ids.system }],
    editSystem: [{ id: ids.system, body: { nome: 'Renomeado' } }],
    places: [{ query: `sisId=${ids.system}` }],
    createPlace: [{ body: { tipo: 'venue', nome: 'Local da varredura', sisId: ids.system } }],
    place: placeProbes(ids),
    editPlace: placeProbes(ids).map((p) => ({ ...p, body: { nome: 'Renomeado' } })),
    removePlace: placeProbes(ids),
    users: [{ query: `sisId=${ids.system}` }],
    createUser: [{ body: { nome: 'X', login: 'varredura.nova', sistemas: [ids.system] } }],
    user: [{ id: ids.user }],
    editUser: [{ id: ids.user, body: { bloqueado: true } }],
    resetPassword: [{ id: ids.user }],
    models: [{}],
    devices: [{ query: `sisId=${ids.system}` }],
    createDevice: [
      { body: { nome: 'X', patrimonio: 'VARREDURA-1', modeloId: 1, sisId: ids.system } },
      // The sweeper's own system, placed in the other system's plant.
      ...(ids.usina
        ? [
            {
              body: {
                nome: 'X',
                patrimonio: 'VARREDURA-2',
                modeloId: 1,
                sisId: own.system,
                usinaId: ids.usina,
              },
            },
          ]
        : []),
    ],
    device: [{ id: ids.device }],
    editDevice: [{ id: ids.device, body: { nome: 'Renomeado' } }],
    deviceCredentials: [{ id: ids.device }],
    removeDevice: [{ id: ids.device }],
    // No file: the system is checked first (404), before the body is read.
    importDevices: [{ query: `sisId=${ids.system}&simular=1` }],
    // A model is the platform's, of no system: any administrator reads its rules (the own
    // probe), only a platform administrator changes them (403 to the sweeper).
    modelRules: ids === own ? [{ id: 1 }] : [],
    editModelRules: [
      {
        id: 1,
        body: { regras: [{ id: 1, limite: 60, atraso: 0, critico: 20, mensagem: 'Varredura' }] },
      },
    ],
    deviceRules: [{ id: ids.device }],
    editDeviceRules: [{ id: ids.device, body: { regras: [] } }],
    audit: [
      { query: `sisId=${ids.system}` },
      { query: `sisId=${ids.system}&dispositivoId=${ids.device}` },
    ],
    // The notification routes an administrator uses for a system.
    preferences: [],
    savePreferences: [{ body: { ...preferences, sistemas: [ids.system] } }],
    escalation: [{ id: ids.system }],
    saveEscalation: [{ id: ids.system, body: escalation }],
    deliveries: [{ query: `sisid=${ids.system}` }],
  });
  const placeProbes = (ids: Record<string, number>): Probe[] =>
    (['usina', 'scd', 'venue'] as const)
      .filter((tipo) => ids[tipo])
      .map((tipo) => ({ id: ids[tipo], query: `tipo=${tipo}` }));

  const routes = (): [string, Route][] => [
    ...(Object.entries(API.admin) as [string, Route][]),
    ['audit', API.audit.list],
    ...(Object.entries(API.notifications) as [string, Route][]),
  ];
  const urlOf = (route: Route, probe: Probe) =>
    `${route.path.replace(/\{(id|sisId)\}/, String(probe.id))}${probe.query ? `?${probe.query}` : ''}`;

  it('every administration route refuses another system’s ids (404 or 403) and changes nothing', async () => {
    const probes = probesOf(foreign);
    const unswept = routes()
      .filter(([name]) => !(name in probes))
      .map(([name]) => name);
    expect(unswept, 'rotas de administração sem sonda na varredura').toEqual([]);
    const before = await t.store.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('system_id', '=', SYSTEM_CLIENTE)
      .executeTakeFirstOrThrow();
    const wrong: string[] = [];
    let calls = 0;
    for (const [name, route] of routes()) {
      if ('public' in route) continue;
      for (const probe of probes[name] ?? []) {
        // Lists without a system answer the caller's own: nothing foreign to refuse.
        if (route.method === 'GET' && !probe.id && !probe.query) continue;
        const response = await call(route.method, urlOf(route, probe), sweeper, probe.body);
        calls += 1;
        if (response.statusCode !== 404 && response.statusCode !== 403) {
          wrong.push(
            `${route.method} ${urlOf(route, probe)} → ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(20);
    const after = await t.store.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('system_id', '=', SYSTEM_CLIENTE)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const cliente = await t.store.db
      .selectFrom('users')
      .select(['blocked', 'nome'])
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(cliente.blocked).toBe(0);
  });

  it('the same reads with its own systems’ ids are answered (the refusals come from tenancy)', async () => {
    const probes = probesOf(own);
    for (const [name, route] of routes()) {
      if (route.method !== 'GET' || 'public' in route) continue;
      for (const probe of probes[name] ?? []) {
        const response = await call('GET', urlOf(route, probe), sweeper);
        expect(
          response.statusCode,
          `${name} ${urlOf(route, probe)}: ${response.body.slice(0, 200)}`,
        ).toBe(200);
      }
    }
    // The notification writes with its own system are taken: their refusals are tenancy too.
    for (const name of ['savePreferences', 'saveEscalation'] as const) {
      const route = API.notifications[name];
      for (const probe of probes[name] ?? []) {
        const response = await call(route.method, urlOf(route, probe), sweeper, probe.body);
        expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBe(200);
      }
    }
  });

  it('lists without a system filter answer only the administered systems', async () => {
    const listed = async (url: string) =>
      (await call('GET', url, sweeper)).json() as {
        sisId?: number;
        sistemas?: number[];
        id: number;
      }[];
    expect((await listed('/api/admin/sistemas')).map((s) => s.id)).not.toContain(SYSTEM_CLIENTE);
    expect((await listed('/api/admin/dispositivos')).every((d) => d.sisId !== SYSTEM_CLIENTE)).toBe(
      true,
    );
    expect((await listed('/api/admin/locais')).every((p) => p.sisId !== SYSTEM_CLIENTE)).toBe(true);
    expect((await listed('/api/admin/usuarios')).map((u) => u.id)).not.toContain(2);
    const trail = (await call('GET', '/api/auditoria?limit=500', sweeper)).json() as {
      itens: { sisId: number | null }[];
    };
    expect(trail.itens.every((r) => r.sisId !== SYSTEM_CLIENTE && r.sisId !== null)).toBe(true);
  });
});
