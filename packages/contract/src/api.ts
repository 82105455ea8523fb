import { OCCURRENCE_CONFIG_API, OCCURRENCES_API } from './occurrences.js';
import { listRoutes } from './route.js';
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
};

export const ALL_ROUTES = listRoutes(API);
