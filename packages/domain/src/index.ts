export type { SelectableRow } from './acknowledgement.js';
export {
  acknowledgeRequest,
  HISTORY_DEFAULT_FLAGS,
  occurrenceFlags,
  selectedIds,
  setAllSelected,
  toggleSelected,
} from './acknowledgement.js';
export {
  ADMIN_MESSAGES,
  type AdminRights,
  AUDIT_ACTION_LABELS,
  AUDIT_PAGE,
  auditActionLabel,
  isAnyAdministrator,
  PLACE_KIND_LABELS,
  SYSTEM_FEATURE_LABELS,
  SYSTEM_HOME_LABELS,
  TEMPORARY_PASSWORD_LENGTH,
} from './administration.js';
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
export {
  ALARM_KPI,
  ALARM_KPI_LABELS,
  activeForLabel,
  brasiliaOffsetSec,
  fillKpiWindows,
  kpiTone,
  kpiWindowCount,
  kpiWindowStart,
  peakWindowTone,
  ratePer,
} from './alarmKpi.js';
export type { AlarmRuleKind, AlarmRuleValues } from './alarmRules.js';
export {
  ALARM_RULE_BOUNDS,
  ALARM_RULE_KIND_LABELS,
  ALARM_RULE_MESSAGES,
  alarmRuleProblem,
  alarmRuleSummary,
  effectiveAlarmRule,
} from './alarmRules.js';
export type { DurationChoice } from './alarmShelving.js';
export {
  durationLabel,
  MAX_SHELVE_REASON_LENGTH,
  SHELVING_MESSAGES,
  shelveDurationChoices,
} from './alarmShelving.js';
export type { AuditNames } from './auditDetails.js';
export { AUDIT_EMPTY, auditDetailsText } from './auditDetails.js';
export { hasBit } from './bits.js';
export type { CardInput, CardState } from './card.js';
export { CARD_STATE_TONE, cardState } from './card.js';
export type { ChartLineScale, LineStyle } from './chart.js';
export {
  CHART_Y_RANGE_PERCENT,
  GAS_PREDICTION_WINDOW_MIN,
  groupLinesByScale,
  LINE_STYLES,
  OVERVIEW_GRAPH_DEFAULT_MIN,
  PANEL_AXIS_RANGE_PERCENT,
  scaleKey,
} from './chart.js';
export type { ChartPeriodChoice } from './chartPeriod.js';
export {
  CHART_PERIOD_DEFAULT,
  CHART_PERIOD_OPTIONS,
  chartPeriod,
  chartPeriodForMinutes,
  isChartPeriodChoice,
  isRollingChartPeriod,
} from './chartPeriod.js';
export type { ValueRange } from './chartSeries.js';
export {
  CHART_BUCKET_STEPS_SEC,
  chartBucketSeconds,
  chartYRange,
  MAX_CHART_LINES,
  MAX_CHART_POINTS,
} from './chartSeries.js';
export type { CommandStatusDisplay, CommandWaitInput } from './command.js';
export {
  COMMAND_STATUS,
  COMMAND_TTL_MS,
  commandSendDisabled,
  commandStatus,
  isCommandFinished,
} from './command.js';
export type {
  CommunicationDisplay,
  CommunicationInput,
  CommunicationSummary,
  DataQuality,
  DeviceCountKind,
} from './communication.js';
export {
  type CommunicatingRow,
  communicationDisplay,
  communicationSummary,
  dataQuality,
  deviceCountTone,
  freshnessLabel,
  isOnline,
  isStale,
  isSynopticStale,
  METER_STALE_AFTER_MIN,
  notCurrentNote,
  OFFLINE_LONG_AFTER_MIN,
  rowCommunication,
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
  DEVICE_TYPE_LABELS,
  deviceParams,
  deviceTypeLabel,
  deviceTypePlural,
  findInfo,
  infoValue,
  lastReadingTs,
  NOMINAL_PARAMS,
  nominalSum,
  normalizeDeviceType,
  percentOfNominal,
  siteTitle,
  siteWithUf,
} from './device.js';
export type { DeviceImportField } from './deviceImport.js';
export {
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_LABELS,
  DEVICE_IMPORT_MESSAGES,
  DEVICE_IMPORT_REQUIRED,
  deviceImportColumns,
  MAX_DEVICE_IMPORT_ROWS,
  normalizeImportHeader,
} from './deviceImport.js';
export type {
  CounterColumns,
  CounterReading,
  EnergyCardValues,
  EnergyDay,
  EnergyVariation,
} from './energy.js';
export {
  averageEnergy,
  COUNTER_LOOKBACK_SEC,
  dailyCounterEnergy,
  dailyCounterEnergyOf,
  ENERGY_COUNTERS,
  energyCard,
  energyDays,
  energyValue,
  energyVariation,
  GENERATED_ENERGY_TYPE,
  GRID_ENERGY_TYPE,
  previousEnergyDays,
  roundEnergy,
  sumEnergySeries,
  totalEnergy,
} from './energy.js';
export type { EquipmentStatusDisplay } from './equipmentStatus.js';
export { equipmentStatus } from './equipmentStatus.js';
export type { NumberFormatOptions } from './format.js';
export {
  BADGE_COUNT_MAX,
  formatBadgeCount,
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
export {
  canStepFuelDateForward,
  fuelConfigEnabled,
  parseFuelLitres,
  stepFuelDate,
  validateFuelLitres,
  validateReferenceValue,
} from './fuel.js';
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
export type { HealthPlanList, HealthPlanView } from './healthPlan.js';
export { HEALTH_PLAN_INITIAL, nextHealthPlanToggle, toggleHealthPlanList } from './healthPlan.js';
export type { DigitalInputState, StatusBit, StatusFlag } from './inverter.js';
export {
  activeInverterStatus,
  DIGITAL_INPUT_COUNT,
  INVERTER_STATUS_BITS,
  inverterAutomation,
  inverterAutomationTone,
  inverterDigitalInputs,
  inverterStatusFlags,
} from './inverter.js';
export type { LandingTarget } from './landing.js';
export { CUSTOMER_HOME_SYSTEM_ID, landingTarget } from './landing.js';
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
export type { MapPinColor } from './mapPin.js';
export { MAP_MAX_ZOOM, MAP_PIN_SIZE_PX, MAP_PIN_TONE, mapPinColor } from './mapPin.js';
export type { MessageKey } from './messages.js';
export {
  CAPACITY_MISSING,
  emptyTableMessage,
  INVALID_TOKEN_ERROR,
  MESSAGES,
  NEVER_COMMUNICATED,
  NOMINAL_MISSING,
  OFFLINE_LABEL,
  ONLINE_LABEL,
  PLACEHOLDER_MISSING,
  PLACEHOLDER_NUMBER,
  STALE_LABEL,
} from './messages.js';
export type {
  AlarmMessageInput,
  AlarmToNotify,
  DeliveryStatus,
  EscalationSettings,
  EscalationStep,
  FloodSummaryInput,
  NotificationChannel,
  NotificationPreferences,
  NotificationText,
  QuietHours,
  ShiftEntry,
} from './notifications.js';
export {
  alarmNotificationText,
  CRITICALITY_CHOICES,
  DEFAULT_ESCALATION,
  DEFAULT_NOTIFICATION_PREFERENCES,
  DELIVERY_STATUS_DISPLAY,
  floodSummaryText,
  inQuietHours,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  notificationFilter,
  onShift,
  parseWebhookUrl,
  retryDelaySeconds,
  validateEscalation,
  validateNotificationPreferences,
  validEmail,
} from './notifications.js';
export { MAX_COMMENT_LENGTH, validateComment } from './occurrenceComment.js';
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
export type { Period, PeriodChoice, PeriodPreset } from './period.js';
export {
  CUSTOM_PERIOD,
  chartDefaultWindow,
  energyDefaultWindow,
  FUEL_LISTING_DAYS,
  fuelListingDefaultWindow,
  historyDefaultWindow,
  isPeriodPreset,
  PERIOD_COMBO,
  PERIOD_PRESET_LABELS,
  PERIOD_PRESETS,
  periodPreset,
} from './period.js';
export { COMMAND_RIGHT_ID, hasAccess, hasCommandRight } from './permissions.js';
export type { PlantSort, PlantSortKeys } from './plantSort.js';
export {
  DEFAULT_PLANT_SORT,
  PLANT_SORT_LABELS,
  PLANT_SORTS,
  parsePlantSort,
  plantComparator,
} from './plantSort.js';
export { cleanQuery, queryString } from './query.js';
export type { ReadingName } from './readingNames.js';
export { READING } from './readingNames.js';
export {
  fuelLevelDisplay,
  fuelLevelForChart,
  generatorReadingDisplay,
  INVALID_READING_SENTINEL,
  isInvalidReading,
  signalDisplay,
} from './readings.js';
export type { Refuel, VolumeHour } from './refuel.js';
export {
  detectRefuels,
  fuelAutonomyDays,
  REFUEL_MIN_LITRES,
  REFUEL_MIN_SHARE,
  refuelThreshold,
} from './refuel.js';
export type { ReportColumnFormat, ReportGroup } from './report.js';
export {
  dailyAverage,
  formatReportCell,
  isCounterReading,
  isDateColumn,
  MAINTENANCE_REPORT_TIPO,
  MONTHLY_REPORT_GROUP,
  REPORT_COUNTER_READINGS,
  REPORT_GROUPS,
  REPORT_INTERVAL_MIN,
  REPORT_INTERVALS_MIN,
  REPORT_PAGE_SIZE,
  REPORT_PRESET_TABLE_ID,
  REPORT_SCREEN_PAGE_SIZE,
  reportRowOf,
  reportRowPage,
  reportRowStarts,
  SPREADSHEET_DATE_FORMAT,
  spreadsheetDate,
  spreadsheetNumberFormat,
} from './report.js';
export { WEEKDAY_NAMES, weekdayName } from './schedule.js';
export type {
  ContractInput,
  ContractStatus,
  ContractStatusBounds,
} from './serviceContract.js';
export {
  CONTRACT_CUSTOMER_MAX,
  CONTRACT_DEVICES_MAX,
  CONTRACT_DUE_SOON_DAYS,
  CONTRACT_NOTES_MAX,
  CONTRACT_NUMBER_MAX,
  CONTRACT_STATUS_LABEL,
  CONTRACT_STATUS_TONE,
  CONTRACT_STATUSES,
  contractStatus,
  contractStatusBounds,
  formatContractDay,
  isContractStatus,
  validateContract,
} from './serviceContract.js';
export type { SwitchPosition } from './switch.js';
export {
  groupSwitchState,
  MAINS_ABNORMAL_BIT,
  MAINS_SWITCH_CLOSED_BIT,
  mainsStatus,
  mainsStatusTone,
  mainsSwitchState,
  SWITCH_CLOSED_BIT,
  SWITCH_OPEN_BIT,
  switchState,
  switchTone,
} from './switch.js';
export type { SystemFeature } from './systemFeatures.js';
export { enabledFeatures, SYSTEM_FEATURES } from './systemFeatures.js';
export type { TankColor, TankLevelBand } from './tank.js';
export {
  fuelLevelTone,
  TANK_ATTENTION_MIN,
  TANK_COLOR_TONE,
  TANK_CRITICAL_MIN,
  TANK_FIELD_LABELS,
  TANK_LEGEND,
  TANK_LEVEL_BANDS,
  TANK_VALVE_CLOSED,
  tankColor,
  tankCritico,
  tankLevelBand,
  tankLevelPercent,
  tankStatus,
} from './tank.js';
export {
  isPrimeGeneratorCritical,
  LOAD_SPEED_ATTENTION_MIN,
  LOAD_SPEED_CRITICAL_MIN,
  loadSpeedSeverity,
  PRIME_GENERATOR_CRITICAL_MIN,
  powerPercentSeverity,
} from './thresholds.js';
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
export { isTone, TONES, worstTone } from './tone.js';
export type { BreakerState } from './ups.js';
export {
  UPS_ALARM_BITS,
  UPS_MODE_BITS,
  UPS_PARALLEL_BIT,
  UPS_PARALLEL_LABEL,
  UPS_QUADRO_BIT,
  UPS_QUADRO_LABEL,
  UPS_UNITARY_LABEL,
  upsAlarms,
  upsBreakerState,
  upsModeMessages,
  upsModeStates,
  upsQuadroFlag,
} from './ups.js';
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
