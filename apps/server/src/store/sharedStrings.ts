const MAX_SHARED = 100_000;
const pool = new Map<string, string>();

/**
 * One copy of a text that many rows repeat: reading names, units, model and
 * place names. Each row read from the database brings its own copy, so 20k
 * devices of one model held 580,000 copies of 29 reading names (15 MB of the
 * heap) in the ingest's device cache alone. Bounded: cleared when full.
 */
export function shared(text: string): string {
  const known = pool.get(text);
  if (known !== undefined) return known;
  if (pool.size >= MAX_SHARED) pool.clear();
  pool.set(text, text);
  return text;
}
