import type { AccessTokens } from '../auth/accessTokens.js';
import type { Authenticator } from '../auth/authenticator.js';
import type { LoginLimiter } from '../auth/loginLimiter.js';
import type { Config } from '../config.js';
import type { EventBus } from '../events/eventBus.js';
import type { DeviceKeyCache } from '../ingest/deviceKeyCache.js';
import type { ResponseCache } from '../plugins/responseCache.js';
import type { Store } from '../store/database.js';

/** What every route plugin gets as options: the app's shared services. */
export interface AppServices {
  config: Config;
  store: Store;
  bus: EventBus;
  accessTokens: AccessTokens;
  authenticator: Authenticator;
  loginLimiter: LoginLimiter;
  /** Shared answers of the polled device reads (plugins/responseCache.ts). */
  responseCache: ResponseCache;
  /** Which device holds a key: the ingest reads it; a `devices.changed` event (any node's) empties it of those devices. */
  deviceKeys: DeviceKeyCache;
  /**
   * The project's own broker (`VIGIA_BROKER=1`): sets a device's MQTT account
   * (password = its key) and ACL, and makes the running broker reload them.
   */
  brokerAccounts?: {
    setDeviceKey(deviceId: number, key: string): Promise<void>;
    /** A removed device's account leaves the broker (reloaded). */
    removeDevice(deviceId: number): Promise<void>;
  };
}
