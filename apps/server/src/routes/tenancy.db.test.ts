import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

type Kind = 'system' | 'device' | 'plant' | 'scd' | 'venue' | 'energyCenter' | 'occurrence';

/**
 * Which entity an id parameter names, by parameter name. A route whose id
 * parameter is missing here makes the test fail: add its kind (or list it in
 * NOT_TENANT_SCOPED when the id is a shared preset, not tenant data).
 */
const PARAM_KINDS: Record<string, Kind> = {
  sisid: 'system',
  sisId: 'system',
  sis_id: 'system',
  // Fuel configuration (spec 000 §3): the client system, an alternative to sisid.
  cliente_id: 'system',
  disp_id: 'device',
  idDispositivo: 'device',
  dispositivoId: 'device',
  deviceId: 'device',
  idSite: 'device',
  siteId: 'device',
  // The occurrence lists' `local_id` is a plant (contract occurrenceListQuery).
  local_id: 'plant',
  usinaId: 'plant',
  scdId: 'scd',
  scdid: 'scd',
  venueId: 'venue',
  energycenterId: 'energyCenter',
  idOcorrencia: 'occurrence',
};
/** `:id` takes its kind from the path segment before it. */
const ID_BY_SEGMENT: Record<string, Kind> = {
  dispositivo: 'device',
  dispositivos: 'device',
  Sites: 'device',
  usinas: 'plant',
  geradores: 'device',
  tfrs: 'device',
  scds: 'scd',
};
/** A device id after these segments must be of these types. */
const DEVICE_TYPES_BY_SEGMENT: Record<string, string[]> = {
  geradores: ['gerador'],
  tfrs: ['tfr', 'transformer'],
};
/** Ids of presets shared by every tenant (chart, table and panel configurations by type). */
const NOT_TENANT_SCOPED = new Set(['idTable', 'idGraphical', 'idSinotico', 'tipoSite']);

/** Query values some reads require besides the id (a one-day period ending now). */
function requiredExtras(): Record<string, string> {
  const now = Math.floor(Date.now() / 1000);
  const from = String(now - 86_400);
  const to = String(now);
  return { inicio: from, fim: to, dataInicio: from, dataFim: to };
}

/**
 * The POST reads with an id, and a body each (from the probed URL). A POST
 * route with an id missing here makes the test fail: give it a body.
 */
const POST_BODIES: Record<string, (t: TestApp, url: string) => Promise<unknown>> = {
  '/api/taginfo/v2/dispositivo/id/infosLista': async () => ({ nomes: [] }),
  '/api/taginfo/v2/dispositivos/infosLista': async () => ({ nomes: [] }),
  '/api/dispositivos/:idDispositivo/parametros': async () => ({}),
  // The chart needs a reading the probed device has.
  '/api/taginfoHistorico/dispositivo/id/penas/infosLista': async (t, url) => {
    const deviceId = Number(new URL(url, 'http://x').searchParams.get('idDispositivo'));
    const tag = await t.store.db
      .selectFrom('tags')
      .select('nome')
      .where('device_id', '=', deviceId)
      .orderBy('id')
      .executeTakeFirst();
    return { nomes: [tag?.nome ?? 'sem-leituras'] };
  },
};

/** Query values a route needs besides its ids (the energy-center call wants a selector). */
const ROUTE_EXTRAS: Record<string, Record<string, string>> = {
  '/api/taginfo/v2/dispositivos/infosLista': { tipo: 'gerador' },
};

const TABLES = {
  device: 'devices',
  plant: 'plants',
  scd: 'scds',
  venue: 'venues',
  energyCenter: 'energy_centers',
  occurrence: 'occurrences',
} as const;

/**
 * Every GET route with an id, and every POST read with one, is probed with the
 * ids of one of demo's systems that cliente does not have: demo must get 200
 * (the URL is right and the data exists), cliente must get 404 (and nothing of
 * the data).
 */
