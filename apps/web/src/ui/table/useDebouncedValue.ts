import { useEffect, useRef, useState } from 'react';

/**
 * `value` once it has stayed the same (by JSON text) for `ms`. The first value
 * is taken at once, so a screen's first load does not wait.
 */
export function useDebouncedValue<V>(value: V, ms: number): { value: V; key: string } {
  const key = JSON.stringify(value) ?? '';
  const latest = useRef(value);
  latest.current = value;
  const [settled, setSettled] = useState({ key, value });

  useEffect(() => {
    if (key === settled.key) return;
    const timer = setTimeout(() => setSettled({ key, value: latest.current }), ms);
    return () => clearTimeout(timer);
  }, [key, settled.key, ms]);

  return settled;
}
