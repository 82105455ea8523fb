import { vi } from 'vitest';

/**
 * Reads `read()` every 50 ms until `ok` holds of its value, and resolves that
 * value; after `timeoutMs` fails with the last value read (vitest's waitFor).
 */
export function until<T>(
  read: () => T | Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!ok(value)) {
        const shown = JSON.stringify(value) ?? String(value);
        throw new Error(
          `condição não atingida em ${timeoutMs} ms: ${shown.length > 500 ? `${shown.slice(0, 500)}…` : shown}`,
        );
      }
      return value;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}
