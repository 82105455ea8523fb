import { MOBILE_HIDDEN_COLUMNS, MOBILE_MAX_COLUMNS } from '@vigia/domain';
import type { ColumnAlign, ListColumn } from './types';

const HIDDEN_ON_MOBILE = new Set<string>(MOBILE_HIDDEN_COLUMNS);

/** The spec's column kind of a column: set explicitly, or 'date' for date columns. */
export function columnCategory<T>(column: ListColumn<T>): string | undefined {
  return column.category ?? (column.kind === 'date' ? 'date' : undefined);
}

/** Spec 001 §2: a column that may show on mobile (before the 7-column cut). */
export function showsOnMobile<T>(column: ListColumn<T>): boolean {
  if (column.mobile !== undefined) return column.mobile;
  const category = columnCategory(column);
  return category === undefined || !HIDDEN_ON_MOBILE.has(category);
}

/**
 * The columns drawn: the ones the user did not hide (required ones always
 * stay), and on mobile only those allowed there, the first 7 of them
 * (MOBILE_MAX_COLUMNS), counting the selection box when there is one.
 */
export function visibleColumns<T>(
  columns: readonly ListColumn<T>[],
  hidden: ReadonlySet<string>,
  options: { mobile: boolean; selectable?: boolean },
): ListColumn<T>[] {
  const chosen = columns.filter((column) => column.required || !hidden.has(column.key));
  if (!options.mobile) return chosen;
  const room = MOBILE_MAX_COLUMNS - (options.selectable ? 1 : 0);
  return chosen.filter(showsOnMobile).slice(0, Math.max(room, 0));
}

/** The keys hidden when nothing is stored: the columns marked `defaultHidden`. */
export function defaultHiddenKeys<T>(columns: readonly ListColumn<T>[]): string[] {
  return columns.filter((column) => column.defaultHidden && !column.required).map((c) => c.key);
}

export function columnAlign<T>(column: ListColumn<T>): ColumnAlign {
  if (column.align) return column.align;
  return column.kind === 'number' ? 'right' : 'left';
}

const DEFAULT_WIDTH = { text: 180, number: 120, date: 168 } as const;

export function columnWidth<T>(column: ListColumn<T>): number {
  return column.width ?? DEFAULT_WIDTH[column.kind ?? 'text'];
}

export const SELECTION_COLUMN_WIDTH = 44;
