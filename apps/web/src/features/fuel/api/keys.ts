/** Every fuel query starts with this key: a save makes them all stale. */
export const FUEL_KEY = ['combustivel'] as const;

/** Whose sites a fuel screen shows: a system (cluster) or one SCD of it. */
export type FuelScope = { sisId: number; scdId?: number | null };

/** Whose fuel assets a screen shows: a system (cluster) or one venue of it. */
export type FuelAssetScope = { sisId: number; venueId?: number | null };
