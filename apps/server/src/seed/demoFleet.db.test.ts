import {
  ALARM_STATES,
  alarmState,
  loadSpeedSeverity,
  powerPercentSeverity,
  REPORT_PRESET_TABLE_ID,
} from '@vigia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password.js';
import type { Store } from '../store/database.js';
import { parseJson } from '../store/json.js';
import type { SystemConfig } from '../store/schema.js';
import { openTestStore, testStoreAvailable } from '../store/testStore.js';
import { DEVICE_TYPES, presetTagNames } from './catalog.js';
import { DEMO_USERS, seedDemo } from './demoFleet.js';

const available = await testStoreAvailable();

/** Spec 000 §3 "Chart and report presets by device type", report column presets. */
const SPEC_REPORT_PRESETS: Record<string, string[]> = {
  gerador: [
    'Relatório GMG',
    'Relatório Motor',
    'Manutenção',
    'Horímetro',
    'Informações Operacionais',
  ],
  qgbt: ['Qgbt'],
  qta: ['GMG', 'Motor', 'Manutenção', 'QTA'],
  transformer: ['Trafo'],
  tfr: ['Tfr'],
  ups: ['Medições de Bateria', 'Data Log'],
  batmon: ['Monitor de Bateria'],
  io: ['I/O'],
  plc: ['PLC Gás'],
  carreta: ['Consumo da Carreta', 'Estocagem da Carreta'],
  geladeira: ['Compressor', 'Inversor', 'Energia Consumida'],
  medidor: ['Medidor de Energia', 'Energias'],
  scd: ['Scd'],
};
const NOW = 1_790_000_000;
// The full 30 days on SQLite; PostgreSQL runs the same code on 3 (30 take ~14 s there).
const DAYS = process.env.VIGIA_TEST_DB === 'postgres' ? 3 : 30;

