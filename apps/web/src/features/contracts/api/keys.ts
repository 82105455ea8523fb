/** Every contract query starts with this key: a write makes them all stale. */
export const CONTRACTS_KEY = ['contratos'] as const;
