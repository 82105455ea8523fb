/**
 * The server the sweep calls, in a process of its own so the bench's client does not
 * share its event loop: the real app (`buildApp`, as server.ts builds it, without the
 * simulator) on the database of `SWEEP_DATABASE_URL`, with the demo seed
 * (`SWEEP_DAYS` of history, rolled up and packed as the server's first pass would) and
 * `SWEEP_DEVICES` more generators cloned from a demo one over the demo operator's
 * systems, each with the template's readings and current values.
 *
 * Over IPC: sends `{ type: 'ready', port, ids }` once it listens (`ids`: real ids of
 * the demo operator's biggest system, for the calls' parameters); answers `block`
 * with the longest event-loop block since the last `block` (ms, from
 * `monitorEventLoopDelay`) and the longest counted in CPU time (`busyMs`), and stops
 * on `stop`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { seedDemo } from '../../apps/server/src/seed/demoFleet.js';
import { openStore, type Store } from '../../apps/server/src/store/database.js';
import { packClosedHours } from '../../apps/server/src/store/packs/packing.js';
import { catchUpRollups, ROLLUP_LATE_S } from '../../apps/server/src/store/rollups/rollups.js';

export interface SweepIds {
  system: number;
  device: number;
  usina: number | null;
  scd: number | null;
  venue: number | null;
  energyCenter: number | null;
  overview: number | null;
  graphical: number | null;
  table: number | null;
  maintenanceTable: number | null;
  occurrence: number | null;
  contract: number | null;
  company: number | null;
  user: number;
  reportFile: { bucket: string; key: string } | null;
}

export type FromServer =
  | { type: 'ready'; port: number; ids: SweepIds; devices: number }
  | { type: 'block'; maxMs: number; busyMs: number };
export type ToServer = { type: 'block' } | { type: 'stop' };

const databaseUrl = process.env.SWEEP_DATABASE_URL ?? 'sqlite::memory:';
const DEVICES = Number(process.env.SWEEP_DEVICES ?? '5000');
const DAYS = Number(process.env.SWEEP_DAYS ?? '30');

/** `DEVICES` generators cloned from the demo operator's first one, with its readings. */
async function addFleet(store: Store, systems: number[]) {
  const db = store.db;
  const template = await db
    .selectFrom('devices')
    .selectAll()
    .where('tipo', '=', 'gerador')
    .where('system_id', 'in', systems)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const tags = await db
    .selectFrom('tags')
    .leftJoin('current_values', 'current_values.tag_id', 'tags.id')
    .select([
      'tags.nome',
      'tags.apelido',
      'tags.unidade',
      'tags.scale_min',
      'tags.scale_max',
      'tags.nominal',
      'current_values.valor',
    ])
    .where('tags.device_id', '=', template.id)
    .execute();
  const maxId = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirstOrThrow();
  const first = Number(maxId.m) + 1;
  const now = Math.floor(Date.now() / 1000);
  const { id: _id, ...rest } = template;
  // A chunk's tags stay under SQLite's 32,766 bound parameters.
  const CHUNK = 100;
  for (let i = 0; i < DEVICES; i += CHUNK) {
    const ids = Array.from({ length: Math.min(CHUNK, DEVICES - i) }, (_, k) => first + i + k);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('devices')
        .values(
          ids.map((id, k) => ({
            ...rest,
            id,
            nome: `Frota ${id}`,
            patrimonio: `FROTA-${id}`,
            system_id: systems[(i + k) % systems.length] as number,
            ingest_key_hash: null,
            last_seen_at: now,
          })),
        )
        .execute();
      const inserted = await trx
        .insertInto('tags')
        .values(
          ids.flatMap((device_id) =>
            tags.map(({ valor: _valor, ...tag }) => ({ ...tag, device_id })),
          ),
        )
        .returning(['id', 'nome'])
        .execute();
      const currentOf = new Map(tags.map((t) => [t.nome, t.valor]));
      const values = inserted
        .map((t) => ({ tag_id: t.id, valor: currentOf.get(t.nome) ?? null, ts: now, qos: 0 }))
        .filter((v): v is { tag_id: number; valor: number; ts: number; qos: number } => {
          return typeof v.valor === 'number';
        });
      for (let v = 0; v < values.length; v += 1000) {
        await trx
          .insertInto('current_values')
          .values(values.slice(v, v + 1000))
          .execute();
      }
    });
  }
  if (store.raw.dialect === 'postgres') {
    await store.raw.pool.query(
      `select setval(pg_get_serial_sequence('devices', 'id'), (select max(id) from devices))`,
    );
  }
}

