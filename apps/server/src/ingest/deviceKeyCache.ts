const KEY_CACHE_S = 60;
const KEY_CACHE_MAX = 10_000;

/**
 * Which device holds a key (by the key's sha256), kept a minute so a device
 * posting every few seconds costs no lookup. A key replaced or a device removed
 * by an administrator is dropped at once on every node (`forgetDevices`, on the
 * `devices.changed` event the PostgreSQL relay brings from the node that did it).
 */
export class DeviceKeyCache {
  private readonly keys = new Map<string, { deviceId: number; until: number }>();
  /** Counts `forgetDevices` calls: a lookup that a forget overtook is not kept. */
  private generation = 0;

  async deviceFor(
    hash: string,
    now: number,
    load: (hash: string) => Promise<number | undefined>,
  ): Promise<number | undefined> {
    const cached = this.keys.get(hash);
    if (cached && cached.until > now) return cached.deviceId;
    const generation = this.generation;
    const deviceId = await load(hash);
    if (deviceId === undefined || generation !== this.generation) return deviceId;
    if (this.keys.size >= KEY_CACHE_MAX) this.keys.clear();
    this.keys.set(hash, { deviceId, until: now + KEY_CACHE_S });
    return deviceId;
  }

  forgetDevices(deviceIds: readonly number[]): void {
    this.generation += 1;
    const ids = new Set(deviceIds);
    for (const [hash, entry] of this.keys) {
      if (ids.has(entry.deviceId)) this.keys.delete(hash);
    }
  }
}
