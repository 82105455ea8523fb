import { randomBytes } from 'node:crypto';
import { REPORT_PRESET_TABLE_ID } from '@vigia/domain';
import { type InsertObject, type Kysely, sql, type Transaction } from 'kysely';
import { type CompiledRule, conditionHolds } from '../alarms/rules.js';
import { hashPassword } from '../auth/password.js';
import { FleetModel, type Readings } from '../simulator/model.js';
import { type Store, syncIdSequences } from '../store/database.js';
import { toJson } from '../store/json.js';
import { ensureReadingPartitions } from '../store/partitions.js';
import {
  pgInsertReadings,
  pgUpsertCurrent,
  ReadingBuffer,
  type ReadingColumns,
  sortedByTag,
  sqliteReadingStatements,
} from '../store/readingsWriter.js';
import { type Database, type NewOccurrence, TABLES } from '../store/schema.js';
import {
  DEVICE_TYPES,
  historyTagNames,
  PLACE_OVERVIEWS,
  SIGNAL_TAG,
  type TypeDef,
} from './catalog.js';
import { type CatalogRows, catalogRows, overviewRow } from './catalogRows.js';
import { insertDemoContracts } from './demoContracts.js';
import {
  buildFleet,
  DEMO_INCIDENTS,
  type Fleet,
  type FleetDevice,
  SYSTEM_CLIENTE,
  SYSTEM_HOSPITAIS,
} from './fleet.js';
import { createRandom, type Random } from './random.js';

export interface SeedOptions {
  seed: number;
  /** Create the fixed demo users (demo, cliente, admin, bloqueado). */
  users: boolean;
  /** "Now" in epoch seconds (default: the clock). */
  now?: number;
  /** Days of history (default 30); tests use fewer. */
  historyDays?: number;
}

/** The fixed demo users (README and tests rely on them). */
export const DEMO_USERS = {
  demo: { id: 1, login: 'demo', password: 'demo' },
  cliente: { id: 2, login: 'cliente', password: 'cliente' },
  admin: { id: 3, login: 'admin', password: 'admin' },
  bloqueado: { id: 4, login: 'bloqueado', password: 'bloqueado' },
} as const;

export const HISTORY_STEP_S = 15 * 60;
const DAY = 86400;
const READINGS_FLUSH_ROWS = 250_000;

/**
 * Seeds the demo fleet: companies, systems (121 opens the generators page),
 * places, ~100 devices of every type with tags, alarm rules, command types and
 * panel/chart/report configuration, history (15-minute steps), current values,
 * historical occurrences and, with `users`, the demo users, fuel entries,
 * schedules, contracts and command history. Does nothing when already seeded.
 */