/** Real ids of the demo operator's system with the most devices, for the calls. */
async function realIds(store: Store, systems: number[]): Promise<SweepIds> {
  const db = store.db;
  const biggest = await db
    .selectFrom('devices')
    .select(['system_id', (eb) => eb.fn.countAll().as('n')])
    .where('system_id', 'in', systems)
    .where('patrimonio', 'not like', 'FROTA-%')
    .groupBy('system_id')
    .orderBy('n', 'desc')
    .orderBy('system_id')
    .executeTakeFirstOrThrow();
  const system = biggest.system_id;
  // A demo generator with history and presets (not a clone).
  const withReports = await db
    .selectFrom('devices')
    .innerJoin('site_configs', 'site_configs.device_id', 'devices.id')
    .select(['devices.id', 'devices.tipo'])
    .where('devices.system_id', '=', system)
    .where('devices.patrimonio', 'not like', 'FROTA-%')
    .where('site_configs.tipo', '=', 'table')
    .orderBy('devices.id')
    .execute();
  const device = withReports.find((d) => d.tipo === 'gerador') ?? withReports[0];
  if (!device) throw new Error(`sistema ${system} sem dispositivo com relatório`);
  const firstId = async (
    query: Promise<{ id: number | null } | undefined>,
  ): Promise<number | null> => {
    const row = await query;
    return row?.id ?? null;
  };
  const configs = await db
    .selectFrom('site_configs')
    .leftJoin('table_configs', 'table_configs.id', 'site_configs.table_id')
    .select([
      'site_configs.overview_id',
      'site_configs.graphical_id',
      'site_configs.table_id',
      'table_configs.tipo_relatorio',
    ])
    .where('site_configs.device_id', '=', device.id)
    .orderBy('site_configs.ordem')
    .execute();
  const reportFile = await db
    .selectFrom('report_files')
    .select(['bucket', 'key'])
    .where('system_id', '=', system)
    .executeTakeFirst();
  return {
    system,
    device: device.id,
    usina: await firstId(
      db.selectFrom('plants').select('id').where('system_id', '=', system).executeTakeFirst(),
    ),
    scd: await firstId(
      db.selectFrom('scds').select('id').where('system_id', '=', system).executeTakeFirst(),
    ),
    venue: await firstId(
      db.selectFrom('venues').select('id').where('system_id', '=', system).executeTakeFirst(),
    ),
    energyCenter: await firstId(
      db
        .selectFrom('energy_centers')
        .select('id')
        .where('system_id', '=', system)
        .executeTakeFirst(),
    ),
    overview: configs.find((c) => c.overview_id !== null)?.overview_id ?? null,
    graphical: configs.find((c) => c.graphical_id !== null)?.graphical_id ?? null,
    table:
      configs.find((c) => c.table_id !== null && c.tipo_relatorio !== 'manutencao')?.table_id ??
      null,
    maintenanceTable: configs.find((c) => c.tipo_relatorio === 'manutencao')?.table_id ?? null,
    occurrence: await firstId(
      db
        .selectFrom('occurrences')
        .innerJoin('devices', 'devices.id', 'occurrences.device_id')
        .select('occurrences.id')
        .where('devices.system_id', '=', system)
        .orderBy('occurrences.id', 'desc')
        .executeTakeFirst(),
    ),
    contract: await firstId(
      db.selectFrom('contracts').select('id').where('system_id', '=', system).executeTakeFirst(),
    ),
    company: await firstId(db.selectFrom('companies').select('id').executeTakeFirst()),
    user: 1,
    reportFile: reportFile ?? null,
  };
}

const store = await openStore(databaseUrl);
await seedDemo(store, { seed: 1, users: true, historyDays: DAYS });
const systems = (
  await store.db
    .selectFrom('user_systems')
    .innerJoin('users', 'users.id', 'user_systems.user_id')
    .select('user_systems.system_id')
    .where('users.login', '=', 'demo')
    .orderBy('user_systems.system_id')
    .execute()
).map((r) => r.system_id);
await addFleet(store, systems);
// What the server's rollup job does at its first pass: history older than the open hour
// is read from the hourly and daily aggregates, and hours past the late margin are packed.
const through = await catchUpRollups(store, Math.floor(Date.now() / 1000));
await packClosedHours(store, through - ROLLUP_LATE_S);
// PostgreSQL plans from statistics its autovacuum gathers a while after a bulk load; a
// server's database has them, a database seeded a moment ago has not.
if (store.raw.dialect === 'postgres' && process.env.SWEEP_ANALYZE !== '0') {
  await store.raw.pool.query('analyze');
}
const ids = await realIds(store, systems);

const app = await buildApp({
  config: loadConfig({
    DATABASE_URL: databaseUrl,
    VIGIA_DEMO: '0',
    VIGIA_WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
  }),
  store,
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('sem porta');

// The delay of a 1 ms timer: past its resolution, how long the loop was held.
const RESOLUTION_MS = 1;
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delay.enable();
// The same gaps counted in the process's CPU time: a gap while the process waited for a
// core (a machine loaded past its cores) has little, one this thread spent working has it all.
let busyMax = 0;
let lastWall = performance.now();
let lastCpu = cpuMs();
setInterval(() => {
  const wall = performance.now();
  const cpu = cpuMs();
  busyMax = Math.max(busyMax, Math.min(wall - lastWall, cpu - lastCpu) - RESOLUTION_MS);
  lastWall = wall;
  lastCpu = cpu;
}, RESOLUTION_MS).unref();
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
const send = (message: FromServer) => process.send?.(message);
process.on('message', (message: ToServer) => {
  if (message.type === 'block') {
    send({
      type: 'block',
      maxMs: Math.max(0, delay.max / 1e6 - RESOLUTION_MS),
      busyMs: Math.max(0, busyMax),
    });
    delay.reset();
    busyMax = 0;
  } else if (message.type === 'stop') {
    void (async () => {
      await app.close();
      await store.close();
      process.exit(0);
    })();
  }
});
process.on('disconnect', () => process.exit(0));
const total = await store.db
  .selectFrom('devices')
  .select((eb) => eb.fn.countAll().as('n'))
  .executeTakeFirstOrThrow();
send({ type: 'ready', port: address.port, ids, devices: Number(total.n) });
