/**
 * What a client system has beyond its devices (Vigia's per-system
 * configuration, ARCHITECTURE.md "data over special cases"): the console
 * offers a screen only to the systems that have it.
 */
export const SYSTEM_FEATURES = [
  'combustivel',
  'contratos',
  'planoSaude',
  'relatoriosArquivos',
  'gps',
  'prime',
] as const;
export type SystemFeature = (typeof SYSTEM_FEATURES)[number];

/** The features switched on (`true`) in a system's configuration, in SYSTEM_FEATURES order. */
export function enabledFeatures(
  features: Partial<Record<string, unknown>> | null | undefined,
): SystemFeature[] {
  return SYSTEM_FEATURES.filter((name) => features?.[name] === true);
}