describe.skipIf(!available)('tenancy: a customer reading another tenant’s ids gets 404', () => {
  let t: TestApp;
  let clienteSystems: number[];
  let probeSystems: number[];
  let asCliente: { authorization: string };
  let asDemo: { authorization: string };
  const idCache = new Map<string, number | undefined>();

  const idFor = async (kind: Kind, systemId: number, types?: string[]) => {
    const key = `${kind}:${systemId}:${types?.join(',') ?? ''}`;
    if (idCache.has(key)) return idCache.get(key);
    let id: number | undefined = systemId;
    if (kind !== 'system') {
      let query = t.store.db
        .selectFrom(TABLES[kind])
        .select('id')
        .where('system_id', '=', systemId)
        .orderBy('id');
      if (kind === 'device' && types) query = query.where('tipo', 'in', types);
      id = (await query.executeTakeFirst())?.id;
    }
    idCache.set(key, id);
    return id;
  };

  const systemsOf = async (login: string) =>
    (
      await t.store.db
        .selectFrom('users')
        .innerJoin('user_systems', 'user_systems.user_id', 'users.id')
        .select('user_systems.system_id')
        .where('users.login', '=', login)
        .orderBy('user_systems.system_id')
        .execute()
    ).map((r) => r.system_id);

  beforeAll(async () => {
    t = await startTestApp();
    clienteSystems = await systemsOf('cliente');
    probeSystems = (await systemsOf('demo')).filter((id) => !clienteSystems.includes(id));
    asCliente = await t.authHeader('cliente');
    asDemo = await t.authHeader('demo');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the demo fleet gives the customer one system and demo other systems to probe', () => {
    expect(clienteSystems).toHaveLength(1);
    expect(probeSystems.length).toBeGreaterThan(0);
  });

  it('every /api and /api2 read with an id answers 404 for an id outside the caller’s systems', async () => {
    const problems: string[] = [];
    const probed: string[] = [];
    for (const route of t.app.routeCatalog) {
      if (!['GET', 'POST'].includes(route.method) || !/^\/api2?\//.test(route.url)) continue;
      const segments = route.url.split('/');
      const hasPathId = segments.some(
        (s) => s.startsWith(':') && !NOT_TENANT_SCOPED.has(s.slice(1)),
      );
      const queryIds = route.querystring.filter((q) => q in PARAM_KINDS);
      if (!hasPathId && queryIds.length === 0) continue;
      const bodyFor = POST_BODIES[route.url];
      if (route.method === 'POST' && !bodyFor) {
        problems.push(`POST ${route.url}: sem corpo em POST_BODIES`);
        continue;
      }
      const call = async (url: string, headers: { authorization: string }) =>
        route.method === 'GET'
          ? t.app.inject({ method: 'GET', url, headers })
          : t.app.inject({
              method: 'POST',
              url,
              headers,
              payload: (await bodyFor?.(t, url)) as object,
            });

      /** The URL with the ids of one system, or the parameters it cannot fill. */
      const urlFor = async (
        systemId: number,
        idQueries: string[],
      ): Promise<{ url?: string; missing: string[] }> => {
        const missing: string[] = [];
        const path: string[] = [];
        for (const [i, segment] of segments.entries()) {
          if (!segment.startsWith(':')) {
            path.push(segment);
            continue;
          }
          const name = segment.slice(1);
          if (NOT_TENANT_SCOPED.has(name)) {
            path.push('1');
            continue;
          }
          const before = segments[i - 1] ?? '';
          const kind = name === 'id' ? ID_BY_SEGMENT[before] : PARAM_KINDS[name];
          if (!kind) {
            missing.push(`${name} (tipo desconhecido: acrescente em PARAM_KINDS)`);
            continue;
          }
          const id = await idFor(kind, systemId, DEVICE_TYPES_BY_SEGMENT[before]);
          if (id === undefined) missing.push(`${name} (${kind})`);
          path.push(String(id));
        }
        const query = new URLSearchParams();
        for (const [name, value] of Object.entries(requiredExtras())) {
          if (route.querystring.includes(name)) query.set(name, value);
        }
        for (const [name, value] of Object.entries(ROUTE_EXTRAS[route.url] ?? {})) {
          query.set(name, value);
        }
        for (const name of idQueries) {
          const id = await idFor(PARAM_KINDS[name] as Kind, systemId);
          if (id === undefined) missing.push(`${name} (${PARAM_KINDS[name]})`);
          query.set(name, String(id));
        }
        if (missing.length > 0) return { missing };
        const search = query.toString();
        return { url: `${path.join('/')}${search ? `?${search}` : ''}`, missing };
      };

      // Optional id filters are alternatives (sisid, disp_id, local_id, …): each is probed alone.
      const required = queryIds.filter((q) => route.requiredQuerystring.includes(q));
      const optional = queryIds.filter((q) => !required.includes(q));
      const variants = optional.length > 0 ? optional.map((q) => [...required, q]) : [required];
      for (const idQueries of variants) {
        const label = `${route.method === 'GET' ? '' : `${route.method} `}${route.url}${idQueries.length ? ` [${idQueries.join(', ')}]` : ''}`;
        let probe: string | undefined;
        const attempts: string[] = [];
        for (const systemId of probeSystems) {
          const { url, missing } = await urlFor(systemId, idQueries);
          if (!url) {
            attempts.push(`sistema ${systemId}: sem ${missing.join(', ')}`);
            continue;
          }
          const owner = await call(url, asDemo);
          if (owner.statusCode === 200) {
            probe = url;
            break;
          }
          attempts.push(`${url} (demo) → ${owner.statusCode} ${owner.body.slice(0, 120)}`);
        }
        if (!probe) {
          problems.push(`${label}: nenhum id de demo respondeu 200: ${attempts.join(' | ')}`);
          continue;
        }
        probed.push(label);
        const response = await call(probe, asCliente);
        if (response.statusCode !== 404) {
          problems.push(
            `${probe} (cliente) → ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
    expect(probed).toContain('/api/User/listatipos [sisid]');
    expect(probed).toContain('POST /api/taginfo/v2/dispositivo/id/infosLista [idDispositivo]');
    expect(probed).toContain(
      'POST /api/taginfoHistorico/dispositivo/id/penas/infosLista [idDispositivo]',
    );
  });
});
