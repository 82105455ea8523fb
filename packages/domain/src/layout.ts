/** Spec 000 §2 / 001 §9: xs up to 767, sm 768–991, md 992–1199, lg 1200 and up. */
export const BREAKPOINTS = { xs: 767, sm: 991, md: 1199 } as const;

export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg';

export function breakpointOf(widthPx: number): Breakpoint {
  if (widthPx <= BREAKPOINTS.xs) return 'xs';
  if (widthPx <= BREAKPOINTS.sm) return 'sm';
  if (widthPx <= BREAKPOINTS.md) return 'md';
  return 'lg';
}

/** Spec 000 §2: swipe thresholds are 100 px on extra-small screens and 200 px otherwise. */
export function swipeThresholdPx(bp: Breakpoint): number {
  return bp === 'xs' ? 100 : 200;
}

/** Spec 000 §2: the side navigation expands on hover on medium and large screens. */
export function navExpandsOnHover(bp: Breakpoint): boolean {
  return bp === 'md' || bp === 'lg';
}

/** Spec 000 §2: the side navigation collapses on small screens. */
export function navCollapsedByDefault(bp: Breakpoint): boolean {
  return bp === 'xs' || bp === 'sm';
}

/** Spec 001 §2: on mobile only the first 7 columns show … */
export const MOBILE_MAX_COLUMNS = 7;

/** … and these column kinds are hidden. */
export const MOBILE_HIDDEN_COLUMNS = [
  'date',
  'site',
  'uf',
  'alarm',
  'connection',
  'equipment',
] as const;

export type MobileHiddenColumn = (typeof MOBILE_HIDDEN_COLUMNS)[number];

/** Spec 000 §9: energy cards are 200 px wide. */
export const ENERGY_CARD_WIDTH_PX = 200;
