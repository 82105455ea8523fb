export type { OAuthError, TokenRequest, TokenResponse } from './auth.js';
export { logoutRequest, oauthError, tokenRequest, tokenResponse, WEB_CLIENT_ID } from './auth.js';
export type { ErrorBody } from './errors.js';
export { errorBody, INVALID_TOKEN } from './errors.js';
export type { LiveEvent, LiveEventType } from './events.js';
export { EVENTS_HEARTBEAT_MS, EVENTS_PATH, EVENTS_RETRY_MS, liveEvent } from './events.js';
export type { HealthResponse } from './health.js';
export { healthResponse } from './health.js';
export type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  Sistema,
  TipoTotal,
  UserInfo,
} from './user.js';
export {
  changePasswordRequest,
  changePasswordResponse,
  listaTiposQuery,
  listaTiposResponse,
  MIN_PASSWORD_LENGTH,
  sistema,
  tipoTotal,
  userInfo,
} from './user.js';
