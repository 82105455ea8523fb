import { ADMIN_API, AUDIT_API } from './admin.js';
import { ALARM_KPI_API } from './alarmKpi.js';
import { ALARM_STATES_API } from './alarmStates.js';
import { AUTH_API } from './auth.js';
import { CHART_HISTORY_API } from './chartHistory.js';
import { COMMANDS_API } from './commands.js';
import { CONFIGURATION_API } from './configuration.js';
import { CONTRACTS_API } from './contracts.js';
import { DEVICES_API } from './devices.js';
import { ANALYSIS_API, ENERGY_API } from './energy.js';
import { EVENTS_API } from './events.js';
import { FUEL_API } from './fuel.js';
import { GPS_API } from './gps.js';
import { HEALTH_API } from './health.js';
import { HEALTH_PLAN_API } from './healthPlan.js';
import { INGEST_API } from './ingest.js';
import { NOTIFICATIONS_API } from './notifications.js';
import { OCCURRENCE_COMMENTS_API } from './occurrenceComments.js';
import { OCCURRENCE_CONFIG_API, OCCURRENCES_API } from './occurrences.js';
import { REPORT_FILES_API } from './reportFiles.js';
import { REPORTS_API } from './reports.js';
import { listRoutes } from './route.js';
import { SCHEDULES_API } from './schedules.js';
import { SITES_API } from './sites.js';
import { USER_API } from './user.js';

/**
 * The route table: every call of the catalogue, once, by area. The server
 * registers its handlers from these definitions and the console calls them
 * through its typed client; `apps/server/src/routes/routeTable.db.test.ts`
 * fails when the two disagree.
 */
export const API = {
  user: USER_API,
  occurrences: OCCURRENCES_API,
  occurrenceConfig: OCCURRENCE_CONFIG_API,
  healthPlan: HEALTH_PLAN_API,
  occurrenceComments: OCCURRENCE_COMMENTS_API,
  alarmKpi: ALARM_KPI_API,
  alarmStates: ALARM_STATES_API,
  events: EVENTS_API,
  ingest: INGEST_API,
  auth: AUTH_API,
  health: HEALTH_API,
  energy: ENERGY_API,
  analysis: ANALYSIS_API,
  gps: GPS_API,
  devices: DEVICES_API,
  chartHistory: CHART_HISTORY_API,
  sites: SITES_API,
  configuration: CONFIGURATION_API,
  commands: COMMANDS_API,
  fuel: FUEL_API,
  schedules: SCHEDULES_API,
  contracts: CONTRACTS_API,
  reports: REPORTS_API,
  reportFiles: REPORT_FILES_API,
  admin: ADMIN_API,
  audit: AUDIT_API,
  notifications: NOTIFICATIONS_API,
};

export const ALL_ROUTES = listRoutes(API);
