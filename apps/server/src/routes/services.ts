import type { AccessTokens } from '../auth/accessTokens.js';
import type { Authenticator } from '../auth/authenticator.js';
import type { LoginLimiter } from '../auth/loginLimiter.js';
import type { Config } from '../config.js';
import type { EventBus } from '../events/eventBus.js';
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
}