export async function seedDemo(store: Store, opts: SeedOptions): Promise<void> {
  const now = Math.floor(opts.now ?? Date.now() / 1000);
  const days = opts.historyDays ?? 30;
  if (await alreadySeeded(store.db)) return;
  const passwords = opts.users ? await hashDemoPasswords() : null;
  const historyStart = Math.floor((now - days * DAY) / HISTORY_STEP_S) * HISTORY_STEP_S;
  await ensureReadingPartitions(store, historyStart, now);

  await store.db.transaction().execute(async (trx) => {
    if (store.dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(hashtext('vigia_demo_seed'))`.execute(trx);
      await sql`set local synchronous_commit = off`.execute(trx);
      if (await alreadySeeded(trx)) return;
    }
    const fleet = buildFleet();
    const rng = createRandom(opts.seed);
    const ids = await insertStructure(trx, fleet, now);
    if (passwords) await insertUsers(trx, fleet, passwords, now);
    const history = await insertHistory(store, trx, fleet, ids, {
      seed: opts.seed,
      start: historyStart,
      now,
    });
    await insertOccurrences(trx, history.occurrences, rng.fork('ack'), now, passwords !== null);
    if (passwords) {
      await insertOperations(trx, fleet, rng.fork('operations'), now, ids.templateByType);
    }
  });
  await syncIdSequences(
    store,
    TABLES.filter(
      (t) =>
        t !== 'user_systems' &&
        t !== 'current_values' &&
        t !== 'readings' &&
        t !== 'contract_devices',
    ),
  );
}

/** A database with companies, or with the catalog written without the demo, is not seeded again. */
async function alreadySeeded(db: Kysely<Database>): Promise<boolean> {
  const [companies, templates] = await Promise.all([
    db.selectFrom('companies').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('device_templates').select('id').limit(1).executeTakeFirst(),
  ]);
  return companies !== undefined || templates !== undefined;
}

async function hashDemoPasswords(): Promise<Record<keyof typeof DEMO_USERS | 'random', string>> {
  const [demo, cliente, admin, bloqueado, random] = await Promise.all([
    hashPassword(DEMO_USERS.demo.password),
    hashPassword(DEMO_USERS.cliente.password),
    hashPassword(DEMO_USERS.admin.password),
    hashPassword(DEMO_USERS.bloqueado.password),
    // Staff users of the demo get a password nobody knows.
    hashPassword(randomBytes(24).toString('base64url')),
  ]);
  return { demo, cliente, admin, bloqueado, random };
}

interface StructureIds {
  templateByType: Map<string, number>;
  /** device id → reading name → tag id */
  tagIds: Map<number, Map<string, number>>;
  rulesByType: Map<string, CompiledRule[]>;
}

async function insertMany<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  rows: Record<string, unknown>[],
  chunk = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as unknown as InsertObject<Database, T>[])
      .execute();
  }
}

async function insertStructure(
  trx: Transaction<Database>,
  fleet: Fleet,
  now: number,
): Promise<StructureIds> {
  await insertMany(
    trx,
    'companies',
    fleet.companies.map((c) => ({ id: c.id, nome: c.nome })),
  );
  await insertMany(
    trx,
    'systems',
    fleet.systems.map((s) => ({
      id: s.id,
      nome: s.nome,
      company_id: s.companyId,
      config: toJson(s.config),
    })),
  );
  await insertMany(
    trx,
    'plants',
    fleet.plants.map((p) => ({
      id: p.id,
      nome: p.nome,
      uf: p.uf,
      lat: p.lat,
      lon: p.lon,
      system_id: p.systemId,
    })),
  );
  await insertMany(
    trx,
    'scds',
    fleet.scds.map((s) => ({
      id: s.id,
      nome: s.nome,
      uf: s.uf,
      lat: s.lat,
      lon: s.lon,
      system_id: s.systemId,
      usina_id: s.usinaId,
    })),
  );
  await insertMany(
    trx,
    'venues',
    fleet.venues.map((v) => ({ id: v.id, nome: v.nome, system_id: v.systemId })),
  );
  await insertMany(
    trx,
    'device_groups',
    fleet.groups.map((g) => ({ id: g.id, nome: g.nome, venue_id: g.venueId })),
  );
  await insertMany(
    trx,
    'energy_centers',
    fleet.energyCenters.map((e) => ({ id: e.id, nome: e.nome, system_id: e.systemId })),
  );

  const catalog = catalogRows();
  const { templateByType } = catalog;
  await insertMany(trx, 'device_templates', catalog.templates);
  await insertMany(trx, 'alarm_rules', catalog.rules);
  await insertMany(trx, 'command_types', catalog.commandTypes);
  const rulesByType = new Map<string, CompiledRule[]>();
  for (const r of catalog.rules) {
    const tipo = DEVICE_TYPES[Number(r.template_id) - 1]?.tipo as string;
    const list = rulesByType.get(tipo) ?? [];
    list.push({
      id: Number(r.id),
      templateId: Number(r.template_id),
      kind: r.kind as CompiledRule['kind'],
      tag: (r.tag as string | null) ?? null,
      operator: (r.operator as CompiledRule['operator']) ?? null,
      limit: Number(r.limit_value ?? 0),
      deadband: Number(r.deadband),
      bit: Number(r.bit ?? 0),
      critico: Number(r.critico),
      isEvent: r.is_event === 1,
      nome: String(r.nome_alarme),
      delay: 0,
    });
    rulesByType.set(tipo, list);
  }

  const devices = fleet.devices.map((d) => ({
    id: d.id,
    nome: d.nome,
    patrimonio: d.patrimonio,
    tipo: d.tipo,
    template_id: templateByType.get(d.tipo),
    local_nome: d.localNome,
    uf: d.uf,
    lat: d.lat,
    lon: d.lon,
    system_id: d.systemId,
    usina_id: d.usinaId,
    scd_id: d.scdId,
    venue_id: d.venueId,
    group_id: d.groupId,
    energy_center_id: d.energyCenterId,
    params: toJson(d.params),
    // No key: the server issues random ones at start (broker/deviceCredentials.ts).
    ingest_key_hash: null,
    last_seen_at: null,
    created_at: now - 400 * DAY,
  }));
  await insertMany(trx, 'devices', devices);

  const tagIds = new Map<number, Map<string, number>>();
  const tags: Record<string, unknown>[] = [];
  let tagId = 1;
  for (const d of fleet.devices) {
    const def = typeOf(d.tipo);
    const names = new Map<string, number>();
    for (const tag of d.modem ? [...def.tags, SIGNAL_TAG] : def.tags) {
      const id = tagId++;
      names.set(tag.nome, id);
      const nominal =
        typeof tag.nominal === 'number'
          ? tag.nominal
          : tag.nominal !== undefined
            ? Number(d.params[tag.nominal] ?? 0) || null
            : null;
      let max = tag.max;
      if (tag.nome === 'litros') max = Number(d.params.capacidade ?? 0) || null;
      if (tag.nominal === 'kwn' && nominal) max = Math.ceil((nominal * 1.2) / 100) * 100;
      tags.push({
        id,
        device_id: d.id,
        nome: tag.nome,
        apelido: tag.apelido,
        unidade: tag.unidade,
        scale_min: tag.min,
        scale_max: max,
        nominal,
      });
    }
    tagIds.set(d.id, names);
  }
  await insertMany(trx, 'tags', tags, 1000);

  await insertPanelConfigs(trx, fleet, catalog);
  return { templateByType, tagIds, rulesByType };
}

const typeOf = (tipo: string): TypeDef => {
  const def = DEVICE_TYPES.find((t) => t.tipo === tipo);
  if (!def) throw new Error(`unknown device type ${tipo}`);
  return def;
};

/** Overview, chart and report presets per type, and which ones each site shows. */
async function insertPanelConfigs(
  trx: Transaction<Database>,
  fleet: Fleet,
  catalog: CatalogRows,
): Promise<void> {
  const overviewIds = new Map<string, number>();
  const overviews: Record<string, unknown>[] = [];
  const overviewId = (tipo: string, nome: string, renderHtml: string, graphic: string | null) => {
    const key = `${tipo}:${renderHtml}`;
    const existing = overviewIds.get(key);
    if (existing) return existing;
    const id = overviews.length + 1;
    overviewIds.set(key, id);
    overviews.push(overviewRow(id, tipo, nome, renderHtml, graphic));
    return id;
  };
  const { graphicals, tables, graphicalIdsByType, tableIdsByType, placeChartIds } = catalog;

  const siteConfigs: Record<string, unknown>[] = [];
  const owner = (o: { device_id?: number; usina_id?: number; scd_id?: number }) => ({
    device_id: o.device_id ?? null,
    usina_id: o.usina_id ?? null,
    scd_id: o.scd_id ?? null,
  });
  for (const d of fleet.devices) {
    const def = typeOf(d.tipo);
    const panels = d.panels ?? def.overviews;
    const firstChart = def.charts[0]?.nome ?? null;
    let ordem = 0;
    panels.forEach(([nome, renderHtml], i) => {
      siteConfigs.push({
        ...owner({ device_id: d.id }),
        tipo: 'overview',
        nome,
        overview_id: overviewId(d.tipo, nome, renderHtml, firstChart),
        graphical_id: null,
        table_id: null,
        tempo_default: 360,
        tempo_enddt_default: 0,
        acesso: `0000${5 + i}`.slice(-5),
        intervalo: null,
        render_html: renderHtml,
        ordem: ordem++,
      });
    });
    for (const gid of graphicalIdsByType.get(d.tipo) ?? []) {
      const g = graphicals[gid - 1];
      siteConfigs.push({
        ...owner({ device_id: d.id }),
        tipo: 'graphical',
        nome: String(g?.nome ?? ''),
        overview_id: null,
        graphical_id: gid,
        table_id: null,
        tempo_default: Number(g?.tempo_default ?? 1440),
        tempo_enddt_default: 0,
        acesso: '00010',
        intervalo: null,
        render_html: null,
        ordem: ordem++,
      });
    }
    for (const tid of tableIdsByType.get(d.tipo) ?? []) {
      const tbl = tables[tid - REPORT_PRESET_TABLE_ID];
      siteConfigs.push({
        ...owner({ device_id: d.id }),
        tipo: 'table',
        nome: String(tbl?.nome ?? ''),
        overview_id: null,
        graphical_id: null,
        table_id: tid,
        tempo_default: 1440,
        tempo_enddt_default: 0,
        acesso: '00012',
        intervalo: 60,
        render_html: null,
        ordem: ordem++,
      });
    }
  }
  const placeOverview = (kind: 'usina' | 'scd', id: number) =>
    PLACE_OVERVIEWS[kind].forEach(([nome, renderHtml], i) => {
      siteConfigs.push({
        ...owner(kind === 'usina' ? { usina_id: id } : { scd_id: id }),
        tipo: 'overview',
        nome,
        overview_id: overviewId(kind, nome, renderHtml, null),
        graphical_id: null,
        table_id: null,
        tempo_default: 360,
        tempo_enddt_default: 0,
        acesso: `0000${5 + i}`.slice(-5),
        intervalo: null,
        render_html: renderHtml,
        ordem: i,
      });
    });
  const placeCharts = (kind: 'usina' | 'scd', id: number) =>
    placeChartIds[kind].forEach((gid, i) => {
      const g = graphicals[gid - 1];
      siteConfigs.push({
        ...owner(kind === 'usina' ? { usina_id: id } : { scd_id: id }),
        tipo: 'graphical',
        nome: String(g?.nome ?? ''),
        overview_id: null,
        graphical_id: gid,
        table_id: null,
        tempo_default: Number(g?.tempo_default ?? 1440),
        tempo_enddt_default: 0,
        acesso: '00010',
        intervalo: null,
        render_html: null,
        ordem: PLACE_OVERVIEWS[kind].length + i,
      });
    });
  for (const p of fleet.plants) {
    placeOverview('usina', p.id);
    placeCharts('usina', p.id);
  }
  for (const s of fleet.scds) {
    placeOverview('scd', s.id);
    placeCharts('scd', s.id);
  }

  await insertMany(trx, 'overview_configs', overviews);
  await insertMany(trx, 'graphical_configs', graphicals);
  await insertMany(trx, 'graphical_lines', catalog.lines);
  await insertMany(trx, 'table_configs', tables);
  await insertMany(trx, 'table_columns', catalog.columns);
  await insertMany(trx, 'site_configs', siteConfigs);
}

async function insertUsers(
  trx: Transaction<Database>,
  fleet: Fleet,
  passwords: Record<keyof typeof DEMO_USERS | 'random', string>,
  now: number,
): Promise<void> {
  const all = fleet.systems.map((s) => s.id);
  const operatorSystems = all.filter((id) => id !== SYSTEM_CLIENTE);
  await insertMany(trx, 'users', [
    {
      id: 1,
      login: 'demo',
      nome: 'Operador Demonstração',
      password_hash: passwords.demo,
      blocked: 0,
      acesso: 15,
      direitos_id: '[1]',
      administrator: 0,
      platform_admin: 0,
      created_at: now - 300 * DAY,
    },
    {
      id: 2,
      login: 'cliente',
      nome: 'Cliente Pão Dourado',
      password_hash: passwords.cliente,
      blocked: 0,
      acesso: 1,
      direitos_id: '[]',
      administrator: 0,
      platform_admin: 0,
      created_at: now - 200 * DAY,
    },
    {
      id: 3,
      login: 'admin',
      nome: 'Administrador Vigia',
      password_hash: passwords.admin,
      blocked: 0,
      acesso: 31,
      direitos_id: '[1]',
      administrator: 1,
      platform_admin: 1,
      created_at: now - 400 * DAY,
    },
    {
      id: 4,
      login: 'bloqueado',
      nome: 'Usuário Bloqueado',
      password_hash: passwords.bloqueado,
      blocked: 1,
      acesso: 1,
      direitos_id: '[]',
      administrator: 0,
      platform_admin: 0,
      created_at: now - 100 * DAY,
    },
    {
      id: 5,
      login: 'marina.costa',
      nome: 'Marina Costa',
      password_hash: passwords.random,
      blocked: 0,
      acesso: 15,
      direitos_id: '[1]',
      administrator: 1,
      platform_admin: 0,
      created_at: now - 250 * DAY,
    },
    {
      id: 6,
      login: 'rafael.lima',
      nome: 'Rafael Lima',
      password_hash: passwords.random,
      blocked: 0,
      acesso: 7,
      direitos_id: '[]',
      administrator: 0,
      platform_admin: 0,
      created_at: now - 150 * DAY,
    },
  ]);
  const links: { user_id: number; system_id: number }[] = [
    ...operatorSystems.map((system_id) => ({ user_id: 1, system_id })),
    { user_id: 2, system_id: SYSTEM_CLIENTE },
    ...all.map((system_id) => ({ user_id: 3, system_id })),
    { user_id: 4, system_id: SYSTEM_CLIENTE },
    ...operatorSystems.map((system_id) => ({ user_id: 5, system_id })),
    ...operatorSystems.slice(0, 3).map((system_id) => ({ user_id: 6, system_id })),
  ];
  await insertMany(trx, 'user_systems', links);
}

interface HistoryResult {
  occurrences: NewOccurrence[];
  finalReadings: Map<number, Readings>;
}

/**
 * Runs the fleet model over the history window in 15-minute steps: history
 * rows for the tags marked `history`, current values from the last step each
 * device reported, and occurrences from the alarm rules applied to the series.
 */
async function insertHistory(
  store: Store,
  trx: Transaction<Database>,
  fleet: Fleet,
  ids: StructureIds,
  window: { seed: number; start: number; now: number },
): Promise<HistoryResult> {
  const model = new FleetModel(fleet.devices, window.seed, new Map(), {
    anchor: window.now,
    incidents: DEMO_INCIDENTS,
  });
  const historyTags = new Map<number, Set<string>>();
  for (const d of fleet.devices) {
    historyTags.set(d.id, historyTagNames(typeOf(d.tipo)));
  }
  const lastReport = (d: FleetDevice) =>
    d.status === 'never'
      ? -1
      : d.status === 'offline'
        ? window.now - d.offlineDays * DAY
        : window.now;

  const occurrences: NewOccurrence[] = [];
  const active = new Map<string, NewOccurrence | true>();
  const finalReadings = new Map<number, Readings>();
  const finalTs = new Map<number, number>();
  const buffer = new ReadingBuffer(READINGS_FLUSH_ROWS);

  const flush = async () => {
    if (buffer.length === 0) return;
    await writeReadings(store, trx, sortedByTag(buffer));
    buffer.clear();
  };

  for (let t = window.start; t <= window.now; t += HISTORY_STEP_S) {
    const step = model.step(t, HISTORY_STEP_S);
    for (const d of fleet.devices) {
      if (t > lastReport(d)) continue;
      const readings = step.get(d.id);
      if (!readings) continue;
      finalReadings.set(d.id, readings);
      finalTs.set(d.id, t);
      const tags = ids.tagIds.get(d.id);
      const keep = historyTags.get(d.id);
      if (tags && keep) {
        for (const name of keep) {
          const value = readings[name];
          const tagId = tags.get(name);
          if (value === undefined || tagId === undefined) continue;
          buffer.push(tagId, t, value, 0);
        }
      }
      evaluateHistory(d, ids.rulesByType.get(d.tipo) ?? [], readings, t, active, occurrences);
    }
    if (buffer.length >= READINGS_FLUSH_ROWS) await flush();
  }
  await flush();

  // Current values: every tag at the device's last report.
  const current = new ReadingBuffer();
  for (const d of fleet.devices) {
    const readings = finalReadings.get(d.id);
    const ts = finalTs.get(d.id);
    const tags = ids.tagIds.get(d.id);
    if (!readings || ts === undefined || !tags) continue;
    for (const [name, value] of Object.entries(readings)) {
      const tagId = tags.get(name);
      if (tagId === undefined) continue;
      current.push(tagId, ts, value, 0);
    }
    await trx.updateTable('devices').set({ last_seen_at: ts }).where('id', '=', d.id).execute();
    // Offline devices have lost communication by now.
    const comm = (ids.rulesByType.get(d.tipo) ?? []).find((r) => r.kind === 'communication');
    if (comm && window.now - ts > comm.limit) {
      occurrences.push(occurrence(d, comm, ts + comm.limit, Math.round((window.now - ts) / 60)));
    }
  }
  if (store.dialect === 'sqlite') {
    const raw = store.raw;
    if (raw.dialect === 'sqlite') sqliteReadingStatements(raw.sqlite).upsertCurrent(current);
  } else {
    await pgUpsertCurrent(trx, current);
  }
  return { occurrences, finalReadings };
}

async function writeReadings(store: Store, trx: Transaction<Database>, rows: ReadingColumns) {
  const raw = store.raw;
  // Inside the seed's Kysely transaction: on SQLite the raw statements run on that same connection.
  if (raw.dialect === 'sqlite') sqliteReadingStatements(raw.sqlite).insertReadings(rows);
  else await pgInsertReadings(trx, rows);
}

function occurrence(
  d: FleetDevice,
  rule: CompiledRule,
  at: number,
  valor: number | null,
): NewOccurrence {
  return {
    system_id: d.systemId,
    device_id: d.id,
    site_id: d.id,
    rule_id: rule.id,
    critico: rule.critico,
    is_evt: rule.isEvent ? 1 : 0,
    hora_ativacao: at,
    hora_desativacao: rule.isEvent ? at : null,
    nome_alarme: rule.nome,
    valor_falha: valor,
  };
}

function evaluateHistory(
  d: FleetDevice,
  rules: readonly CompiledRule[],
  readings: Readings,
  t: number,
  active: Map<string, NewOccurrence | true>,
  out: NewOccurrence[],
) {
  for (const rule of rules) {
    if (rule.kind === 'communication' || rule.tag === null) continue;
    const value = readings[rule.tag];
    if (value === undefined) continue;
    const key = `${d.id}:${rule.id}`;
    const was = active.get(key);
    const holds = conditionHolds(rule, value, was !== undefined);
    if (holds && was === undefined) {
      if (rule.isEvent) {
        out.push(occurrence(d, rule, t, value));
        active.set(key, true);
      } else {
        const o = occurrence(d, rule, t, value);
        out.push(o);
        active.set(key, o);
      }
    } else if (!holds && was !== undefined) {
      if (was !== true) was.hora_desativacao = t;
      active.delete(key);
    }
  }
}

async function insertOccurrences(
  trx: Transaction<Database>,
  occurrences: NewOccurrence[],
  rng: Random,
  now: number,
  users: boolean,
) {
  const reasons = rng.fork('motivo');
  for (const o of occurrences) {
    if (o.is_evt === 1) continue;
    // Operators acknowledged most old alarms, some recent ones, none of the newest.
    const age = now - o.hora_ativacao;
    const p = age > 2 * DAY ? 0.85 : age > 6 * 3600 ? 0.5 : 0;
    if (rng.chance(p)) {
      const ackAt = o.hora_ativacao + rng.int(120, 3 * 3600);
      if (ackAt < now) {
        o.hora_ack = ackAt;
        o.ack_user_id = users ? rng.pick([1, 3, 5]) : null;
      }
    }
    // The hospitals' health-plan review: about half of the month's alarms have a reason.
    if (o.system_id === SYSTEM_HOSPITAIS && age <= 31 * DAY && reasons.chance(0.5)) {
      o.motivo = reasons.pick(HEALTH_PLAN_REASONS[o.nome_alarme] ?? GENERIC_REASONS);
    }
  }
  occurrences.sort((a, b) => a.hora_ativacao - b.hora_ativacao || a.device_id - b.device_id);
  acknowledgeCustomerAlarms(
    occurrences.filter((o) => o.system_id === SYSTEM_CLIENTE && o.is_evt === 0),
    now,
    users,
  );
  await insertMany(trx, 'occurrences', occurrences as Record<string, unknown>[]);
}

/** Reasons the hospitals' staff give in the health-plan review, per alarm. */
const HEALTH_PLAN_REASONS: Readonly<Record<string, readonly string[]>> = {
  'Falha na rede elétrica': [
    'Queda de energia da concessionária',
    'Manobra programada da concessionária',
    'Oscilação na rede da concessionária',
  ],
  'Temperatura da câmara alta': [
    'Porta da câmara aberta durante a reposição de vacinas',
    'Degelo programado do evaporador',
  ],
  'Temperatura da sala de baterias alta': [
    'Ar-condicionado da sala em manutenção',
    'Falha no ar-condicionado da sala, técnico acionado',
  ],
  'Alta temperatura do óleo': ['Teste mensal do gerador', 'Radiador em limpeza programada'],
  'Alta temperatura da água': ['Teste mensal do gerador', 'Radiador em limpeza programada'],
  'Nível de combustível baixo': ['Abastecimento agendado com o fornecedor'],
  'Nível do tanque baixo': ['Abastecimento agendado com o fornecedor'],
  'Falha de comunicação': ['Instabilidade no link de dados do hospital'],
};
const GENERIC_REASONS = [
  'Manutenção preventiva programada',
  'Teste mensal do gerador',
  'Verificado pela equipe de manutenção do hospital',
];

/**
 * The customer's single system shows every ISA-18.2 state: its older active
 * alarms acknowledged, the newest one not; its cleared alarms acknowledged
 * except the most recent. Occurrences come sorted by activation.
 */
function acknowledgeCustomerAlarms(alarms: NewOccurrence[], now: number, users: boolean) {
  const active = alarms.filter((o) => o.hora_desativacao === null);
  const cleared = alarms.filter((o) => o.hora_desativacao != null);
  const ack = (o: NewOccurrence, at: number) => {
    o.hora_ack = Math.max(o.hora_ativacao, Math.min(at, now - 60));
    o.ack_user_id = users ? DEMO_USERS.cliente.id : null;
  };
  const unack = (o: NewOccurrence) => {
    o.hora_ack = null;
    o.ack_user_id = null;
  };
  active.forEach((o, i) => {
    if (i < active.length - 1) ack(o, o.hora_ativacao + 25 * 60);
    else unack(o);
  });
  cleared.forEach((o, i) => {
    if (i < cleared.length - 1) ack(o, (o.hora_desativacao ?? o.hora_ativacao) + 10 * 60);
    else unack(o);
  });
}

/** Fuel configuration and entries, schedules, contracts and some command history. */
async function insertOperations(
  trx: Transaction<Database>,
  fleet: Fleet,
  rng: Random,
  now: number,
  templateByType: Map<string, number>,
) {
  // Tanks, and the generators of plants and venues (their own tanks, entered when enabled).
  const fuelSites = fleet.devices.filter(
    (d) =>
      d.tipo === 'tanque' || (d.tipo === 'gerador' && (d.usinaId !== null || d.venueId !== null)),
  );
  await insertMany(
    trx,
    'fuel_configs',
    fuelSites.map((d) => ({
      system_id: d.systemId,
      device_id: d.id,
      habilitado: d.tipo === 'tanque' ? 1 : 0,
      valor_referencia:
        d.tipo === 'tanque' ? Math.round(Number(d.params.capacidade ?? 1000) * 0.05) : 150,
      updated_at: now - 60 * DAY,
      user_id: 3,
    })),
  );
  const entries: Record<string, unknown>[] = [];
  const dayText = (ts: number) => new Date((ts - 3 * 3600) * 1000).toISOString().slice(0, 10);
  for (const d of fuelSites.filter((s) => s.tipo === 'tanque' && s.status === 'online')) {
    const capacity = Number(d.params.capacidade ?? 1000);
    // Days before yesterday are entered; the last two are left for the operator.
    for (let day = 20; day >= 2; day--) {
      if (rng.chance(0.15)) continue;
      entries.push({
        system_id: d.systemId,
        device_id: d.id,
        data_ref: dayText(now - day * DAY),
        consumo_litros: Math.round(capacity * rng.between(0.005, 0.06)),
        valor_referencia: Math.round(capacity * 0.05),
        user_id: rng.pick([1, 5]),
        created_at: now - (day - 1) * DAY,
      });
    }
  }
  await insertMany(trx, 'fuel_entries', entries);

  const schedules: Record<string, unknown>[] = [];
  for (const [userId, entrada, saida] of [
    [1, '08:00', '17:00'],
    [5, '07:00', '16:00'],
    [6, '14:00', '22:00'],
  ] as const) {
    for (let dia = 0; dia < 5; dia++) {
      schedules.push({
        user_id: userId,
        system_id: SYSTEM_HOSPITAIS,
        dia_semana: dia,
        entrada,
        saida,
        created_at: now - 90 * DAY,
      });
    }
  }
  schedules.push({
    user_id: 6,
    system_id: SYSTEM_HOSPITAIS,
    dia_semana: 5,
    entrada: '08:00',
    saida: '12:00',
    created_at: now - 90 * DAY,
  });
  await insertMany(trx, 'schedules', schedules);

  await insertDemoContracts(trx, fleet, now);

  // Command history on generators: mode changes confirmed by the devices.
  const types = await trx.selectFrom('command_types').selectAll().execute();
  const commands: Record<string, unknown>[] = [];
  const generators = fleet.devices.filter((d) => d.tipo === 'gerador' && d.status === 'online');
  const templateTypes = types.filter(
    (c) => c.template_id === templateByType.get('gerador') && c.parameter_id === 100,
  );
  for (let i = 0; i < 24; i++) {
    const d = rng.pick(generators);
    const type = rng.pick(templateTypes);
    const at = now - rng.int(1, 25 * 24) * 3600;
    commands.push({
      status_web_id: rng.chance(0.9) ? 2 : 3,
      user_id: rng.pick([1, 3, 5]),
      device_id: d.id,
      command_type_id: type.id,
      comando: toJson({ parameter_id: type.parameter_id, comando: type.comando }),
      created_at: at,
      updated_at: at + rng.int(2, 20),
    });
  }
  commands.sort((a, b) => Number(a.created_at) - Number(b.created_at));
  await insertMany(trx, 'commands', commands);
}
