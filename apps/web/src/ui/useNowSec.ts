import { useEffect, useState } from 'react';

const TICK_MS = 30_000;

/** The current time in epoch seconds, advancing every 30 s so staleness labels (DESATUALIZADO) age on an open screen without new data. */
export function useNowSec(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
