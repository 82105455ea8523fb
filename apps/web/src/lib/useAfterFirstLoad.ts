import { useEffect, useState } from 'react';

// Once the page has loaded and gone idle it stays so for every later screen.
let settled = false;
const waiting = new Set<() => void>();

function settle(): void {
  settled = true;
  for (const notify of waiting) notify();
  waiting.clear();
}

let started = false;
function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const idle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(settle, { timeout: 2000 })
      : setTimeout(settle, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * False until the page has loaded and the browser is idle: secondary work
 * (the live event stream, side-bar counters) waits for
 * it so the screen's own code and data get the network first.
 */
export function useAfterFirstLoad(): boolean {
  const [done, setDone] = useState(settled);
  useEffect(() => {
    if (done) return;
    if (settled) {
      setDone(true);
      return;
    }
    const notify = () => setDone(true);
    waiting.add(notify);
    start();
    return () => {
      waiting.delete(notify);
    };
  }, [done]);
  return done;
}
