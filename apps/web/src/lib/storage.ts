import { useCallback, useState } from 'react';

/** Every key the console keeps in the browser starts with this product prefix (spec 000 §3). */
export const STORAGE_PREFIX = 'vigia.';

export function storageKey(name: string): string {
  return `${STORAGE_PREFIX}${name}`;
}

// Locked-down browsers may throw on any storage access: the console then keeps
// its values in memory for the page's lifetime instead of failing.
const memory = new Map<string, string>();

export function readStored(name: string): string | null {
  try {
    return localStorage.getItem(storageKey(name));
  } catch {
    return memory.get(name) ?? null;
  }
}

export function writeStored(name: string, value: string): void {
  try {
    localStorage.setItem(storageKey(name), value);
  } catch {
    memory.set(name, value);
  }
}

export function removeStored(name: string): void {
  try {
    localStorage.removeItem(storageKey(name));
  } catch {
    memory.delete(name);
  }
}

/**
 * A value the console keeps in the browser under `name` (spec 000 §3: chosen
 * columns, filters and selected filters): read once on mount, written on change.
 */
export function useStoredState(name: string, fallback = ''): [string, (value: string) => void] {
  const [value, setValue] = useState(() => readStored(name) ?? fallback);
  const set = useCallback(
    (next: string) => {
      setValue(next);
      if (next === fallback) removeStored(name);
      else writeStored(name, next);
    },
    [name, fallback],
  );
  return [value, set];
}
