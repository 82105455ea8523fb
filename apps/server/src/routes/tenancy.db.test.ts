import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAVY_CALLS_PER_USER, isHeavyCall } from '../plugins/heavyCalls.js';
import { OPENAPI_PATH } from '../plugins/openapi.js';
import { testStoreAvailable } from '../store/testStore.js';
import {
  exampleOf,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  operationsOf,
} from '../test/openApi.js';
import { startTestApp, type TestApp } from '../test/testApp.js';

const available = await testStoreAvailable();

/** Every kind of tenant data with the system it belongs to (`id`, `system_id`, a device's `tipo`). */
const KINDS = {
  system: 'select id, id as system_id from systems',
  company: 'select company_id as id, id as system_id from systems',
  plant: 'select id, system_id from plants',
  scd: 'select id, system_id from scds',
  venue: 'select id, system_id from venues',
  deviceGroup: 'select g.id, v.system_id from device_groups g join venues v on v.id = g.venue_id',
  energyCenter: 'select id, system_id from energy_centers',
  device: 'select id, system_id, tipo from devices',
  tag: 'select t.id, d.system_id from tags t join devices d on d.id = t.device_id',
  occurrence: 'select id, system_id from occurrences',
  command: 'select c.id, d.system_id from commands c join devices d on d.id = c.device_id',
  contract: 'select id, system_id from contracts',
  fuelEntry: 'select id, system_id from fuel_entries',
  fuelConfig: 'select id, system_id from fuel_configs',
  reportFile: 'select id, system_id from report_files',
  user: 'select user_id as id, system_id from user_systems',
  schedule:
    'select s.id, us.system_id from schedules s join user_systems us on us.user_id = s.user_id',
} as const;
type Kind = keyof typeof KINDS;

/**
 * What a parameter that looks like an id (ID_NAME) names, where the sweep must
 * fill it with an id of the right kind while it probes another one. A
 * parameter missing here is still probed with every kind of id; only a route
 * with two ids, one of them required, needs it here.
 */
const PARAM_KINDS: Record<string, Kind> = {
  sisid: 'system',
  sisId: 'system',
  sis_id: 'system',
  cliente_id: 'system',
  clientId: 'company',
  disp_id: 'device',
  idDispositivo: 'device',
  dispositivoIds: 'device',
  dispositivoId: 'device',
  dispositivo: 'device',
  deviceId: 'device',
  idSite: 'device',
  siteId: 'device',
  // The occurrence lists' `local_id` is a plant (contract occurrenceListQuery).
  local_id: 'plant',
  usinaId: 'plant',
  scdId: 'scd',
  scdid: 'scd',
  venueId: 'venue',
  idGrupoDispositivo: 'deviceGroup',
  energycenterId: 'energyCenter',
  idOcorrencia: 'occurrence',
  usuario_id: 'user',
};
/** `{id}` takes its kind from the path segment before it. */
const ID_BY_SEGMENT: Record<string, Kind> = {
  dispositivo: 'device',
  dispositivos: 'device',
  Sites: 'device',
  usinas: 'plant',
  geradores: 'device',
  tfrs: 'device',
  scds: 'scd',
  escalas: 'schedule',
  contratos: 'contract',
};

/** Ids of presets shared by every tenant (chart, table and panel configurations by type). */
const NOT_TENANT_SCOPED = new Set(['idTable', 'idGraphical', 'idSinotico']);
/**
 * Parameters a route takes and ignores (the legacy console sends them), by
 * route: any value answers the same, so they name no tenant data.
 */
const IGNORED: Record<string, readonly string[]> = {
  'GET /api/combustivel/consumoDiario': ['usuario_id'],
  'GET /api/combustivel/consumoDiarioIncompleto': ['userId'],
  'GET /api/combustivel/config': ['userid'],
};

/**
 * Body ids that name data shared by every tenant, by route: an alarm rule is its
 * model's, and models are the platform's (the route checks the rule is of the
 * device's model).
 */
const SHARED_BODY_IDS: Record<string, readonly string[]> = {
  'PUT /api/admin/dispositivos/{id}/regras': ['regras.[].id'],
  'PUT /api/admin/modelos/{id}/regras': ['regras.[].id'],
};

/** A name that says id: `id`, `ids`, `idSite`, `usinaId`, `disp_id`, `sisid`, `dispositivo`. */
const ID_NAME = /^ids?$|^id[A-Z_]|[a-z_][iI]ds?$|^dispositivo$/;

const isIntegerSchema = (s: JsonSchema): boolean =>
  s.type === 'integer' ||
  (s.type === 'array' && !!s.items && isIntegerSchema(s.items)) ||
  (s.anyOf ?? s.oneOf ?? []).some(isIntegerSchema);

