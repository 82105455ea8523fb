/** Spec 000 §2: the customer home is system id 0. */
export const CUSTOMER_HOME_SYSTEM_ID = 0;

export type LandingTarget =
  | { kind: 'systems' }
  | { kind: 'generators'; sisId: number }
  | { kind: 'cluster'; sisId: number };

/**
 * Spec 000 §2: after login the customer home lists the user's systems and opens the
 * system automatically when there is one (or none: the list stays). A system flagged to
 * open on generators (system 121 in the spec; configuration in Vigia) opens that page.
 */
export function landingTarget(
  systems: readonly { id: number }[],
  opensGenerators: (sisId: number) => boolean,
): LandingTarget {
  const only = systems.length === 1 ? systems[0] : undefined;
  if (!only) return { kind: 'systems' };
  return opensGenerators(only.id)
    ? { kind: 'generators', sisId: only.id }
    : { kind: 'cluster', sisId: only.id };
}
