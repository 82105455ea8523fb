import {
  type Breakpoint,
  NAV_COLLAPSE_MS,
  navCollapsedByDefault,
  navExpandsOnHover,
} from '@vigia/domain';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { readStored, writeStored } from '../../lib/storage';

const PINNED_KEY = 'nav.pinned';

export interface NavCollapse {
  /** Labels shown (md/lg/sm) or drawer open (xs). */
  expanded: boolean;
  pinned: boolean;
  /** Off-canvas drawer instead of a rail (xs). */
  drawer: boolean;
  expand: () => void;
  collapse: () => void;
  toggle: () => void;
  togglePinned: () => void;
  /** Keyboard focus inside the navigation: it stays open meanwhile. */
  setFocused: (focused: boolean) => void;
  /** Pointer over the navigation: expands it on md and lg; it stays open meanwhile. */
  setHovered: (hovered: boolean) => void;
}

/**
 * Side navigation behaviour (spec 000 §2): collapsed on small screens;
 * expands on hover on md and lg; when not pinned it collapses 2500 ms after it
 * was opened or left. On xs it is a drawer that closes on navigation.
 */
export function useNavCollapse(breakpoint: Breakpoint, routeKey: string): NavCollapse {
  const drawer = breakpoint === 'xs';
  const [pinned, setPinned] = useState(() => readStored(PINNED_KEY) === '1');
  const [expanded, setExpanded] = useState(() => !navCollapsedByDefault(breakpoint));
  const [hovered, setHoveredState] = useState(false);
  const [focused, setFocused] = useState(false);
  const engaged = hovered || focused;
  // Restarts the collapse countdown on every explicit expand.
  const [generation, setGeneration] = useState(0);

  const open = !drawer && pinned ? true : expanded;

  useEffect(() => {
    setExpanded(!navCollapsedByDefault(breakpoint));
  }, [breakpoint]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the drawer on each new route
  useEffect(() => {
    if (drawer) setExpanded(false);
  }, [routeKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` restarts the countdown
  useEffect(() => {
    if (drawer || pinned || !expanded || engaged) return;
    // A transition: the rail (icons with tooltips) is drawn in short slices.
    const timer = setTimeout(() => startTransition(() => setExpanded(false)), NAV_COLLAPSE_MS);
    return () => clearTimeout(timer);
  }, [drawer, pinned, expanded, engaged, generation]);

  const expand = useCallback(() => {
    setExpanded(true);
    setGeneration((g) => g + 1);
  }, []);
  const collapse = useCallback(() => setExpanded(false), []);
  const toggle = useCallback(() => {
    setExpanded((value) => !value);
    setGeneration((g) => g + 1);
  }, []);
  const togglePinned = useCallback(() => {
    setPinned((value) => {
      writeStored(PINNED_KEY, value ? '0' : '1');
      return !value;
    });
    setExpanded(true);
    setGeneration((g) => g + 1);
  }, []);
  const setHovered = useCallback(
    (value: boolean) => {
      setHoveredState(value);
      if (value && navExpandsOnHover(breakpoint)) setExpanded(true);
    },
    [breakpoint],
  );

  return {
    expanded: open,
    pinned,
    drawer,
    expand,
    collapse,
    toggle,
    togglePinned,
    setFocused,
    setHovered,
  };
}
