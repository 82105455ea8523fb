import type { ListColumn } from '../../../ui/table/types';
import { columnWidth } from '../../../ui/table/visibleColumns';

// Header text is 14 px semibold (at most about 9 px a character) with 10 px padding each side;
// a sortable header adds its 14 px icon and a gap.
const CHAR_PX = 9;
const PADDING_PX = 22;
const SORT_ICON_PX = 20;

/** 'dd/MM/yyyy HH:mm:ss' in tabular figures with the cell padding. */
export const DATE_WIDTH = 184;

/** Widens columns so their header reads in full (a table column is as wide as its header at least). */
export function fitHeaders<T>(columns: readonly ListColumn<T>[]): ListColumn<T>[] {
  return columns.map((column) => {
    const needed = Math.ceil(
      column.header.length * CHAR_PX + PADDING_PX + (column.sortable ? SORT_ICON_PX : 0),
    );
    const width = columnWidth(column);
    return needed > width ? { ...column, width: needed } : column;
  });
}
