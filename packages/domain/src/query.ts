/**
 * Spec 000 §5: request query values that are null, undefined or false are dropped
 * before sending. The rest become strings: arrays are joined with ',' (after dropping
 * their null/undefined items; an array left empty is dropped), a Date becomes epoch
 * seconds (dates travel as epoch seconds), a plain object becomes JSON.
 */
export function cleanQuery(params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const text = queryValue(value);
    if (text !== undefined) out[key] = text;
  }
  return out;
}

function queryValue(value: unknown): string | undefined {
  if (value === null || value === undefined || value === false) return undefined;
  if (Array.isArray(value)) {
    const items = value.filter((item) => item !== null && item !== undefined).map(scalarText);
    return items.length > 0 ? items.join(',') : undefined;
  }
  return scalarText(value);
}

function scalarText(value: unknown): string {
  if (value instanceof Date) return String(Math.floor(value.getTime() / 1000));
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** `cleanQuery` serialised as `a=1&b=x` (keys in insertion order, RFC 3986 encoding). */
export function queryString(params: Record<string, unknown>): string {
  return Object.entries(cleanQuery(params))
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}
