/** Every fuel query starts with this key: a save makes them all stale. */
export const FUEL_KEY = ['combustivel'] as const;

/** Whose sites a fuel screen shows: a system (cluster) or one SCD of it. */
export type FuelScope = { sisId: number; scdId?: number | null };
