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

/** Orders kept by `sortRowsRemembered`, least recently used first. */
const rememberedOrders = new Map<string, number[]>();
const REMEMBERED_ORDERS = 64;
/** Shorter lists are simply sorted. */
const REMEMBER_FROM_ROWS = 256;

/**
 * `sortRows` for a list sorted again on every call though its order seldom
 * changes (a system's 4,000 devices by name, reloaded by every console each
 * second: ~20 ms of pt-BR collation a call). The last order of the same rows
 * (`label` and the same ids) is tried first and kept only if it is still
 * sorted, n - 1 comparisons; ids being unique, a sorted order is the only one,
 * so the answer is always that of a full sort.
 */
export function sortRowsRemembered<T>(
  rows: T[],
  keys: readonly SortKey<T>[],
  tieBreak: (row: T) => number,
  label: string,
): T[] {
  if (rows.length < REMEMBER_FROM_ROWS) return sortRows(rows, keys, tieBreak);
  const byId = new Map<number, T>();
  let sum = 0;
  for (const row of rows) {
    const id = tieBreak(row);
    byId.set(id, row);
    sum = (sum + id) % 2_147_483_647;
  }
  if (byId.size !== rows.length) return sortRows(rows, keys, tieBreak);
  const key = `${label}:${rows.length}:${sum}`;
  const comparator = rowComparator(keys, tieBreak);
  const order = rememberedOrders.get(key);
  if (order) {
    rememberedOrders.delete(key);
    const candidate: T[] = [];
    for (const id of order) {
      const row = byId.get(id);
      if (row === undefined) break;
      candidate.push(row);
    }
    let sorted = candidate.length === rows.length;
    for (let i = 1; sorted && i < candidate.length; i++) {
      sorted = comparator(candidate[i - 1] as T, candidate[i] as T) < 0;
    }
    if (sorted) {
      rememberedOrders.set(key, order);
      for (let i = 0; i < rows.length; i++) rows[i] = candidate[i] as T;
      return rows;
    }
  }
  rows.sort(comparator);
  rememberedOrders.set(key, rows.map(tieBreak));
  if (rememberedOrders.size > REMEMBERED_ORDERS) {
    rememberedOrders.delete(rememberedOrders.keys().next().value as string);
  }
  return rows;
}

export interface Page<T> {
  total: number;
  itens: T[];
}

export function pageOf<T>(rows: readonly T[], offSet: number, limit: number): Page<T> {
  return { total: rows.length, itens: rows.slice(offSet, offSet + limit) };
}
