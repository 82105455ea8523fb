import { BREAKPOINTS, type Breakpoint } from '@vigia/domain';
import { useSyncExternalStore } from 'react';

const ORDER: readonly Breakpoint[] = ['xs', 'sm', 'md', 'lg'];
let queries: MediaQueryList[] | null = null;

// Media queries rather than `window.innerWidth`: reading innerWidth makes the
// browser lay the page out at once, in the middle of React's work.
function mediaQueries(): MediaQueryList[] {
  queries ??= [BREAKPOINTS.xs, BREAKPOINTS.sm, BREAKPOINTS.md].map((max) =>
    window.matchMedia(`(min-width: ${max + 1}px)`),
  );
  return queries;
}

function subscribe(onChange: () => void): () => void {
  const lists = mediaQueries();
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

function snapshot(): Breakpoint {
  return ORDER[mediaQueries().filter((list) => list.matches).length] ?? 'lg';
}

/** The spec's breakpoint (xs ≤ 767, sm 768–991, md 992–1199, lg ≥ 1200) of the window. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, snapshot, () => 'lg');
}
