/** Every escala query starts with this key: a write makes them all stale. */
export const SCHEDULES_KEY = ['escalas'] as const;
