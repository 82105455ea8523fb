import { useBreakpoint } from '../useBreakpoint';

/** Whether the window is the spec's extra-small breakpoint (up to 767 px), where lists show fewer columns. */
export function useIsMobile(): boolean {
  return useBreakpoint() === 'xs';
}
