import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStoreAvailable } from '../store/testStore.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

type Kind = 'system' | 'device' | 'plant' | 'scd' | 'venue' | 'occurrence';

/**
 * Which entity an id parameter names, by parameter name. A route whose id
 * parameter is missing here makes the test fail: add its kind (or list it in
 * NOT_TENANT_SCOPED when the id is a shared preset, not tenant data).
 */
const PARAM_KINDS: Record<string, Kind> = {
  sisid: 'system',
  sisId: 'system',
  sis_id: 'system',
  disp_id: 'device',
  idDispositivo: 'device',
  dispositivoId: 'device',
  deviceId: 'device',
  idSite: 'device',
  siteId: 'device',
  local_id: 'device',
  usinaId: 'plant',
  scdId: 'scd',
  scdid: 'scd',
  venueId: 'venue',
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
/** Ids of presets shared by every tenant (chart, table and panel configurations by type). */
const NOT_TENANT_SCOPED = new Set(['idTable', 'idGraphical', 'idSinotico', 'tipoSite']);

/** Query values some reads require besides the id (a one-day period ending now). */
function requiredExtras(): Record<string, string> {
  const now = Math.floor(Date.now() / 1000);
  return { inicio: String(now - 86_400), fim: String(now) };
}

describe.skipIf(!available)('tenancy: a customer reading another tenant’s ids gets 404', () => {
  let t: TestApp;
  let clienteSystems: number[];
  let headers: { authorization: string };
  const foreign = new Map<Kind, number>();
  const own = new Map<Kind, number>();

  const firstId = async (kind: Kind, mine: boolean): Promise<number | undefined> => {
    const db = t.store.db;
    const op = mine ? 'in' : 'not in';
    switch (kind) {
      case 'system': {
        const row = await db
          .selectFrom('systems')
          .select('id')
          .where('id', op, clienteSystems)
          .orderBy('id')
          .executeTakeFirst();
        return row?.id;
      }
      case 'device':
      case 'plant':
      case 'scd':
      case 'venue':
      case 'occurrence': {
        const table = {
          device: 'devices',
          plant: 'plants',
          scd: 'scds',
          venue: 'venues',
          occurrence: 'occurrences',
        } as const;
        const row = await db
          .selectFrom(table[kind])
          .select('id')
          .where('system_id', op, clienteSystems)
          .orderBy('id')
          .executeTakeFirst();
        return row?.id;
      }
    }
  };

  beforeAll(async () => {
    t = await startTestApp();
    const cliente = await t.store.db
      .selectFrom('users')
      .innerJoin('user_systems', 'user_systems.user_id', 'users.id')
      .select('user_systems.system_id')
      .where('users.login', '=', 'cliente')
      .execute();
    clienteSystems = cliente.map((r) => r.system_id);
    headers = await t.authHeader('cliente');
    for (const kind of ['system', 'device', 'plant', 'scd', 'venue', 'occurrence'] as Kind[]) {
      const theirs = await firstId(kind, false);
      const mine = await firstId(kind, true);
      if (theirs !== undefined) foreign.set(kind, theirs);
      if (mine !== undefined) own.set(kind, mine);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the demo fleet gives the customer one system and other tenants’ data to probe', () => {
    expect(clienteSystems).toHaveLength(1);
    expect(foreign.get('system')).toBeDefined();
    expect(foreign.get('device')).toBeDefined();
  });

  it('every GET /api route with an id answers 404 for an id outside the caller’s systems', async () => {
    const problems: string[] = [];
    let probed = 0;
    for (const route of t.app.routeCatalog) {
      if (route.method !== 'GET' || !route.url.startsWith('/api/')) continue;
      const segments = route.url.split('/');
      const pathParams = segments
        .map((segment, i) => ({ segment, i }))
        .filter(({ segment }) => segment.startsWith(':'));
      const queryIds = route.querystring.filter((q) => q in PARAM_KINDS);
      if (pathParams.length === 0 && queryIds.length === 0) continue;

      const build = (ids: Map<Kind, number>): string | string[] => {
        const missing: string[] = [];
        const path = segments.map((segment, i) => {
          if (!segment.startsWith(':')) return segment;
          const name = segment.slice(1);
          if (NOT_TENANT_SCOPED.has(name)) return '1';
          const kind = name === 'id' ? ID_BY_SEGMENT[segments[i - 1] ?? ''] : PARAM_KINDS[name];
          const id = kind && ids.get(kind);
          if (id === undefined) missing.push(`${name} (${kind ?? 'tipo desconhecido'})`);
          return String(id);
        });
        const query = new URLSearchParams();
        for (const [name, value] of Object.entries(requiredExtras())) {
          if (route.querystring.includes(name)) query.set(name, value);
        }
        for (const name of queryIds) {
          const id = ids.get(PARAM_KINDS[name] as Kind);
          if (id === undefined) missing.push(`${name} (${PARAM_KINDS[name]})`);
          query.set(name, String(id));
        }
        if (missing.length > 0) return missing;
        const search = query.toString();
        return `${path.join('/')}${search ? `?${search}` : ''}`;
      };

      const foreignUrl = build(foreign);
      if (Array.isArray(foreignUrl)) {
        problems.push(`${route.url}: sem id estrangeiro para ${foreignUrl.join(', ')}`);
        continue;
      }
      probed += 1;
      const response = await t.app.inject({ method: 'GET', url: foreignUrl, headers });
      if (response.statusCode !== 404) {
        problems.push(`${foreignUrl} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      // The same route with the caller's own ids works: the 404 above is tenancy, not a bad URL.
      const ownUrl = build(own);
      if (!Array.isArray(ownUrl)) {
        const mine = await t.app.inject({ method: 'GET', url: ownUrl, headers });
        if (mine.statusCode !== 200) {
          problems.push(`${ownUrl} (próprio) → ${mine.statusCode} ${mine.body.slice(0, 200)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(probed).toBeGreaterThan(0);
  });
});
