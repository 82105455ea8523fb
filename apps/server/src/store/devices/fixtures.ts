import type { Kysely } from 'kysely';
import type { Store } from '../database.js';
import { ensureReadingPartitions } from '../partitions.js';
import type { Database } from '../schema.js';

/*
 * Small writes that put a device in a known state, for tests and benchmarks
 * of the device reads (the demo seed's values depend on its random walk).
 */

async function tagId(db: Kysely<Database>, deviceId: number, nome: string): Promise<number> {
  const found = await db
    .selectFrom('tags')
    .select('id')
    .where('device_id', '=', deviceId)
    .where('nome', '=', nome)
    .executeTakeFirst();
  if (found) return found.id;
  const created = await db
    .insertInto('tags')
    .values({ device_id: deviceId, nome, apelido: nome, unidade: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/**
 * Sets a reading's current value (creating the tag if the device lacks it)
 * and moves the device's last reading time up to `ts`. With `history`, the
 * value is also written to the reading history.
 */
export async function setReading(
  store: Store,
  deviceId: number,
  nome: string,
  valor: number,
  ts: number,
  options: { history?: boolean } = {},
): Promise<number> {
  const db = store.db;
  const id = await tagId(db, deviceId, nome);
  await db
    .insertInto('current_values')
    .values({ tag_id: id, valor, ts, qos: 0 })
    .onConflict((oc) => oc.column('tag_id').doUpdateSet({ valor, ts, qos: 0 }))
    .execute();
  if (options.history) await addHistory(store, id, [[ts, valor]]);
  await db
    .updateTable('devices')
    .set({ last_seen_at: ts })
    .where('id', '=', deviceId)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', ts)]))
    .execute();
  return id;
}

/** Writes history points [ts, valor] of a tag (repeated times are ignored). */
export async function addHistory(
  store: Store,
  tag: number,
  points: readonly (readonly [number, number])[],
): Promise<void> {
  if (points.length === 0) return;
  const times = points.map(([ts]) => ts);
  await ensureReadingPartitions(store, Math.min(...times), Math.max(...times));
  await store.db
    .insertInto('readings')
    .values(points.map(([ts, valor]) => ({ tag_id: tag, ts, valor, qos: 0 })))
    .onConflict((oc) => oc.columns(['tag_id', 'ts']).doNothing())
    .execute();
}

/** Sets when the device last reported (null: never communicated). */
export async function setLastSeen(store: Store, deviceId: number, ts: number | null) {
  await store.db
    .updateTable('devices')
    .set({ last_seen_at: ts })
    .where('id', '=', deviceId)
    .execute();
}

/** Opens an alarm (or records an event) on a device; returns the occurrence id. */
export async function openOccurrence(
  store: Store,
  deviceId: number,
  options: { critico?: number; nome?: string; isEvt?: boolean; clearedAt?: number; at: number },
): Promise<number> {
  const device = await store.db
    .selectFrom('devices')
    .select(['system_id'])
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
  const row = await store.db
    .insertInto('occurrences')
    .values({
      system_id: device.system_id,
      device_id: deviceId,
      site_id: deviceId,
      rule_id: null,
      critico: options.critico ?? 20,
      is_evt: options.isEvt ? 1 : 0,
      hora_ativacao: options.at,
      hora_desativacao: options.isEvt ? options.at : (options.clearedAt ?? null),
      nome_alarme: options.nome ?? 'Alarme de teste',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Clears every active alarm of the devices (so a test starts from a known count). */
export async function clearAlarms(store: Store, deviceIds: readonly number[], at: number) {
  if (deviceIds.length === 0) return;
  await store.db
    .updateTable('occurrences')
    .set({ hora_desativacao: at })
    .where('device_id', 'in', deviceIds)
    .where('hora_desativacao', 'is', null)
    .execute();
}

/**
 * A bare fleet on an empty database: company 1, the systems the devices name,
 * one generator template and the generators `{ id, system }` (`Gerador <id>`).
 */
export async function insertGenerators(
  store: Store,
  devices: readonly { id: number; system: number }[],
  createdAt: number,
): Promise<void> {
  const db = store.db;
  const systems = [...new Set(devices.map((d) => d.system))];
  await db.insertInto('companies').values({ id: 1, nome: 'Empresa' }).execute();
  await db
    .insertInto('systems')
    .values(systems.map((id) => ({ id, nome: `Sistema ${id}`, company_id: 1, config: '{}' })))
    .execute();
  await db.insertInto('device_templates').values({ id: 1, nome: 'GMG', tipo: 'gerador' }).execute();
  await db
    .insertInto('devices')
    .values(
      devices.map((d) => ({
        id: d.id,
        nome: `Gerador ${d.id}`,
        patrimonio: `GMG${d.id}`,
        tipo: 'gerador',
        template_id: 1,
        local_nome: 'Local',
        uf: 'SP',
        system_id: d.system,
        created_at: createdAt,
      })),
    )
    .execute();
}
