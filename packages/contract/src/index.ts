export type { OAuthError, TokenRequest, TokenResponse } from './auth.js';
export { logoutRequest, oauthError, tokenRequest, tokenResponse, WEB_CLIENT_ID } from './auth.js';
export type { ErrorBody } from './errors.js';
export { errorBody, INVALID_TOKEN } from './errors.js';
export type { LiveEvent, LiveEventType } from './events.js';
export { EVENTS_HEARTBEAT_MS, EVENTS_PATH, EVENTS_RETRY_MS, liveEvent } from './events.js';
export type { HealthResponse } from './health.js';
export { healthResponse } from './health.js';
export type {
  HealthPlanListQuery,
  HealthPlanRow,
  HealthPlanUpdateBody,
  HealthPlanUpdateResponse,
  InfoHistoryQuery,
  InfoSeries,
} from './healthPlan.js';
export {
  HEALTH_PLAN_MOTIVO,
  HEALTH_PLAN_PATHS,
  healthPlanList,
  healthPlanListQuery,
  healthPlanMotivo,
  healthPlanRow,
  healthPlanUpdateBody,
  healthPlanUpdateResponse,
  infoHistoryQuery,
  infoHistoryResponse,
  infoPoint,
  infoSeries,
  MAX_INFO_POINTS,
  MAX_REASON_LENGTH,
} from './healthPlan.js';
export type {
  AcknowledgeBody,
  AcknowledgeResponse,
  OccurrenceColumn,
  OccurrenceColumnType,
  OccurrenceConfig,
  OccurrenceCounter,
  OccurrenceListQuery,
  OccurrenceOrder,
  OccurrenceRow,
  SiteOccurrenceConfig,
} from './occurrences.js';
export {
  acknowledgeBody,
  acknowledgeResponse,
  ackUser,
  alarmStateSchema,
  deviceOccurrenceListQuery,
  MAX_ACK_IDS,
  MAX_TEXT_FILTER_LENGTH,
  OCCURRENCE_ACCESS,
  OCCURRENCE_CONFIG_PATHS,
  OCCURRENCE_ORDERS,
  OCCURRENCE_PATHS,
  occurrenceColumn,
  occurrenceColumnType,
  occurrenceConfig,
  occurrenceCounter,
  occurrenceList,
  occurrenceListOrCounter,
  occurrenceListQuery,
  occurrenceRow,
  siteOccurrenceConfig,
  siteOccurrenceConfigParams,
  systemOccurrenceListQuery,
} from './occurrences.js';
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
