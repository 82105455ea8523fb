import type { AlarmDevice } from '../alarms/engine.js';
import type { Store } from '../store/database.js';
import { ingestDevices, insertTags, tagsOfDevices } from '../store/ingest/ingestRepository.js';
import { shared } from '../store/sharedStrings.js';
import type { IngestLogger } from './ingestStats.js';

export interface DeviceEntry {
  meta: AlarmDevice;
  /** Reading name → tag id. */
  tags: DeviceTags;
  loadedAt: number;
}

const MAX_TAGS_PER_DEVICE = 512;
/** Reading names given a position per model; a device's names past them go to its own map. */
export const MAX_MODEL_NAMES = 1024;

/** The reading names of one model's devices, each at one position. */
export class NameSlots {
  private readonly slots = new Map<string, number>();

  get(name: string): number | undefined {
    return this.slots.get(name);
  }

  /** The name's position, given one while the model has fewer than `MAX_MODEL_NAMES`. */
  add(name: string): number | undefined {
    let slot = this.slots.get(name);
    if (slot === undefined && this.slots.size < MAX_MODEL_NAMES) {
      slot = this.slots.size;
      this.slots.set(shared(name), slot);
    }
    return slot;
  }
}

/**
 * A device's tag ids by reading name. Devices of one model report the same
 * names, so each name has one position per model (`NameSlots`) and a device
 * keeps an array of tag ids by position: a map per device held 21 MB of the
 * heap at 20k devices.
 */
export class DeviceTags {
  /** Tag id by position; 0: the device has no tag of that name. */
  private readonly ids: number[] = [];
  private extra: Map<string, number> | null = null;
  size = 0;

  constructor(private readonly names: NameSlots) {}

  get(name: string): number | undefined {
    const slot = this.names.get(name);
    const id = slot === undefined ? 0 : (this.ids[slot] ?? 0);
    return id !== 0 ? id : this.extra?.get(name);
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  set(name: string, tagId: number): void {
    const slot = this.names.add(name);
    if (slot === undefined) {
      this.extra ??= new Map();
      if (!this.extra.has(name)) this.size += 1;
      this.extra.set(name, tagId);
      return;
    }
    while (this.ids.length <= slot) this.ids.push(0);
    if (this.ids[slot] === 0) this.size += 1;
    this.ids[slot] = tagId;
  }
}
const DEVICE_CACHE_S = 300;
const UNKNOWN_DEVICE_CACHE_S = 60;
const CHUNK = 500;

/**
 * The devices and tags the ingest writes to, kept 5 minutes (an unknown id is
 * remembered for a minute so a stray publisher costs no query per message).
 * Reading names a device has not used before become new tags, at most 512 per device.
 */
export class DeviceCache {
  private readonly devices = new Map<number, DeviceEntry>();
  private readonly unknown = new Map<number, number>();
  private readonly modelNames = new Map<number, NameSlots>();
  /** Counts `forget` calls: rows read before one are not kept as fresh. */
  private generation = 0;

  constructor(
    private readonly store: Store,
    private readonly log: IngestLogger,
    private readonly now: () => number,
  ) {}

  get(deviceId: number): DeviceEntry | undefined {
    return this.devices.get(deviceId);
  }

  /** Whether the id was found unknown less than a minute ago. */
  knownUnknown(deviceId: number, t: number): boolean {
    const until = this.unknown.get(deviceId);
    return until !== undefined && until > t;
  }

  /**
   * What is cached of these devices goes (an administrator created, removed or
   * re-keyed them, on this node or another): the next message reads them again.
   */
  forget(deviceIds: readonly number[]): void {
    this.generation += 1;
    for (const id of deviceIds) {
      this.devices.delete(id);
      this.unknown.delete(id);
    }
  }

  /** Loads the devices (and their tags) not loaded or loaded too long ago. */
  async load(ids: readonly number[]): Promise<void> {
    const t = this.now();
    const generation = this.generation;
    const stale = ids.filter((id) => {
      const entry = this.devices.get(id);
      return !entry || t - entry.loadedAt > DEVICE_CACHE_S;
    });
    for (let i = 0; i < stale.length; i += CHUNK) {
      const chunk = stale.slice(i, i + CHUNK);
      const [rows, tags] = await Promise.all([
        ingestDevices(this.store.db, chunk),
        tagsOfDevices(this.store.db, chunk),
      ]);
      // Overtaken by a `forget`: used for this batch, read again for the next.
      const loadedAt = generation === this.generation ? t : -Infinity;
      const found = new Set<number>();
      for (const r of rows) {
        found.add(r.id);
        const previous = this.devices.get(r.id);
        const lastSeen = Math.max(
          r.last_seen_at ?? -Infinity,
          previous?.meta.lastSeenAt ?? -Infinity,
        );
        this.devices.set(r.id, {
          meta: {
            id: r.id,
            systemId: r.system_id,
            templateId: r.template_id,
            lastSeenAt: Number.isFinite(lastSeen) ? lastSeen : null,
          },
          tags: new DeviceTags(this.namesOf(r.template_id)),
          loadedAt,
        });
      }
      for (const tag of tags) this.devices.get(tag.device_id)?.tags.set(tag.nome, tag.id);
      for (const id of chunk) {
        if (!found.has(id)) {
          this.devices.delete(id);
          if (loadedAt === t) this.unknown.set(id, t + UNKNOWN_DEVICE_CACHE_S);
        }
      }
    }
  }

  /** Creates the missing tags (device → reading names) and learns their ids. */
  async createTags(missing: Map<number, Set<string>>): Promise<void> {
    const rows: { device_id: number; nome: string }[] = [];
    for (const [deviceId, names] of missing) {
      const entry = this.devices.get(deviceId);
      if (!entry) continue;
      const room = MAX_TAGS_PER_DEVICE - entry.tags.size;
      const accepted = [...names].slice(0, Math.max(0, room));
      if (accepted.length < names.size) {
        this.log.warn(
          { deviceId, limite: MAX_TAGS_PER_DEVICE },
          'ingestão: limite de leituras por dispositivo',
        );
      }
      for (const nome of accepted) rows.push({ device_id: deviceId, nome });
    }
    for (let i = 0; i < rows.length; i += CHUNK) {
      await insertTags(this.store.db, rows.slice(i, i + CHUNK));
    }
    const deviceIds = [...missing.keys()];
    for (let i = 0; i < deviceIds.length; i += CHUNK) {
      const tags = await tagsOfDevices(this.store.db, deviceIds.slice(i, i + CHUNK));
      for (const tag of tags) this.devices.get(tag.device_id)?.tags.set(tag.nome, tag.id);
    }
  }

  private namesOf(templateId: number): NameSlots {
    let names = this.modelNames.get(templateId);
    if (!names) {
      names = new NameSlots();
      this.modelNames.set(templateId, names);
    }
    return names;
  }

  /** The device reported at `ts` (kept when newer). */
  seen(deviceId: number, ts: number): DeviceEntry | undefined {
    const entry = this.devices.get(deviceId);
    if (entry && (entry.meta.lastSeenAt === null || entry.meta.lastSeenAt < ts)) {
      entry.meta.lastSeenAt = ts;
    }
    return entry;
  }
}
