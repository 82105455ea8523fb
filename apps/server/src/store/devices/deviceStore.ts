import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';
import { catalogOf, type DeviceStatic, type TagMeta } from './catalog.js';
import { type DeviceSelection, whereSelected } from './deviceSelection.js';

/** A device: its catalogue description and when it last reported. */
export interface DeviceRecord extends DeviceStatic {
  lastSeenAt: number | null;
  /** Active alarms, when the query counted them. */
  alarmCount?: number;
}

/** A reading of a device with its newest value (null fields: never arrived). */
export interface InfoRecord extends TagMeta {
  deviceId: number;
  valor: number | null;
  ts: number | null;
  qos: number | null;
}

/** The modem signal reading, served as `netAntenaSignal` of a device row. */
export const SIGNAL_READING = 'netAntenaSignal';

/**
 * Every selected device. Which devices match (tenancy, places, type) and
 * when each last reported come from the store, one query; descriptions from
 * the catalogue. With `alarms`, the same query counts each device's active
 * alarms (for a few devices; lists count the page's with `countActiveAlarms`).
 */
export async function selectDevices(
  db: Kysely<Database>,
  selection: DeviceSelection,
  options: { alarms?: boolean } = {},
): Promise<DeviceRecord[]> {
  if (selection.systemIds.length === 0 || selection.deviceIds?.length === 0) return [];
  const matches = await whereSelected(
    db
      .selectFrom('devices')
      .select((eb) => [
        'devices.id as id',
        'devices.last_seen_at as lastSeenAt',
        options.alarms
          ? eb
              .selectFrom('occurrences')
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('occurrences.device_id', '=', 'devices.id')
              .where('occurrences.hora_desativacao', 'is', null)
              .where('occurrences.is_evt', '=', 0)
              .as('alarmCount')
          : sql<null>`null`.as('alarmCount'),
      ]),
    selection,
  ).execute();
  const statics = await catalogOf(db).deviceStatics(matches.map((m) => m.id));
  const devices: DeviceRecord[] = [];
  for (const m of matches) {
    const device = statics.get(m.id);
    if (!device) continue;
    devices.push({
      ...device,
      lastSeenAt: m.lastSeenAt,
      ...(m.alarmCount === null ? {} : { alarmCount: Number(m.alarmCount) }),
    });
  }
  return devices;
}

/**
 * The readings of `deviceIds` with their newest values, in catalogue order.
 * One query for the values (numbers only); names and units come from the
 * catalogue. `nomes` limits them to those names.
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
    .innerJoin('current_values', 'current_values.tag_id', 'tags.id')
    .select([
      'tags.device_id as deviceId',
      'current_values.tag_id as tagId',
      'current_values.valor as valor',
      'current_values.ts as ts',
      'current_values.qos as qos',
    ])
    .where('tags.device_id', 'in', deviceIds);
  if (nomes) query = query.where('tags.nome', 'in', nomes);
  const catalog = catalogOf(db);
  const [values, cached] = await Promise.all([query.execute(), catalog.tagsOf(deviceIds)]);
  const valueByTag = new Map(values.map((v) => [v.tagId, v]));
  let tags = cached;
  const unknown = new Set<number>();
  for (const v of values) {
    if (!tags.get(v.deviceId)?.some((tag) => tag.tagId === v.tagId)) unknown.add(v.deviceId);
  }
  if (unknown.size > 0) {
    // A tag created since the catalogue was read: read those devices' tags again.
    catalog.forgetTags(unknown);
    tags = new Map([...cached, ...(await catalog.tagsOf([...unknown]))]);
  }
  const wanted = nomes ? new Set(nomes) : null;
  for (const deviceId of deviceIds) {
    const list: InfoRecord[] = [];
    for (const tag of tags.get(deviceId) ?? []) {
      if (wanted && !wanted.has(tag.nome)) continue;
      const value = valueByTag.get(tag.tagId);
      list.push({
        deviceId,
        ...tag,
        valor: value?.valor ?? null,
        ts: value?.ts ?? null,
        qos: value?.qos ?? null,
      });
    }
    if (list.length > 0) byDevice.set(deviceId, list);
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
