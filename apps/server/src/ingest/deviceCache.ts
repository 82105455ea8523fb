import type { AlarmDevice } from '../alarms/engine.js';
import type { Store } from '../store/database.js';
import { ingestDevices, insertTags, tagsOfDevices } from '../store/ingest/ingestRepository.js';
import type { IngestLogger } from './ingestStats.js';

export interface DeviceEntry {
  meta: AlarmDevice;
  /** Reading name → tag id. */
  tags: Map<string, number>;
  loadedAt: number;
}

const MAX_TAGS_PER_DEVICE = 512;
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

  /** Loads the devices (and their tags) not loaded or loaded too long ago. */
  async load(ids: readonly number[]): Promise<void> {
    const t = this.now();
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
          tags: new Map(),
          loadedAt: t,
        });
      }
      for (const tag of tags) this.devices.get(tag.device_id)?.tags.set(tag.nome, tag.id);
      for (const id of chunk) {
        if (!found.has(id)) {
          this.devices.delete(id);
          this.unknown.set(id, t + UNKNOWN_DEVICE_CACHE_S);
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

  /** The device reported at `ts` (kept when newer). */
  seen(deviceId: number, ts: number): DeviceEntry | undefined {
    const entry = this.devices.get(deviceId);
    if (entry && (entry.meta.lastSeenAt === null || entry.meta.lastSeenAt < ts)) {
      entry.meta.lastSeenAt = ts;
    }
    return entry;
  }
}