/** Where an id goes in a request. */
interface Slot {
  in: 'path' | 'query' | 'body';
  name: string;
  /** For a body: the property path (`['configs', '[]', 'siteId']`). */
  path: string[];
  required: boolean;
  kind?: Kind;
  /** An array of ids (`ids: [1, 2]`). */
  list: boolean;
}

/** Id fields of a body schema, at any depth. */
function bodySlots(schema: JsonSchema, at: string[] = [], required = true): Slot[] {
  const slots: Slot[] = [];
  for (const alternative of schema.anyOf ?? schema.oneOf ?? []) {
    if (alternative.type === 'object') slots.push(...bodySlots(alternative, at, required));
  }
  if (schema.type === 'array' && schema.items) {
    slots.push(...bodySlots(schema.items, [...at, '[]'], required));
  }
  for (const [name, s] of Object.entries(schema.properties ?? {})) {
    const isRequired = required && (schema.required ?? []).includes(name);
    if (ID_NAME.test(name) && isIntegerSchema(s)) {
      slots.push({
        in: 'body',
        name,
        path: [...at, name],
        required: isRequired,
        kind: PARAM_KINDS[name],
        list: s.type === 'array',
      });
    } else if (s.type === 'object' || s.type === 'array' || s.anyOf) {
      slots.push(...bodySlots(s, [...at, name], isRequired));
    }
  }
  return slots;
}

function slotsOf(operation: Operation): Slot[] {
  const key = `${operation.method} ${operation.path}`;
  const segments = operation.path.split('/');
  const slots: Slot[] = [];
  for (const p of operation.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    if (!ID_NAME.test(p.name) || !isIntegerSchema(p.schema)) continue;
    if (NOT_TENANT_SCOPED.has(p.name) || IGNORED[key]?.includes(p.name)) continue;
    const before = segments[segments.indexOf(`{${p.name}}`) - 1] ?? '';
    slots.push({
      in: p.in,
      name: p.name,
      path: [p.name],
      required: p.in === 'path' || !!p.required,
      kind: p.name === 'id' && p.in === 'path' ? ID_BY_SEGMENT[before] : PARAM_KINDS[p.name],
      list: false,
    });
  }
  const body = operation.bodies[0];
  if (body) {
    const shared = SHARED_BODY_IDS[key] ?? [];
    slots.push(...bodySlots(body.schema).filter((s) => !shared.includes(s.path.join('.'))));
  }
  return slots;
}

/** Query values some reads require besides the ids (a one-day period ending now). */
function periodValue(name: string, schema: JsonSchema): unknown {
  const now = Math.floor(Date.now() / 1000);
  if (schema.type !== 'integer') return undefined;
  if (name === 'inicio' || name === 'dataInicio') return now - 86_400;
  if (name === 'fim' || name === 'dataFim') return now;
  return undefined;
}

function setAt(target: unknown, path: readonly string[], value: unknown): void {
  let current = target as Record<string, unknown> | unknown[];
  for (const [i, step] of path.entries()) {
    const last = i === path.length - 1;
    const key = step === '[]' ? 0 : step;
    if (last) (current as Record<string | number, unknown>)[key] = value;
    else current = (current as Record<string | number, unknown>)[key] as typeof current;
  }
}

interface Probe {
  value: number;
  kind: Kind;
  system: number;
}

/**
 * Generated from the app's OpenAPI document: every authenticated route with an
 * id (path, query or body: `sisid`, `disp_id`, `local_id`, `idDispositivo`,
 * `usinaId`, `scdId`, `venueId`, `clientId`, `ids` …) is called as cliente with
 * every kind of id of demo's other systems (systems, companies, plants, SCDs,
 * venues, devices of every type, occurrences, users …). Anything but 404 or 403
 * fails. The same call as demo must not be refused (the id exists and the
 * request is right), so the 404 comes from tenancy. A new route joins without
 * a change here.
 */
