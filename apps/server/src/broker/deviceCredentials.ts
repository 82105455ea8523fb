import { appendFileSync, chmodSync, existsSync } from 'node:fs';
import { deviceKeyHash, newDeviceKey } from '../ingest/deviceKey.js';
import type { Store } from '../store/database.js';
import { deviceKeyHashes, setDeviceKeyHashes } from '../store/ingest/ingestRepository.js';

/** The file in the data folder where issued keys are appended (`<id> <key>` lines). */
export const DEVICE_KEYS_FILE = 'chaves-dispositivos.txt';

/** A device's account on the project's broker; its password is the device key. */
export const deviceBrokerUser = (deviceId: number) => `dispositivo-${deviceId}`;

export interface IssuedKey {
  deviceId: number;
  key: string;
}

export interface IssueOptions {
  /** Issued keys are appended here (`<id> <key>` lines, owner-only) to be handed to the devices. */
  keysFile: string;
  /** Devices that need a new key although they hold one (no account on the broker yet). */
  alsoFor?: (deviceId: number) => boolean;
}

/**
 * Gives every device without one a random key (`newDeviceKey`: never derived
 * from anything public), stored only as its sha256. The key is the device's
 * secret for `POST /api/ingest` and its password on the project's broker.
 * Plain keys exist only in the answer and in `keysFile`, for handing out.
 */
export async function issueDeviceKeys(store: Store, opts: IssueOptions): Promise<IssuedKey[]> {
  const devices = await deviceKeyHashes(store.db);
  const issued: IssuedKey[] = [];
  for (const device of devices) {
    if (device.ingest_key_hash !== null && !opts.alsoFor?.(device.id)) continue;
    issued.push({ deviceId: device.id, key: newDeviceKey() });
  }
  if (issued.length === 0) return issued;
  // The file first: a key stored but never written down could not be handed out.
  const fresh = !existsSync(opts.keysFile);
  appendFileSync(opts.keysFile, issued.map((k) => `${k.deviceId} ${k.key}\n`).join(''), {
    mode: 0o600,
  });
  if (fresh) chmodSync(opts.keysFile, 0o600);
  await setDeviceKeyHashes(
    store.db,
    issued.map(({ deviceId, key }) => ({ deviceId, hash: deviceKeyHash(key) })),
  );
  return issued;
}
