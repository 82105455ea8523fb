import { randomInt } from 'node:crypto';
import type { Store } from '../store/database.js';

/** A minimal tenant set for ingest and alarm tests: two systems, a generator template, three devices. */
export interface Fixture {
  systemId: number;
  otherSystemId: number;
  /** Generator in `systemId`. */
  deviceId: number;
  /** Generator in `systemId` that never reported. */
  quietDeviceId: number;
  /** Generator in `otherSystemId`. */
  otherDeviceId: number;
  userId: number;
  rules: { oilTemp: number; running: number; startFailure: number; communication: number };
  t0: number;
}

export const FIXTURE_COMMUNICATION_LIMIT_S = 1800;

/**
 * Device ids are random so tests sharing the MQTT broker (one run per
 * database, in parallel) never receive each other's messages.
 */
export async function createFixture(
  store: Store,
  t0 = Math.floor(Date.now() / 1000) - 3600,
): Promise<Fixture> {
  const base = randomInt(100_000, 900_000) * 10;
  const db = store.db;
  const existing = await db
    .selectFrom('companies')
    .select('id')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!existing) await createTenants(store, t0);
  const device = (id: number, systemId: number, nome: string) => ({
    id,
    nome,
    patrimonio: 'GMG1',
    tipo: 'gerador',
    template_id: 1,
    local_nome: 'Local de teste',
    uf: 'SP',
    system_id: systemId,
    created_at: t0,
  });
  await db
    .insertInto('devices')
    .values([
      device(base + 1, 1, 'GMG A'),
      device(base + 2, 1, 'GMG silencioso'),
      device(base + 3, 2, 'GMG B'),
    ])
    .execute();
  await db
    .insertInto('tags')
    .values(
      [base + 1, base + 2, base + 3].flatMap((deviceId) =>
        ['kW', 'OilTemp', 'statusGMG', 'alarmesGMG'].map((nome) => ({
          device_id: deviceId,
          nome,
          apelido: nome,
          unidade: '',
        })),
      ),
    )
    .execute();
  return {
    systemId: 1,
    otherSystemId: 2,
    deviceId: base + 1,
    quietDeviceId: base + 2,
    otherDeviceId: base + 3,
    userId: 1,
    rules: { oilTemp: 1, running: 2, startFailure: 3, communication: 4 },
    t0,
  };
}

async function createTenants(store: Store, t0: number): Promise<void> {
  const db = store.db;
  await db.insertInto('companies').values({ id: 1, nome: 'Empresa Teste' }).execute();
  await db
    .insertInto('systems')
    .values([
      { id: 1, nome: 'Sistema A', company_id: 1, config: '{"home":"cluster"}' },
      { id: 2, nome: 'Sistema B', company_id: 1, config: '{"home":"cluster"}' },
    ])
    .execute();
  await db
    .insertInto('users')
    .values({ id: 1, login: 'operador', nome: 'Operador', password_hash: 'x', created_at: t0 })
    .execute();
  await db.insertInto('device_templates').values({ id: 1, nome: 'GMG', tipo: 'gerador' }).execute();
  const rule = {
    template_id: 1,
    tag: null,
    operator: null,
    limit_value: null,
    deadband: 0,
    bit: null,
    is_event: 0 as const,
  };
  await db
    .insertInto('alarm_rules')
    .values([
      {
        ...rule,
        id: 1,
        kind: 'threshold',
        tag: 'OilTemp',
        operator: '>',
        limit_value: 100,
        deadband: 5,
        critico: 20,
        nome_alarme: 'Alta temperatura do óleo',
      },
      {
        ...rule,
        id: 2,
        kind: 'bit',
        tag: 'statusGMG',
        bit: 64,
        critico: 8,
        is_event: 1,
        nome_alarme: 'GMG em funcionamento',
      },
      {
        ...rule,
        id: 3,
        kind: 'bit',
        tag: 'alarmesGMG',
        bit: 1,
        critico: 22,
        nome_alarme: 'Falha na partida',
      },
      {
        ...rule,
        id: 4,
        kind: 'communication',
        limit_value: FIXTURE_COMMUNICATION_LIMIT_S,
        critico: 12,
        nome_alarme: 'Falha de comunicação',
      },
    ])
    .execute();
}

/** The history values of a device's reading `nome` at `ts` (one, or none). */
export async function storedValues(
  store: Store,
  deviceId: number,
  nome: string,
  ts: number,
): Promise<number[]> {
  const rows = await store.db
    .selectFrom('readings')
    .innerJoin('tags', 'tags.id', 'readings.tag_id')
    .select('readings.valor')
    .where('tags.device_id', '=', deviceId)
    .where('tags.nome', '=', nome)
    .where('readings.ts', '=', ts)
    .execute();
  return rows.map((r) => r.valor);
}
