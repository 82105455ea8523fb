export type { OAuthError, TokenRequest, TokenResponse } from './auth.js';
export { logoutRequest, oauthError, tokenRequest, tokenResponse, WEB_CLIENT_ID } from './auth.js';
export type { ErrorBody } from './errors.js';
export { errorBody, INVALID_TOKEN } from './errors.js';
export type { ChangePasswordRequest, Sistema, TipoTotal, UserInfo } from './user.js';
export {
  changePasswordRequest,
  listaTiposQuery,
  listaTiposResponse,
  sistema,
  tipoTotal,
  userInfo,
} from './user.js';
