/*
 * Filtering, sorting and paging of list rows in memory, the same on SQLite
 * and PostgreSQL: text matches ignore case and accents ('camara' finds
 * 'Câmara') and names sort in pt-BR order whatever the database collation.
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;

export function foldText(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** A predicate for `filtroTexto` over a row's text fields; null when there is no filter. */
export function textMatcher(
  filter: string | undefined,
): ((fields: readonly (string | null | undefined)[]) => boolean) | null {
  const needle = foldText(filter?.trim() ?? '');
  if (needle === '') return null;
  return (fields) => fields.some((field) => field != null && foldText(field).includes(needle));
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

export type SortValue = string | number | null | undefined;

export interface SortKey<T> {
  value: (row: T) => SortValue;
  desc?: boolean;
}

/** Missing values go last in either direction. */
function compare(a: SortValue, b: SortValue, desc: boolean): number {
  const aMissing = a === null || a === undefined || (typeof a === 'number' && Number.isNaN(a));
  const bMissing = b === null || b === undefined || (typeof b === 'number' && Number.isNaN(b));
  if (aMissing || bMissing) return (aMissing ? 1 : 0) - (bMissing ? 1 : 0);
  const order =
    typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
  return desc ? -order : order;
}

/** A comparator by the keys in turn; `tieBreak` (usually the id) keeps pages stable. */
export function rowComparator<T>(
  keys: readonly SortKey<T>[],
  tieBreak: (row: T) => number,
): (x: T, y: T) => number {
  return (x, y) => {
    for (const key of keys) {
      const order = compare(key.value(x), key.value(y), key.desc ?? false);
      if (order !== 0) return order;
    }
    return tieBreak(x) - tieBreak(y);
  };
}

/** Sorts in place by the keys in turn, then by `tieBreak`. */
export function sortRows<T>(
  rows: T[],
  keys: readonly SortKey<T>[],
  tieBreak: (row: T) => number,
): T[] {
  return rows.sort(rowComparator(keys, tieBreak));
}

export interface Page<T> {
  total: number;
  itens: T[];
}

export function pageOf<T>(rows: readonly T[], offSet: number, limit: number): Page<T> {
  return { total: rows.length, itens: rows.slice(offSet, offSet + limit) };
}
