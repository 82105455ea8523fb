import { useEffect, useState } from 'react';

/** Epoch seconds, ticking every `everyMs`, so 'DESATUALIZADO' appears without new data. */
export function useNowSec(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
