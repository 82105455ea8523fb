const KEY_CACHE_S = 60;
const KEY_CACHE_MAX = 10_000;

/**
 * Which device holds a key (by the key's sha256), kept a minute so a device
 * posting every few seconds costs no lookup. A key replaced by an
 * administrator is dropped at once (`forgetDevice`).
 */
export class DeviceKeyCache {
  private readonly keys = new Map<string, { deviceId: number; until: number }>();

  async deviceFor(
    hash: string,
    now: number,
    load: (hash: string) => Promise<number | undefined>,
  ): Promise<number | undefined> {
    const cached = this.keys.get(hash);
    if (cached && cached.until > now) return cached.deviceId;
    const deviceId = await load(hash);
    if (deviceId === undefined) return undefined;
    if (this.keys.size >= KEY_CACHE_MAX) this.keys.clear();
    this.keys.set(hash, { deviceId, until: now + KEY_CACHE_S });
    return deviceId;
  }

  forgetDevice(deviceId: number): void {
    for (const [hash, entry] of this.keys) {
      if (entry.deviceId === deviceId) this.keys.delete(hash);
    }
  }
}