const count = async (
  store: Store,
  table: 'devices' | 'readings' | 'occurrences' | 'users' | 'tags',
) => {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

async function currentValues(store: Store, names: string[]) {
  return store.db
    .selectFrom('current_values')
    .innerJoin('tags', 'tags.id', 'current_values.tag_id')
    .innerJoin('devices', 'devices.id', 'tags.device_id')
    .select([
      'tags.nome',
      'current_values.valor',
      'devices.tipo',
      'devices.system_id',
      'tags.device_id',
    ])
    .where('tags.nome', 'in', names)
    .execute();
}

/** The customer's system (230) shows every ISA-18.2 state and events in the last day. */
async function expectCustomerStates(store: Store, now: number) {
  const rows = await store.db
    .selectFrom('occurrences')
    .selectAll()
    .where('system_id', '=', 230)
    .where((eb) =>
      eb.or([eb('hora_desativacao', 'is', null), eb('hora_ativacao', '>=', now - 86400)]),
    )
    .execute();
  const states = new Set(
    rows.map((o) =>
      alarmState({ isEvt: o.is_evt, horaDesativacao: o.hora_desativacao, horaAck: o.hora_ack }),
    ),
  );
  for (const state of ALARM_STATES) expect(states, state).toContain(state);
  for (const o of rows)
    if (o.hora_ack !== null) expect(o.hora_ack).toBeGreaterThanOrEqual(o.hora_ativacao);
}

describe.skipIf(!available)('seedDemo with one day of history', () => {
  it('gives the customer alarms in every state and events', async () => {
    const store = await openTestStore();
    try {
      await seedDemo(store, { seed: 3, users: true, now: NOW, historyDays: 1 });
      await expectCustomerStates(store, NOW);
    } finally {
      await store.close();
    }
  }, 60_000);
});

describe.skipIf(!available)('seedDemo', () => {
  let store: Store;
  let seconds = 0;
  beforeAll(async () => {
    store = await openTestStore();
    const started = performance.now();
    await seedDemo(store, { seed: 7, users: true, now: NOW, historyDays: DAYS });
    seconds = (performance.now() - started) / 1000;
    console.info(`[seed] ${DAYS} days seeded in ${seconds.toFixed(1)} s`);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  it('creates at least 60 devices covering every device type', async () => {
    const devices = await store.db.selectFrom('devices').select(['tipo']).execute();
    expect(devices.length).toBeGreaterThanOrEqual(60);
    const types = new Set(devices.map((d) => d.tipo));
    for (const def of DEVICE_TYPES) expect(types).toContain(def.tipo);
  });

  it('seeds every report-column preset of spec 000 §3 for its device type, from idTable 309', async () => {
    const rows = await store.db
      .selectFrom('site_configs as s')
      .innerJoin('devices as d', 'd.id', 's.device_id')
      .innerJoin('table_configs as t', 't.id', 's.table_id')
      .select(['d.id as deviceId', 'd.tipo as tipo', 't.id as tableId', 't.nome as nome'])
      .where('s.tipo', '=', 'table')
      .execute();
    const devices = await store.db.selectFrom('devices').select(['id', 'tipo']).execute();
    for (const [tipo, names] of Object.entries(SPEC_REPORT_PRESETS)) {
      const ofType = devices.filter((d) => d.tipo === tipo);
      expect(ofType.length, tipo).toBeGreaterThan(0);
      for (const device of ofType) {
        const presets = rows.filter((r) => r.deviceId === device.id).map((r) => r.nome);
        expect(presets, `${tipo} ${device.id}`).toEqual(expect.arrayContaining(names));
      }
    }
    const tables = await store.db.selectFrom('table_configs').select(['id', 'tipo']).execute();
    expect(Math.min(...tables.map((t) => t.id))).toBe(REPORT_PRESET_TABLE_ID);
    // Every column reads a reading its device type has (else it would show '---' for ever).
    const columns = await store.db
      .selectFrom('table_columns as c')
      .innerJoin('table_configs as t', 't.id', 'c.table_id')
      .select(['t.tipo as tipo', 't.nome as nome', 'c.key_coluna as key'])
      .where('c.key_coluna', '!=', 'ts')
      .execute();
    for (const c of columns) {
      const tags = DEVICE_TYPES.find((d) => d.tipo === c.tipo)?.tags.map((t) => t.nome);
      expect(tags, `${c.tipo} ${c.nome}`).toContain(c.key);
    }
  });

  it('configures system 121 to open the generators page', async () => {
    const system = await store.db
      .selectFrom('systems')
      .select('config')
      .where('id', '=', 121)
      .executeTakeFirstOrThrow();
    expect(parseJson<SystemConfig>(system.config, { home: null }).home).toBe('geradores');
  });

  it('creates the fixed demo users', async () => {
    const users = await store.db.selectFrom('users').selectAll().orderBy('id').execute();
    const byLogin = new Map(users.map((u) => [u.login, u]));
    const demo = byLogin.get('demo');
    expect(demo && (await verifyPassword('demo', demo.password_hash))).toBe(true);
    expect(parseJson<number[]>(demo?.direitos_id, [])).toContain(1);
    expect(byLogin.get('admin')?.administrator).toBe(1);
    expect(byLogin.get('bloqueado')?.blocked).toBe(1);
    const systemsOf = async (userId: number) =>
      (
        await store.db
          .selectFrom('user_systems')
          .select('system_id')
          .where('user_id', '=', userId)
          .execute()
      ).map((r) => r.system_id);
    expect(await systemsOf(DEMO_USERS.demo.id)).toContain(121);
    expect((await systemsOf(DEMO_USERS.demo.id)).length).toBeGreaterThan(1);
    expect(await systemsOf(DEMO_USERS.cliente.id)).toHaveLength(1);
    expect(parseJson<number[]>(byLogin.get('cliente')?.direitos_id, [1])).toEqual([]);
  });

  it('writes the days of history asked for and the last-seen time of reporting devices', async () => {
    const range = await store.db
      .selectFrom('readings')
      .select((eb) => [eb.fn.min('ts').as('first'), eb.fn.max('ts').as('last')])
      .executeTakeFirstOrThrow();
    expect(Number(range.last) - Number(range.first)).toBeGreaterThanOrEqual(DAYS * 86400 - 900);
    expect(Number(range.last)).toBeLessThanOrEqual(NOW);
    expect(await count(store, 'readings')).toBeGreaterThan(DAYS * 60_000);
    const never = await store.db
      .selectFrom('devices')
      .select('id')
      .where('last_seen_at', 'is', null)
      .execute();
    expect(never).toHaveLength(1);
    const offline = await store.db
      .selectFrom('devices')
      .select('id')
      .where('last_seen_at', '<', NOW - 86400)
      .execute();
    expect(offline.length).toBeGreaterThanOrEqual(3);
  });

  it('writes history for every reading a chart or report preset shows, on some device of each type', async () => {
    const drawn = await store.db
      .selectFrom('tags as t')
      .innerJoin('devices as d', 'd.id', 't.device_id')
      .select(['d.tipo', 't.nome', (eb) => eb.fn.count<number>('t.id').as('tags')])
      .where((eb) =>
        eb.exists(
          eb.selectFrom('readings as r').select('r.tag_id').whereRef('r.tag_id', '=', 't.id'),
        ),
      )
      .groupBy(['d.tipo', 't.nome'])
      .execute();
    const withHistory = new Set(drawn.map((row) => `${row.tipo}:${row.nome}`));
    const lacking = DEVICE_TYPES.flatMap((def) =>
      [...presetTagNames(def)]
        .map((tag) => `${def.tipo}:${tag}`)
        .filter((key) => !withHistory.has(key)),
    );
    expect(lacking).toEqual([]);
  });

  it('records historical occurrences, some still active and communication losses of offline devices', async () => {
    const rows = await store.db.selectFrom('occurrences').selectAll().execute();
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.some((o) => o.hora_desativacao === null)).toBe(true);
    expect(rows.some((o) => o.hora_ack !== null && o.hora_desativacao !== null)).toBe(true);
    expect(rows.some((o) => o.is_evt === 1 && o.hora_desativacao === o.hora_ativacao)).toBe(true);
    expect(
      rows.some((o) => o.nome_alarme === 'Falha de comunicação' && o.hora_desativacao === null),
    ).toBe(true);
  });

  it("gives about half of the hospitals' alarms of the last 31 days a reason (health-plan review)", async () => {
    const system = await store.db
      .selectFrom('systems')
      .select('config')
      .where('id', '=', 179)
      .executeTakeFirstOrThrow();
    expect(parseJson<SystemConfig>(system.config, { home: null }).features?.planoSaude).toBe(true);
    const rows = await store.db
      .selectFrom('occurrences')
      .select(['motivo', 'is_evt', 'system_id'])
      .where('hora_ativacao', '>=', NOW - 31 * 86400)
      .execute();
    const alarms = rows.filter((o) => o.system_id === 179 && o.is_evt === 0);
    const withReason = alarms.filter((o) => o.motivo !== null);
    // Three days (PostgreSQL) hold only a few hospital alarms: the share is checked on 30.
    if (DAYS >= 30) {
      expect(alarms.length).toBeGreaterThan(10);
      expect(withReason.length / alarms.length).toBeGreaterThan(0.3);
      expect(withReason.length / alarms.length).toBeLessThan(0.7);
      expect(new Set(withReason.map((o) => o.motivo)).size).toBeGreaterThan(2);
    }
    for (const o of withReason) expect(o.motivo?.length).toBeGreaterThan(10);
    expect(rows.filter((o) => o.system_id !== 179 || o.is_evt === 1).every((o) => !o.motivo)).toBe(
      true,
    );
  });

  it('reports the modem signal (CSQ 0–31) of remote devices and the mains switch of generators', async () => {
    const rows = await currentValues(store, ['netAntenaSignal', 'chaveRede']);
    const signals = rows.filter((r) => r.nome === 'netAntenaSignal');
    expect(signals.length).toBeGreaterThan(40);
    for (const r of signals) {
      expect(Number.isInteger(r.valor)).toBe(true);
      expect(r.valor).toBeGreaterThanOrEqual(0);
      expect(r.valor).toBeLessThanOrEqual(31);
    }
    expect(signals.some((r) => r.tipo === 'tanque')).toBe(true);
    expect(signals.some((r) => r.system_id === 220)).toBe(false);
    const switches = rows.filter((r) => r.nome === 'chaveRede' && r.tipo === 'gerador');
    expect(switches.length).toBeGreaterThan(20);
    for (const r of switches) expect([4096, 16384 | 32768]).toContain(r.valor);
  });

  it('has a critical and an attention tank and generators in every power and load band', async () => {
    const rows = await currentValues(store, ['nivel', 'kW', 'LoadSpeed']);
    const levels = rows.filter((r) => r.nome === 'nivel').map((r) => r.valor);
    expect(levels.some((l) => l <= 20)).toBe(true);
    expect(levels.some((l) => l > 20 && l < 35)).toBe(true);
    const devices = await store.db.selectFrom('devices').select(['id', 'params']).execute();
    const kwn = new Map(
      devices.map((d) => [d.id, Number(parseJson<{ kwn?: number }>(d.params, {}).kwn)]),
    );
    const power = rows
      .filter((r) => r.nome === 'kW' && r.tipo === 'gerador')
      .map((r) => powerPercentSeverity((100 * r.valor) / (kwn.get(r.device_id) ?? 1)));
    expect(power).toContain('critical');
    expect(power).toContain('attention');
    const load = rows.filter((r) => r.nome === 'LoadSpeed').map((r) => loadSpeedSeverity(r.valor));
    expect(load).toContain('critical');
    expect(load).toContain('attention');
    expect(load).toContain(null);
  });

  it('gives the customer alarms in every state and events', async () => {
    await expectCustomerStates(store, NOW);
  });

  it('leaves the device keys to the server, which issues random ones (none from the seed)', async () => {
    const keyed = await store.db
      .selectFrom('devices')
      .select('id')
      .where('ingest_key_hash', 'is not', null)
      .execute();
    expect(keyed).toEqual([]);
  });

  it('does nothing when seeded again', async () => {
    const before = await Promise.all([
      count(store, 'devices'),
      count(store, 'readings'),
      count(store, 'occurrences'),
    ]);
    await seedDemo(store, { seed: 7, users: true, now: NOW + 3600 });
    const after = await Promise.all([
      count(store, 'devices'),
      count(store, 'readings'),
      count(store, 'occurrences'),
    ]);
    expect(after).toEqual(before);
  });

  it('lets the database generate ids after the seed', async () => {
    const row = await store.db
      .insertInto('companies')
      .values({ nome: 'Nova Empresa' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(6);
  });
});
