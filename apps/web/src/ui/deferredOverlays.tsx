import { type ReactElement, startTransition, useEffect, useState } from 'react';
import { useAfterFirstLoad } from '../lib/useAfterFirstLoad';

export type OverlayParts = typeof import('./overlayParts');

let parts: OverlayParts | null = null;
let loading: Promise<OverlayParts> | null = null;
const listeners = new Set<() => void>();

/** Loads the floating parts (once); also on the first pointer or key on a trigger. */
export function loadOverlays(): Promise<OverlayParts> {
  loading ??= import('./overlayParts').then((module) => {
    parts = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The menus, tooltips and modals provider, or null until they are loaded:
 * they load once the first screen has loaded (or earlier, when a trigger is
 * used), so the first paint does not wait for floating-ui. Until then a menu
 * shows its trigger alone and an element its tooltip would name is shown bare.
 */
export function useOverlays(): OverlayParts | null {
  const settled = useAfterFirstLoad();
  const [loaded, setLoaded] = useState(parts);
  // A transition: the menus and tooltips are drawn in short slices, not one long task.
  useEffect(() => {
    if (parts) setLoaded(parts);
    return subscribe(() => startTransition(() => setLoaded(parts)));
  }, []);
  useEffect(() => {
    if (settled) void loadOverlays();
  }, [settled]);
  return loaded;
}

interface TooltipProps {
  label: string;
  position?: 'right' | 'left' | 'top' | 'bottom';
  children: ReactElement;
}

/** Mantine's Tooltip once the floating parts are loaded; the bare element before. */
export function DeferredTooltip({ label, position, children }: TooltipProps) {
  const overlays = useOverlays();
  if (!overlays) return children;
  return (
    <overlays.Tooltip label={label} position={position}>
      {children}
    </overlays.Tooltip>
  );
}
