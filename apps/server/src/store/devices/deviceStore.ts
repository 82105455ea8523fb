import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';
import { inSlices, nextTurn } from '../readingSeek.js';
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
 * The selected devices' descriptions, without when each last reported. A
 * selection by system and type is answered on SQLite from the `(system_id,
 * tipo)` index alone, with no row of `devices` read. A list needs the last
 * reading time only of its page (`withLastSeen`) unless a filter or its order
 * asks for every device's: for a system of 4,000 devices this query takes
 * about a fourth of `selectDevices`' (2.3 against 10.1 ms), and no record is
 * copied.
 */
export async function selectDeviceStatics(
  db: Kysely<Database>,
  selection: DeviceSelection,
): Promise<DeviceStatic[]> {
  if (selection.systemIds.length === 0 || selection.deviceIds?.length === 0) return [];
  const matches = await whereSelected(
    db.selectFrom('devices').select('devices.id as id'),
    selection,
  ).execute();
  const statics = await catalogOf(db).deviceStatics(matches.map((m) => m.id));
  const devices: DeviceStatic[] = [];
  for (const m of matches) {
    const device = statics.get(m.id);
    if (device) devices.push(device);
  }
  return devices;
}

/** `devices` with when each last reported (a device gone since is left out). */
export async function withLastSeen(
  db: Kysely<Database>,
  devices: readonly DeviceStatic[],
): Promise<DeviceRecord[]> {
  if (devices.length === 0) return [];
  const rows = await inSlices(
    devices.map((d) => d.id),
    1_000,
    (slice) =>
      db.selectFrom('devices').select(['id', 'last_seen_at']).where('id', 'in', slice).execute(),
  );
  const seen = new Map(rows.map((r) => [r.id, r.last_seen_at]));
  const records: DeviceRecord[] = [];
  for (const device of devices) {
    const lastSeenAt = seen.get(device.id);
    if (lastSeenAt !== undefined) records.push({ ...device, lastSeenAt });
  }
  return records;
}

/**
 * The readings of `deviceIds` with their newest values, in catalogue order.
 * Names and units come from the catalogue, and so do the tag ids whose values
 * are read (numbers only, by primary key): joining tags by device and name
 * made PostgreSQL scan both tables for a system of 4,000 devices (55 ms).
 * `nomes` limits them to those names.
 */
export async function loadInfos(
  db: Kysely<Database>,
  deviceIds: readonly number[],
  nomes?: readonly string[],
): Promise<Map<number, InfoRecord[]>> {
  const byDevice = new Map<number, InfoRecord[]>();
  if (deviceIds.length === 0 || nomes?.length === 0) return byDevice;
  const tags = await catalogOf(db).tagsOf(deviceIds);
  const wanted = nomes ? new Set(nomes) : null;
  const tagIds: number[] = [];
  for (const deviceId of deviceIds) {
    for (const tag of tags.get(deviceId) ?? []) {
      if (!wanted || wanted.has(tag.nome)) tagIds.push(tag.tagId);
    }
  }
  const valueByTag = await currentValuesByTag(db, tagIds);
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

interface CurrentValue {
  valor: number;
  ts: number;
  qos: number;
}

/**
 * Ids per statement on SQLite, well under its limit of bound values; the statements run
 * in this thread one after another with a turn of the event loop between them (10,000
 * ids held it 22–35 ms, three of them at once for 1,000 generators).
 */
const SQLITE_IDS_PER_QUERY = 4_000;

/** The current values of tags, by tag id (tags without one are left out). */
async function currentValuesByTag(
  db: Kysely<Database>,
  tagIds: readonly number[],
): Promise<Map<number, CurrentValue>> {
  const out = new Map<number, CurrentValue>();
  if (tagIds.length === 0) return out;
  const select = db.selectFrom('current_values').select(['tag_id', 'valor', 'ts', 'qos']);
  const keep = (rows: { tag_id: number; valor: number; ts: number; qos: number }[]) => {
    for (const { tag_id, ...value } of rows) out.set(tag_id, value);
  };
  if (dialectOf(db) === 'postgres') {
    // One array parameter however many ids: no statement text of thousands of placeholders.
    keep(await select.where(sql<boolean>`tag_id = any(${[...tagIds]}::int[])`).execute());
    return out;
  }
  for (let i = 0; i < tagIds.length; i += SQLITE_IDS_PER_QUERY) {
    if (i > 0) await nextTurn();
    keep(await select.where('tag_id', 'in', tagIds.slice(i, i + SQLITE_IDS_PER_QUERY)).execute());
  }
  return out;
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
