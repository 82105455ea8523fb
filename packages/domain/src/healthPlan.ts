/** Spec 001 §4: the health-plan list moves between three lists. */
export type HealthPlanList = 'initial' | 'withoutReason' | 'all';

export interface HealthPlanView {
  list: HealthPlanList;
  withoutReason: boolean | null | undefined;
  all: boolean | null | undefined;
}

/** Where the list starts and where the 60 s refresh puts it back (toggles reset). */
export const HEALTH_PLAN_INITIAL: HealthPlanView = {
  list: 'initial',
  withoutReason: false,
  all: false,
};

/** A toggle from false goes to true; from true, null or undefined it goes back to false. */
export function nextHealthPlanToggle(current: boolean | null | undefined): boolean {
  return current === false;
}

/**
 * Press the 'without reason' or 'all' toggle. Turning one on shows its list and turns
 * the other off; anything else returns to the initial list with both off.
 */
export function toggleHealthPlanList(
  view: HealthPlanView,
  toggle: 'withoutReason' | 'all',
): HealthPlanView {
  if (!nextHealthPlanToggle(view[toggle])) return HEALTH_PLAN_INITIAL;
  return toggle === 'withoutReason'
    ? { list: 'withoutReason', withoutReason: true, all: false }
    : { list: 'all', withoutReason: false, all: true };
}