describe.skipIf(!available)('tenancy sweep: another tenant’s ids answer 404 or 403', () => {
  let t: TestApp;
  let operations: Operation[];
  let clienteSystem: number;
  /** One id of each kind (of each device type) per demo system cliente does not have. */
  let probes: Probe[];
  /** Every id cliente can see, of any kind: such a value proves nothing. */
  const clienteIds = new Set<number>();
  /** The first id of each kind in each system (`kind:system`), to fill a second id while one is probed. */
  const firstIds = new Map<string, number>();
  let asCliente: { authorization: string };
  let asDemo: { authorization: string };
  /**
   * Values for the shared preset ids of a path (`idTable`): a real preset, or
   * demo's call would answer 404 for the preset and prove nothing. The
   * generator's maintenance report serves both report data calls.
   */
  const presetIds = new Map<string, number>();

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
    asCliente = await t.authHeader('cliente');
    asDemo = await t.authHeader('demo');
    const document = (
      await t.app.inject({ method: 'GET', url: OPENAPI_PATH })
    ).json<OpenApiDocument>();
    operations = operationsOf(document);
    const maintenance = await t.store.db
      .selectFrom('table_configs')
      .select('id')
      .where('tipo', '=', 'gerador')
      .where('tipo_relatorio', '=', 'manutencao')
      .executeTakeFirstOrThrow();
    presetIds.set('idTable', maintenance.id);
    const clienteSystems = await systemsOf('cliente');
    expect(clienteSystems).toHaveLength(1);
    clienteSystem = clienteSystems[0] as number;
    const demoOthers = (await systemsOf('demo')).filter((id) => !clienteSystems.includes(id));
    const rows = new Map<Kind, { id: number; system_id: number; tipo?: string }[]>();
    for (const [kind, query] of Object.entries(KINDS) as [Kind, string][]) {
      const result = await sql<{ id: number; system_id: number; tipo?: string }>`${sql.raw(
        `${query} order by 1`,
      )}`.execute(t.store.db);
      rows.set(kind, result.rows);
      for (const row of result.rows) {
        const key = `${kind}:${row.system_id}`;
        if (!firstIds.has(key)) firstIds.set(key, row.id);
        if (row.system_id === clienteSystem) clienteIds.add(row.id);
      }
    }
    probes = [];
    for (const [kind, list] of rows) {
      const taken = new Set<string>();
      for (const row of list) {
        if (!demoOthers.includes(row.system_id) || clienteIds.has(row.id)) continue;
        const key = `${row.system_id}:${row.tipo ?? ''}`;
        if (taken.has(key)) continue;
        taken.add(key);
        probes.push({ value: row.id, kind, system: row.system_id });
      }
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const idIn = (kind: Kind, system: number) => firstIds.get(`${kind}:${system}`);

  it('every route with an id answers 404 or 403 to cliente for every kind of id of demo’s other systems', async () => {
    const started = performance.now();
    const problems: string[] = [];
    const swept: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    let witnessed2xx = 0;
    const unpaired: string[] = [];
    const forbidden: string[] = [];

    for (const operation of operations) {
      if (operation.streams || !operation.secured) continue;
      const slots = slotsOf(operation);
      if (slots.length === 0) continue;
      const label = `${operation.method} ${operation.path}`;

      /**
       * The request with `probe` in `slot`: the other required ids filled from
       * `fillSystem` (cliente's own, or demo's for the witness), other
       * required parameters with a valid value.
       */
      const request = (slot: Slot, value: number, fillSystem: number) => {
        const missing: string[] = [];
        const valueFor = (s: Slot) => {
          if (s === slot) return value;
          const id = s.kind ? idIn(s.kind, fillSystem) : undefined;
          if (id === undefined) missing.push(`${s.name} (${s.kind ?? 'tipo desconhecido'})`);
          return id;
        };
        const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
          const s = slots.find((x) => x.in === 'path' && x.name === name);
          if (s) return String(valueFor(s));
          const p = operation.parameters.find((x) => x.in === 'path' && x.name === name);
          return encodeURIComponent(String(presetIds.get(name) ?? (p ? exampleOf(p.schema) : 1)));
        });
        const query = new URLSearchParams();
        for (const p of operation.parameters) {
          if (p.in !== 'query') continue;
          const s = slots.find((x) => x.in === 'query' && x.name === p.name);
          if (s && (s === slot || s.required)) query.set(p.name, String(valueFor(s)));
          else if (!s && p.required) {
            query.set(
              p.name,
              String(periodValue(p.name, p.schema) ?? exampleOf(p.schema, [], p.name)),
            );
          }
        }
        let payload: string | undefined;
        const headers: Record<string, string> = {
          ...(fillSystem === clienteSystem ? asCliente : asDemo),
        };
        const body = operation.bodies[0];
        if (body) {
          const example = exampleOf(body.schema, slot.in === 'body' ? slot.path : []) ?? {};
          for (const s of slots) {
            if (s.in !== 'body' || (s !== slot && !s.required)) continue;
            const id = valueFor(s);
            setAt(example, s.path, s.list ? [id] : id);
          }
          headers['content-type'] = body.contentType;
          payload = body.contentType.includes('json')
            ? JSON.stringify(example)
            : new URLSearchParams(example as Record<string, string>).toString();
        }
        const search = query.toString();
        return {
          missing,
          url: `${path}${search ? `?${search}` : ''}`,
          inject: () =>
            t.app.inject({
              method: operation.method as 'GET',
              url: `${path}${search ? `?${search}` : ''}`,
              headers,
              payload,
            }),
        };
      };

      for (const slot of slots) {
        const slotLabel = `${label} [${slot.path.join('.')}]`;
        const values = [...new Set(probes.map((p) => p.value))];
        let probed = false;
        /** Cliente's answer to each value: status and error text. */
        const refusedWith = new Map<number, string>();
        const wrong: string[] = [];
        // Cliente first: a write that wrongly succeeds must not hide behind demo's.
        const calls = values.map((value) => ({ value, call: request(slot, value, clienteSystem) }));
        if (calls.some(({ call }) => call.missing.length > 0)) {
          // Cliente has no id of the kind to fill the other required id with.
          unpaired.push(slotLabel);
          continue;
        }
        // Independent calls: sent together (PostgreSQL answers them on several connections);
        // a heavy call's in groups of what one user may have computing at once (else 429).
        const group = isHeavyCall(operation.method, operation.path)
          ? HEAVY_CALLS_PER_USER
          : calls.length;
        const answers = [];
        for (let i = 0; i < calls.length; i += group) {
          answers.push(
            ...(await Promise.all(
              calls
                .slice(i, i + group)
                .map(async (c) => ({ ...c, response: await c.call.inject() })),
            )),
          );
        }
        for (const { value, call, response } of answers) {
          requests += 1;
          probed = true;
          refusedWith.set(value, `${response.statusCode} ${response.body}`);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode !== 404 && response.statusCode !== 403) {
            const kinds = probes
              .filter((p) => p.value === value)
              .map((p) => `${p.kind} de ${p.system}`);
            wrong.push(
              `${call.url} (${kinds.slice(0, 3).join(', ')}) → ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
          }
        }
        if (wrong.length > 0) {
          problems.push(
            `${slotLabel}: cliente não recebeu 404/403 em ${wrong.length} de ${refusedWith.size} ids, p. ex. ${wrong[0]}`,
          );
        }
        if (!probed) continue;
        // Demo, with the ids of the probe's own system: the call is right and the id exists.
        const ordered = [...probes].sort(
          (a, b) => Number(b.kind === slot.kind) - Number(a.kind === slot.kind),
        );
        let witness: string | undefined;
        const refusals: string[] = [];
        for (const probe of ordered) {
          const call = request(slot, probe.value, probe.system);
          if (call.missing.length > 0) continue;
          const response = await call.inject();
          requests += 1;
          // Not refused, or refused for another reason than cliente (a 403 for a missing
          // password confirmation where cliente gets 404): demo's id was found.
          const refused = response.statusCode === 404 || response.statusCode === 403;
          const sameAsCliente =
            refusedWith.get(probe.value) === `${response.statusCode} ${response.body}`;
          if (response.statusCode < 500 && (!refused || !sameAsCliente)) {
            witness = call.url;
            if (response.statusCode < 300) witnessed2xx += 1;
            break;
          }
          if (refusals.length < 3) refusals.push(`${call.url} → ${response.statusCode}`);
        }
        const forbiddenToBoth =
          refusedWith.size > 0 &&
          [...refusedWith.values()].every((answer) => answer.startsWith('403 '));
        if (!witness && forbiddenToBoth) {
          // Neither user has the right (an administrators' call): 403 for every id tells nothing.
          forbidden.push(slotLabel);
          continue;
        }
        if (!witness) {
          problems.push(
            `${slotLabel}: nenhum id de demo foi aceito (${refusals.join(' | ')}): o 404 de cliente não prova nada; ` +
              'se o parâmetro não nomeia dados de cliente, acrescente-o em NOT_TENANT_SCOPED ou IGNORED',
          );
          continue;
        }
        swept.push(slotLabel);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `[tenancy ${process.env.VIGIA_TEST_DB ?? 'sqlite'}] ${new Set(swept.map((s) => s.replace(/ \[.*$/, ''))).size} rotas, ` +
        `${swept.length} ids varridos com ${new Set(probes.map((p) => p.value)).size} ids de ${new Set(probes.map((p) => p.kind)).size} tipos; ` +
        `${requests} requisições (cliente: ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}); ` +
        `demo aceito em todos (${witnessed2xx} com 2xx); ${forbidden.length} ids proibidos a ambos; ` +
        `${unpaired.length} ids sem par do cliente para preencher outro id (${unpaired.join(', ')}); ${seconds.toFixed(1)} s`,
    );
    expect(problems).toEqual([]);
    expect(swept).toEqual(
      expect.arrayContaining([
        'GET /api/User/listatipos [sisid]',
        'GET /api/Sites/{id}/site [id]',
        'POST /api/taginfo/v2/dispositivo/id/infosLista [idDispositivo]',
        'POST /api/taginfoHistorico/dispositivo/id/penas/infosLista [idDispositivo]',
        'POST /api/ocorrencias/reconhece [ids]',
        'GET /api/ocorrencia/dispositivo/id/ativas [sisid]',
      ]),
    );
  }, 300_000);
});
