import { useEffect, useRef } from 'react';

export interface SwipeHandlers {
  /** Minimum horizontal travel, px (spec 000 §2: 100 on xs, 200 otherwise). */
  threshold: number;
  onSwipeRight: () => void;
  onSwipeLeft: () => void;
}

/** Horizontal swipes anywhere on the page; a mostly vertical gesture (scrolling) is ignored. */
export function useSwipe({ threshold, onSwipeRight, onSwipeLeft }: SwipeHandlers): void {
  const handlers = useRef({ threshold, onSwipeRight, onSwipeLeft });
  handlers.current = { threshold, onSwipeRight, onSwipeLeft };

  useEffect(() => {
    let start: { x: number; y: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      start = null;
      const current = handlers.current;
      if (Math.abs(dx) < current.threshold || Math.abs(dx) <= Math.abs(dy)) return;
      if (dx > 0) current.onSwipeRight();
      else current.onSwipeLeft();
    };
    const onCancel = () => {
      start = null;
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    document.addEventListener('touchcancel', onCancel, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchend', onEnd);
      document.removeEventListener('touchcancel', onCancel);
    };
  }, []);
}
