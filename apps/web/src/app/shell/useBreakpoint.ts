import { type Breakpoint, breakpointOf } from '@vigia/domain';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The spec's breakpoint (xs ≤ 767, sm 768–991, md 992–1199, lg ≥ 1200) of the window. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(
    subscribe,
    () => breakpointOf(window.innerWidth),
    () => 'lg',
  );
}
