import type { MobileHiddenColumn, Tone } from '@vigia/domain';
import type { ReactNode } from 'react';

/** How a column's values read: numbers and dates align and use tabular figures. */
export type ColumnKind = 'text' | 'number' | 'date';

export type ColumnAlign = 'left' | 'center' | 'right';

export interface ListColumn<T> {
  /** Stable id: the column chooser stores it and `sort.key` names it. */
  key: string;
  /** Header text, pt-BR. An empty header needs `ariaLabel`. */
  header: string;
  /** Accessible name when the header shows no text. */
  ariaLabel?: string;
  cell: (row: T) => ReactNode;
  /** Plain text of the cell for the tooltip of a clipped value (defaults to the cell when it is a string). */
  title?: (row: T) => string | undefined;
  /** Default 'text'. 'number' aligns right; 'date' counts as the spec's date column on mobile. */
  kind?: ColumnKind;
  align?: ColumnAlign;
  /** Width in px (default by kind). */
  width?: number;
  /**
   * The spec's column kind hidden on mobile (001 §2: date, site, UF, alarm,
   * connection, equipment). A 'date' column is 'date' unless set.
   */
  category?: MobileHiddenColumn;
  /** Overrides the mobile rule: true shows the column on xs (within the first 7), false hides it. */
  mobile?: boolean;
  /** The column can be sorted on the server; the list sends `sort` as it likes (e.g. `orderBy`). */
  sortable?: boolean;
  /** The column chooser cannot hide it (default false). */
  required?: boolean;
  /** Hidden until the user picks it in the column chooser. */
  defaultHidden?: boolean;
}

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  key: string;
  direction: SortDirection;
}

/** Row selection, controlled by the list (the table only reports the clicks). */
export interface RowSelection<T> {
  isSelected: (row: T) => boolean;
  onToggle: (row: T) => void;
  /** The select-all box: true sets every selectable row, false clears them (spec 001 §4). */
  onToggleAll: (checked: boolean) => void;
  /** Accessible name of a row's checkbox (default 'Selecionar linha'). */
  label?: (row: T) => string;
  /** Rows that cannot be selected show a disabled box. */
  canSelect?: (row: T) => boolean;
}

/** Where the scroll is: pixels left below the viewport and whether the top row is in view. */
export interface ScrollPosition {
  distanceToEndPx: number;
  scrollTop: number;
}

export type RowTone = Tone;
