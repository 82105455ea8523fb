import type { DeviceParamRow } from '@vigia/contract';
import type { Kysely } from 'kysely';
import { parseJson } from '../json.js';
import { inSlices } from '../readingSeek.js';
import type { Database } from '../schema.js';
import { shared } from '../sharedStrings.js';

/** What describes a device and rarely changes: served from memory for a minute at most. */
export interface DeviceStatic {
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
  /** The `params` JSON as the spec's list of { nome, valor }, parsed once (`sharedParams`). */
  params: readonly DeviceParamRow[];
}

/** A device's `params` JSON as the spec's list of { nome, valor }. */
export function paramList(json: string): DeviceParamRow[] {
  const params = parseJson<unknown>(json, {});
  if (!params || typeof params !== 'object' || Array.isArray(params)) return [];
  return Object.entries(params as Record<string, unknown>).map(([nome, value]) => ({
    nome,
    valor:
      typeof value === 'number' || typeof value === 'string'
        ? value
        : value === null || value === undefined
          ? null
          : JSON.stringify(value),
  }));
}

const MAX_SHARED_PARAMS = 10_000;
const paramLists = new Map<string, readonly DeviceParamRow[]>();

/**
 * `paramList`, one frozen copy per distinct JSON: devices of one model and
 * configuration repeat it (20,000 devices held 15,600 lists and 99,000 rows,
 * 5 MB of the heap, in the catalogue alone). Bounded: cleared when full.
 */
export function sharedParams(json: string): readonly DeviceParamRow[] {
  const known = paramLists.get(json);
  if (known !== undefined) return known;
  if (paramLists.size >= MAX_SHARED_PARAMS) paramLists.clear();
  const list = Object.freeze(paramList(json).map((row) => Object.freeze(row)));
  paramLists.set(json, list);
  return list;
}

/** A parameter's value by name, or undefined. */
export function paramValue(device: { params: readonly DeviceParamRow[] }, nome: string) {
  return device.params.find((p) => p.nome === nome)?.valor;
}

/** A reading a device has (its tag), without its value. */
export interface TagMeta {
  tagId: number;
  nome: string;
  apelido: string;
  unidade: string;
  scaleMin: number | null;
  scaleMax: number | null;
  nominal: number | null;
}

interface Entry<T> {
  at: number;
  value: T;
}

/** How long a device's description or tag list is reused before the store is asked again. */
export const CATALOG_TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;
/**
 * Devices read per statement when the catalogue fills (a cold cache, 5,000 devices): on
 * SQLite a statement runs in this thread, so a fill of thousands of devices and their
 * tags is read in slices with a turn of the event loop between them (one query held it
 * 280 ms for 1,000 generators' 29,000 tags).
 */
const DEVICES_PER_QUERY = 250;
const TAG_DEVICES_PER_QUERY = 100;

/**
 * The device catalogue (names, places, model, parameters, tag names, units
 * and scales) cached per process. Lists read only what changes from the store on
 * every call: which devices match (scope and places are always filtered in
 * SQL), their last reading time, current values and alarms. A tag created since
 * (by ingest, on any node) shows up at once: each tag list read first asks
 * for tags newer than the newest it knows (a range of the primary key, nearly
 * always empty) and reloads their devices' tags. Other catalogue edits show
 * within `ttlMs` (a description, on the first read past it plus its refresh), as does a tag whose id was taken before one already seen but
 * committed after it (PostgreSQL sequences).
 */
