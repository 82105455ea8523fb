import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useState,
} from 'react';

/**
 * Told once a panel has its final size (its content or an error panel). The
 * page draws what sits under the panel (commands, occurrences) only then, so a
 * panel arriving late never pushes a control from under the pointer.
 */
export const PanelSettledContext = createContext<() => void>(() => {});

export function useReportSettled(settled: boolean): void {
  const report = useContext(PanelSettledContext);
  useEffect(() => {
    if (settled) report();
  }, [settled, report]);
}

/**
 * Whether the panel of `key` (a site or place) has settled once; the page
 * draws what sits under the panel only then. Switching overview tabs keeps it.
 */
export function usePanelSettled(key: string): { settled: boolean; onSettled: () => void } {
  const [settledKey, setSettledKey] = useState<string | null>(null);
  // A transition: what sits under the panel (commands, occurrences, presets) is drawn
  // in slices that leave the main thread free, not in one long task after the panel's.
  const onSettled = useCallback(() => startTransition(() => setSettledKey(key)), [key]);
  return { settled: settledKey === key, onSettled };
}
