import { useState } from 'react';
import { loadOverlays } from '../../ui/deferredOverlays';

/**
 * A menu trigger drawn before the menus are loaded (ui/deferredOverlays):
 * pointing at it or focusing it loads them; a click meanwhile opens the menu
 * once loaded, and the real trigger takes the focus the placeholder had.
 */
export function useEarlyTrigger() {
  const [used, setUsed] = useState<'focus' | 'open' | null>(null);
  return {
    openOnLoad: used === 'open',
    placeholderProps: {
      'aria-haspopup': 'menu' as const,
      'aria-expanded': false,
      onPointerEnter: () => void loadOverlays(),
      onFocus: () => {
        setUsed((value) => value ?? 'focus');
        void loadOverlays();
      },
      onBlur: () => setUsed((value) => (value === 'focus' ? null : value)),
      onClick: () => {
        setUsed('open');
        void loadOverlays();
      },
    },
    targetProps: { autoFocus: used !== null },
  };
}
