import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { type DeviceSelection, whereSelected } from './deviceSelection.js';

/** A device as stored, with its model name. */
export interface DeviceRecord {
  id: number;
  nome: string;
  patrimonio: string;
  tipo: string;
  templateId: number;
  equipamento: string;
  localNome: string;
  uf: string;
  lat: number | null;
  lon: number | null;
  systemId: number;
  usinaId: number | null;
  scdId: number | null;
  venueId: number | null;
  groupId: number | null;
  energyCenterId: number | null;
  /** JSON text. */
  params: string;
  lastSeenAt: number | null;
}

/** A reading of a device with its newest value (null fields: never arrived). */
export interface InfoRecord {
  deviceId: number;
  tagId: number;
  nome: string;
  apelido: string;
  unidade: string;
  scaleMin: number | null;
  scaleMax: number | null;
  nominal: number | null;
  valor: number | null;
  ts: number | null;
  qos: number | null;
}

/** The modem signal reading, served as `netAntenaSignal` of a device row. */
export const SIGNAL_READING = 'netAntenaSignal';

/** Every selected device, one query. */
export function selectDevices(
  db: Kysely<Database>,
  selection: DeviceSelection,
): Promise<DeviceRecord[]> {
  if (selection.systemIds.length === 0 || selection.deviceIds?.length === 0) {
    return Promise.resolve([]);
  }
  const query = db
    .selectFrom('devices')
    .innerJoin('device_templates', 'device_templates.id', 'devices.template_id')
    .select([
      'devices.id as id',
      'devices.nome as nome',
      'devices.patrimonio as patrimonio',
      'devices.tipo as tipo',
      'devices.template_id as templateId',
      'device_templates.nome as equipamento',
      'devices.local_nome as localNome',
      'devices.uf as uf',
      'devices.lat as lat',
      'devices.lon as lon',
      'devices.system_id as systemId',
      'devices.usina_id as usinaId',
      'devices.scd_id as scdId',
      'devices.venue_id as venueId',
      'devices.group_id as groupId',
      'devices.energy_center_id as energyCenterId',
      'devices.params as params',
      'devices.last_seen_at as lastSeenAt',
    ]);
  return whereSelected(query, selection).execute();
}

/**
 * The readings of `deviceIds` with their newest values, in catalogue order,
 * one query. `nomes` limits them to those names.
 */
export async function loadInfos(
  db: Kysely<Database>,
  deviceIds: readonly number[],
  nomes?: readonly string[],
): Promise<Map<number, InfoRecord[]>> {
  const byDevice = new Map<number, InfoRecord[]>();
  if (deviceIds.length === 0 || nomes?.length === 0) return byDevice;
  let query = db
    .selectFrom('tags')
    .leftJoin('current_values', 'current_values.tag_id', 'tags.id')
    .select([
      'tags.device_id as deviceId',
      'tags.id as tagId',
      'tags.nome as nome',
      'tags.apelido as apelido',
      'tags.unidade as unidade',
      'tags.scale_min as scaleMin',
      'tags.scale_max as scaleMax',
      'tags.nominal as nominal',
      'current_values.valor as valor',
      'current_values.ts as ts',
      'current_values.qos as qos',
    ])
    .where('tags.device_id', 'in', deviceIds);
  if (nomes) query = query.where('tags.nome', 'in', nomes);
  const rows = await query.orderBy('tags.device_id').orderBy('tags.id').execute();
  for (const row of rows) {
    let list = byDevice.get(row.deviceId);
    if (!list) {
      list = [];
      byDevice.set(row.deviceId, list);
    }
    list.push(row);
  }
  return byDevice;
}

/**
 * Active alarms per device (occurrences not cleared, events excluded), one
 * query: for `deviceIds`, or for every device of `systemIds`.
 */
export async function countActiveAlarms(
  db: Kysely<Database>,
  of: { deviceIds: readonly number[] } | { systemIds: readonly number[] },
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  const ids = 'deviceIds' in of ? of.deviceIds : of.systemIds;
  if (ids.length === 0) return counts;
  const rows = await db
    .selectFrom('occurrences')
    .select(['device_id as deviceId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('deviceIds' in of ? 'device_id' : 'system_id', 'in', ids)
    .where('hora_desativacao', 'is', null)
    .where('is_evt', '=', 0)
    .groupBy('device_id')
    .execute();
  for (const row of rows) counts.set(row.deviceId, Number(row.n));
  return counts;
}