export class DeviceCatalog {
  private readonly devices = new Map<number, Entry<DeviceStatic>>();
  private readonly tags = new Map<number, Entry<TagMeta[]>>();
  /** The newest tag id known to every cached tag list (null: not asked yet). */
  private newestTagId: number | null = null;
  /** The refresh of stale descriptions under way. */
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs = CATALOG_TTL_MS,
    private readonly clock: () => number = Date.now,
    private readonly perQuery = { devices: DEVICES_PER_QUERY, tagDevices: TAG_DEVICES_PER_QUERY },
  ) {}

  private fresh<T>(entry: Entry<T> | undefined, now: number): entry is Entry<T> {
    return entry !== undefined && now - entry.at < this.ttlMs;
  }

  /**
   * The descriptions of `ids` (unknown ids are left out); one query for the
   * ones never read. A description past `ttlMs` is answered as it is and read
   * again behind the answer (one refresh at a time): a system's 4,000
   * devices, read together, expire together, and a list that waited for all
   * of them again (16 queries, each after a turn of the event loop) held every
   * console of the system (bench/fleet at 20k devices, once a minute).
   */
  async deviceStatics(ids: readonly number[]): Promise<Map<number, DeviceStatic>> {
    const now = this.clock();
    const out = new Map<number, DeviceStatic>();
    const missing: number[] = [];
    const stale: number[] = [];
    for (const id of ids) {
      const entry = this.devices.get(id);
      if (entry === undefined) {
        missing.push(id);
        continue;
      }
      out.set(id, entry.value);
      if (!this.fresh(entry, now)) stale.push(id);
    }
    if (stale.length > 0) this.refreshStatics(stale);
    if (missing.length === 0) return out;
    const rows = await this.readStatics(missing);
    this.trim(this.devices);
    for (const device of rows) {
      this.devices.set(device.id, { at: now, value: device });
      out.set(device.id, device);
    }
    return out;
  }

  /** Reads `ids` again after the answer that found them stale; a device gone is forgotten. */
  private refreshStatics(ids: readonly number[]): void {
    if (this.refreshing) return;
    const at = this.clock();
    this.refreshing = this.readStatics(ids)
      .then((rows) => {
        const found = new Set<number>();
        for (const device of rows) {
          found.add(device.id);
          this.devices.set(device.id, { at, value: device });
        }
        for (const id of ids) if (!found.has(id)) this.devices.delete(id);
      })
      // Kept as they were: the next read past the TTL tries again.
      .catch(() => {})
      .finally(() => {
        this.refreshing = null;
      });
  }

  /** Settles once the refresh of stale descriptions running now, if any, is over (tests). */
  async settled(): Promise<void> {
    await this.refreshing;
  }

  private readStatics(ids: readonly number[]): Promise<DeviceStatic[]> {
    return inSlices(ids, this.perQuery.devices, (slice) =>
      this.db
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
        ])
        .where('devices.id', 'in', slice)
        .execute()
        // Shaped slice by slice (each parses its devices' parameters), not all in one turn.
        .then((found) =>
          found.map(
            (row): DeviceStatic => ({
              ...row,
              tipo: shared(row.tipo),
              equipamento: shared(row.equipamento),
              localNome: shared(row.localNome),
              uf: shared(row.uf),
              params: sharedParams(row.params),
            }),
          ),
        ),
    );
  }

  /** The tags of each device in catalogue order; one query for the missing devices. */
  async tagsOf(deviceIds: readonly number[]): Promise<Map<number, TagMeta[]>> {
    await this.forgetNewTags();
    const now = this.clock();
    const out = new Map<number, TagMeta[]>();
    const missing: number[] = [];
    for (const id of deviceIds) {
      const entry = this.tags.get(id);
      if (this.fresh(entry, now)) out.set(id, entry.value);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const rows = await inSlices(missing, this.perQuery.tagDevices, (slice) =>
      this.db
        .selectFrom('tags')
        .select([
          'device_id as deviceId',
          'id as tagId',
          'nome',
          'apelido',
          'unidade',
          'scale_min as scaleMin',
          'scale_max as scaleMax',
          'nominal',
        ])
        .where('device_id', 'in', slice)
        .orderBy('device_id')
        .orderBy('id')
        .execute(),
    );
    for (const id of missing) out.set(id, []);
    for (const { deviceId, ...tag } of rows) {
      out.get(deviceId)?.push({
        tagId: tag.tagId,
        nome: shared(tag.nome),
        apelido: shared(tag.apelido),
        unidade: shared(tag.unidade),
        scaleMin: tag.scaleMin,
        scaleMax: tag.scaleMax,
        nominal: tag.nominal,
      });
    }
    this.trim(this.tags);
    for (const id of missing) this.tags.set(id, { at: now, value: out.get(id) ?? [] });
    return out;
  }

  /** Forgets the tag lists of devices that have a tag newer than the newest known. */
  private async forgetNewTags(): Promise<void> {
    if (this.newestTagId === null) {
      const row = await this.db
        .selectFrom('tags')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      this.newestTagId = Math.max(this.newestTagId ?? 0, Number(row?.id ?? 0));
      return;
    }
    const known = this.newestTagId;
    const rows = await this.db
      .selectFrom('tags')
      .select(['id', 'device_id as deviceId'])
      .where('id', '>', known)
      .execute();
    for (const row of rows) {
      this.tags.delete(row.deviceId);
      if (row.id > (this.newestTagId ?? 0)) this.newestTagId = row.id;
    }
  }

  private trim(map: Map<number, unknown>): void {
    if (map.size >= MAX_ENTRIES) map.clear();
  }
}

const catalogs = new WeakMap<Kysely<Database>, DeviceCatalog>();

/** The catalogue of a database handle (one per store, created on first use). */
export function catalogOf(db: Kysely<Database>): DeviceCatalog {
  let catalog = catalogs.get(db);
  if (!catalog) {
    catalog = new DeviceCatalog(db);
    catalogs.set(db, catalog);
  }
  return catalog;
}
