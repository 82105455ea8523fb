export type { AlarmRowStyle, AlarmSeverity, AlarmState, AlarmTimes } from './alarm.js';
export {
  ALARM_CRITICAL_MIN,
  ALARM_ROW_STYLES,
  ALARM_STATES,
  alarmRowStyle,
  alarmSeverity,
  alarmState,
  canAcknowledge,
  isAlarmActive,
  isEvent,
  SEVERITY_LABEL,
  SEVERITY_TONE,
} from './alarm.js';
export { hasBit } from './bits.js';
export type { CommunicationInput, CommunicationSummary } from './communication.js';
export {
  communicationSummary,
  freshnessLabel,
  isOnline,
  isStale,
  isSynopticStale,
  METER_STALE_AFTER_MIN,
  OFFLINE_LONG_AFTER_MIN,
  STALE_AFTER_MIN,
  SYNOPTIC_STALE_AFTER_MIN,
} from './communication.js';
export type { CalendarDate, ZonedParts } from './date.js';
export {
  addDays,
  addMonths,
  calendarDateOf,
  calendarDaysInclusive,
  compareDates,
  dayNumber,
  daysInMonth,
  endOfDaySec,
  formatDate,
  formatDateTime,
  formatIsoDate,
  formatTime,
  isoDate,
  parseIsoDate,
  startOfDaySec,
  TIME_ZONE,
  today,
  weekdayOf,
  zonedParts,
  zonedTimeToEpochMs,
} from './date.js';
export type { DeviceInfo, DeviceParam, DeviceParams, NominalParam } from './device.js';
export {
  DEFAULT_DEVICE_TYPE,
  DEFAULT_NOMINAL,
  deviceParams,
  findInfo,
  infoValue,
  lastReadingTs,
  NOMINAL_PARAMS,
  normalizeDeviceType,
  siteTitle,
} from './device.js';
export type { NumberFormatOptions } from './format.js';
export {
  formatNumber,
  formatReading,
  formatText,
  METER_SCALE,
  METER_SCALED_READINGS,
  meterDisplayValue,
  parseDecimal,
  percentage,
  readingDecimals,
  TITLE_CASE_LOWER_WORDS,
  titleCase,
  zeroPad,
} from './format.js';
export type { GeneratorMode, GeneratorStatus } from './generator.js';
export {
  GENERATOR_MODES,
  GMG_OFF_BIT,
  GMG_ON_BIT,
  generatorMode,
  generatorModeTone,
  generatorStatus,
  generatorStatusTone,
  isGeneratorRunning,
  UNKNOWN_GENERATOR_MODE,
} from './generator.js';
export type { Breakpoint, MobileHiddenColumn } from './layout.js';
export {
  BREAKPOINTS,
  breakpointOf,
  ENERGY_CARD_WIDTH_PX,
  MOBILE_HIDDEN_COLUMNS,
  MOBILE_MAX_COLUMNS,
  navCollapsedByDefault,
  navExpandsOnHover,
  swipeThresholdPx,
} from './layout.js';
export type { MessageKey } from './messages.js';
export {
  ackConfirmMessage,
  emptyTableMessage,
  INVALID_TOKEN_ERROR,
  MESSAGES,
  NEVER_COMMUNICATED,
  PLACEHOLDER_MISSING,
  PLACEHOLDER_NUMBER,
  STALE_LABEL,
} from './messages.js';
export type { LoadMoreInput, PageSizeKey } from './paging.js';
export {
  clampLimit,
  clampOffset,
  DEFAULT_OFFSET,
  isLastPage,
  MAX_PAGE_SIZE,
  occurrencePageDefaults,
  PAGE_SIZE,
  shouldAutoRefresh,
  shouldLoadMore,
} from './paging.js';
export { cleanQuery, queryString } from './query.js';
export {
  fuelLevelDisplay,
  fuelLevelForChart,
  generatorReadingDisplay,
  INVALID_READING_SENTINEL,
  isInvalidReading,
  signalDisplay,
} from './readings.js';
export type { PanelKind } from './timing.js';
export {
  COMMAND_HISTORY_REFRESH_MS,
  COMMAND_LOGIN_EXPIRY_MS,
  COMMAND_POLL_MAX,
  COMMAND_POLL_MS,
  commandLoginValid,
  ENERGY_CARD_DELAY_MS,
  FAST_REFRESH_MS,
  FILTER_DEBOUNCE_MS,
  HISTORY_FILTER_DEBOUNCE_MS,
  INITIAL_REFRESH_MAX_MS,
  INITIAL_REFRESH_MIN_MS,
  initialRefreshDelayMs,
  NAV_COLLAPSE_MS,
  PANEL_SCROLL_TRIGGER_PX,
  RAW_GET_TIMEOUT_MS,
  REFRESH_MS,
  ROW_DRAW_MS,
  refreshIntervalMs,
  SCROLL_DELAY_MS,
  SCROLL_TRIGGER_PX,
  SPINNER_DELAY_MS,
  TOKEN_REFRESH_MARGIN_SEC,
  tokenRefreshDelayMs,
} from './timing.js';
export type { Tone } from './tone.js';
export { isTone, TONES } from './tone.js';
export type {
  FuelConfigRow,
  FuelEntryRow,
  PeriodOptions,
  ScheduleCreateInput,
  ScheduleEditInput,
} from './validation.js';
export {
  fuelConfigSaveEnabled,
  fuelEntrySubmitEnabled,
  MAX_PERIOD_DAYS,
  MIN_PASSWORD_LENGTH,
  PASSWORD_CONFIRMATION_KEY,
  parseTimeOfDay,
  passwordConfirmationValid,
  SCHEDULE_CHECKED_WEEKDAYS,
  validateCommandSelection,
  validateCommentDeletion,
  validateNewPassword,
  validatePeriod,
  validatePeriodSec,
  validateReason,
  validateScheduleCreate,
  validateScheduleEdit,
  validateScheduleRemoval,
} from './validation.js';
