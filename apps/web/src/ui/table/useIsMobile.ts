import { breakpointOf } from '@vigia/domain';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** Whether the window is the spec's extra-small breakpoint (up to 767 px), where lists show fewer columns. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => breakpointOf(window.innerWidth) === 'xs',
    () => false,
  );
}
