import '@mantine/core/styles/Popover.css';
import { Alert, Loader } from '@mantine/core';
import {
  type ColumnDef,
  getCoreRowModel,
  type Row,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type ReactNode,
  type UIEvent,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { DelayedLoader } from '../DelayedLoader';
import { EmptyMessage } from '../EmptyMessage';
import { TONE_SURFACE } from '../tone';
import { ColumnChooser } from './ColumnChooser';
import classes from './ListTable.module.css';
import { RowCheckbox } from './RowControls';
import { SortHeader } from './SortHeader';
import type { ListColumn, RowSelection, RowTone, ScrollPosition, SortState } from './types';
import { useColumnChoice } from './useColumnChoice';
import { useIsMobile } from './useIsMobile';
import { columnAlign, columnWidth, SELECTION_COLUMN_WIDTH, visibleColumns } from './visibleColumns';

export interface ListTableProps<T> {
  /** Table id: keys the stored column choice and the DOM ids. */
  id: string;
  /** Accessible name of the table. */
  label: string;
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string | number;
  /** What a row is, singular, for 'Nenhum {item} encontrado.' */
  item: string;
  /** Rows are being loaded and none are there yet: the delayed spinner shows. */
  loading?: boolean;
  /** A next page is being loaded: a line under the rows says so. */
  loadingMore?: boolean;
  /** A load failed: shown above the rows (the rows already loaded stay). */
  error?: string | null;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  selection?: RowSelection<T>;
  /** Row background (hex or CSS colour), e.g. the alarm colours. Wins over `rowTone`. */
  rowColor?: (row: T) => string | undefined;
  /** Row background from a display tone (ui/tone.ts). */
  rowTone?: (row: T) => RowTone | undefined;
  /** Enter on a focused row (and a click when `openOnClick`). */
  onRowOpen?: (row: T) => void;
  openOnClick?: boolean;
  /** Called on scroll and when the rows change: feed it to `useInfiniteList().onScrollPosition`. */
  onScrollPosition?: (position: ScrollPosition) => void;
  /** Fixed row height in px (virtualisation needs it). */
  rowHeight?: number;
  /** Maximum height of the scrolling area (CSS length or px). */
  height?: string | number;
  /** Show the column chooser (default true). */
  columnChooser?: boolean;
  /** Controls drawn left of the column chooser (filters, actions). */
  toolbar?: ReactNode;
  /** Drawn under the toolbar, e.g. a filter's validation message. */
  toolbarNote?: ReactNode;
  /** When it changes the list scrolls back to its top (a new filter starts from offset 0). */
  resetScrollKey?: unknown;
  /**
   * On a phone, each row as one stacked cell instead of columns cut to fit
   * (e.g. an alarm's name, equipment, site, time and state on three lines).
   */
  stacked?: StackedRows<T>;
}

export interface StackedRows<T> {
  /** Header of the one column, pt-BR. */
  header: string;
  render: (row: T) => ReactNode;
  /** Plain text of the row for its tooltip. */
  title?: (row: T) => string | undefined;
  /** Fixed row height in px (virtualisation needs it). */
  rowHeight: number;
}

const DEFAULT_ROW_HEIGHT = 36;
/** On xs the 7 columns share a narrow screen: wide ones are clipped (the full text is the tooltip). */
const MOBILE_MAX_WIDTH = { text: 136, number: 84, date: 136 } as const;
const OVERSCAN = 12;
const STACKED_KEY = 'resumo';

/**
 * The list table of the console: virtualised rows, sticky header, server-side
 * sorting, optional selection, row colours, keyboard access (arrows move, Enter
 * opens, Space selects), mobile columns (spec 001 §2) and a stored column choice.
 */
export function ListTable<T>(props: ListTableProps<T>) {
  const {
    id,
    label,
    columns,
    rows: incomingRows,
    getRowId,
    item,
    loading = false,
    loadingMore = false,
    error = null,
    sort = null,
    onSortChange,
    selection,
    rowColor,
    rowTone,
    onRowOpen,
    openOnClick = false,
    onScrollPosition,
    rowHeight = DEFAULT_ROW_HEIGHT,
    height = 'calc(100dvh - 260px)',
    columnChooser = true,
    toolbar,
    toolbarNote,
    resetScrollKey,
    stacked: stackedRows,
  } = props;

  // New rows are drawn in a transition: React draws them in slices that leave the main
  // thread free (a page of rows in one task blocks input for a tenth of a second on a phone).
  const rows = useDeferredValue(incomingRows);
  const drawing = rows !== incomingRows;
  const mobile = useIsMobile();
  const stacked = mobile ? stackedRows : undefined;
  const drawnRowHeight = stacked?.rowHeight ?? rowHeight;
  const choice = useColumnChoice(id, columns);
  const stackedColumn = useMemo<ListColumn<T>[] | null>(
    () =>
      stacked
        ? [
            {
              key: STACKED_KEY,
              header: stacked.header,
              cell: stacked.render,
              title: stacked.title,
              required: true,
            },
          ]
        : null,
    [stacked],
  );
  const shown = useMemo(
    () =>
      stackedColumn ??
      visibleColumns(columns, choice.hidden, { mobile, selectable: Boolean(selection) }),
    [stackedColumn, columns, choice.hidden, mobile, selection],
  );
  const drawn = stackedColumn ?? columns;
  const byKey = useMemo(() => new Map(drawn.map((c) => [c.key, c])), [drawn]);

  const columnDefs = useMemo<ColumnDef<T>[]>(
    () =>
      drawn.map((column) => ({
        id: column.key,
        header: column.header,
        size: mobile
          ? Math.min(columnWidth(column), MOBILE_MAX_WIDTH[column.kind ?? 'text'])
          : columnWidth(column),
        cell: (context) => column.cell(context.row.original),
      })),
    [drawn, mobile],
  );
  const columnVisibility = useMemo<VisibilityState>(() => {
    const shownKeys = new Set(shown.map((c) => c.key));
    return Object.fromEntries(drawn.map((c) => [c.key, shownKeys.has(c.key)]));
  }, [drawn, shown]);

  const table = useReactTable<T>({
    data: rows as T[],
    columns: columnDefs,
    state: { columnVisibility },
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(getRowId(row)),
    manualSorting: true,
  });
  const tableRows = table.getRowModel().rows;
  const leafColumns = table.getVisibleLeafColumns();

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => drawnRowHeight,
    overscan: OVERSCAN,
  });
  // The phone's stacked rows are taller: measure again when the row height changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height is the trigger
  useEffect(() => virtualizer.measure(), [drawnRowHeight, virtualizer]);
  const virtualRows = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  const paddingTop = virtualRows[0]?.start ?? 0;
  const paddingBottom = virtualRows.length > 0 ? totalSize - (virtualRows.at(-1)?.end ?? 0) : 0;

  const report = useCallback(
    (element: HTMLElement) => {
      onScrollPosition?.({
        distanceToEndPx: Math.max(
          0,
          element.scrollHeight - element.scrollTop - element.clientHeight,
        ),
        scrollTop: element.scrollTop,
      });
    },
    [onScrollPosition],
  );
  const onScroll = (event: UIEvent<HTMLDivElement>) => report(event.currentTarget);

  // A list shorter than its viewport never scrolls: report after the rows change too,
  // at the next frame, where the browser lays the rows out anyway (read in the
  // effect, the sizes would force that layout inside the render's task).
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || tableRows.length === 0) return;
    const frame = requestAnimationFrame(() => report(element));
    return () => cancelAnimationFrame(frame);
  }, [tableRows.length, report]);

  const [focusIndex, setFocusIndex] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the trigger
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    setFocusIndex(0);
  }, [resetScrollKey]);

  const pendingFocus = useRef<number | null>(null);
  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(index, tableRows.length - 1));
    setFocusIndex(target);
    pendingFocus.current = target;
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`);
    if (element) {
      pendingFocus.current = null;
      element.focus();
    }
  });

  // One row is in the tab order (roving tabindex); when it scrolled away, the first drawn one.
  const tabbableIndex = virtualRows.some((v) => v.index === focusIndex)
    ? focusIndex
    : virtualRows[0]?.index;
  const visibleRowCount = Math.max(
    1,
    Math.floor((scrollRef.current?.clientHeight ?? 0) / drawnRowHeight) - 1,
  );
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row<T>) => {
    const onRow = event.target === event.currentTarget;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusRow(row.index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusRow(row.index - 1);
        break;
      case 'PageDown':
        event.preventDefault();
        focusRow(row.index + visibleRowCount);
        break;
      case 'PageUp':
        event.preventDefault();
        focusRow(row.index - visibleRowCount);
        break;
      case 'Home':
        if (!onRow) return;
        event.preventDefault();
        focusRow(0);
        break;
      case 'End':
        if (!onRow) return;
        event.preventDefault();
        focusRow(tableRows.length - 1);
        break;
      case 'Enter':
        if (!onRow || !onRowOpen) return;
        event.preventDefault();
        onRowOpen(row.original);
        break;
      case ' ':
        if (!onRow || !selection) return;
        event.preventDefault();
        if (selection.canSelect?.(row.original) ?? true) selection.onToggle(row.original);
        break;
    }
  };

  const selectable = selection
    ? rows.filter((r) => selection.canSelect?.(r) ?? true)
    : ([] as readonly T[]);
  const selectedCount = selection ? selectable.filter((r) => selection.isSelected(r)).length : 0;
  const allSelected = selectable.length > 0 && selectedCount === selectable.length;
  const tableWidth =
    leafColumns.reduce((sum, c) => sum + c.getSize(), 0) + (selection ? SELECTION_COLUMN_WIDTH : 0);
  const colSpan = leafColumns.length + (selection ? 1 : 0);
  const empty = rows.length === 0;

  return (
    <div className={classes.frame}>
      {(toolbar || columnChooser) && (
        <div className={classes.toolbar}>
          <div className={classes.toolbarMain}>{toolbar}</div>
          {columnChooser && !stacked && (
            <div className={classes.toolbarEnd}>
              <ColumnChooser
                tableId={id}
                columns={columns}
                hidden={choice.hidden}
                onChange={choice.setColumnShown}
                onReset={choice.reset}
                compact={mobile}
              />
            </div>
          )}
        </div>
      )}
      {toolbarNote}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <div
        ref={scrollRef}
        className={classes.scroll}
        style={{ maxHeight: height }}
        // With rows, one row takes the focus (roving tabindex); empty, the area
        // itself, so the keyboard still scrolls a header wider than a phone.
        tabIndex={empty ? 0 : undefined}
        onScroll={onScroll}
        data-testid={`${id}-scroll`}
      >
        <table
          className={classes.table}
          style={{ width: stacked ? '100%' : tableWidth }}
          aria-label={label}
          aria-rowcount={rows.length + 1}
          id={id}
        >
          <colgroup>
            {selection && <col style={{ width: SELECTION_COLUMN_WIDTH }} />}
            {leafColumns.map((column) => (
              // The stacked column takes what the selection box leaves.
              <col key={column.id} style={stacked ? undefined : { width: column.getSize() }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {selection && (
                <th className={classes.th} scope="col">
                  <div className={classes.check}>
                    <RowCheckbox
                      aria-label="Selecionar todos"
                      checked={allSelected}
                      indeterminate={selectedCount > 0 && !allSelected}
                      disabled={selectable.length === 0}
                      onChange={() => selection.onToggleAll(!allSelected)}
                    />
                  </div>
                </th>
              )}
              {leafColumns.map((leaf) => {
                const column = byKey.get(leaf.id) as ListColumn<T>;
                return (
                  <SortHeader
                    key={leaf.id}
                    column={column}
                    sort={sort}
                    onSortChange={onSortChange}
                    className={classes.th}
                    buttonClassName={classes.sortButton}
                    labelClassName={classes.sortLabel}
                  />
                );
              })}
            </tr>
          </thead>
          <tbody>
            {paddingTop > 0 && (
              <tr className={classes.spacer} style={{ height: paddingTop }}>
                <td colSpan={colSpan} aria-hidden="true" />
              </tr>
            )}
            {virtualRows.map((virtualRow) => {
              const row = tableRows[virtualRow.index] as Row<T>;
              const selected = selection?.isSelected(row.original) ?? false;
              const tone = rowTone?.(row.original);
              const background =
                rowColor?.(row.original) ?? (tone ? TONE_SURFACE[tone] : undefined);
              return (
                <tr
                  key={row.id}
                  data-index={virtualRow.index}
                  data-row-id={row.id}
                  aria-rowindex={virtualRow.index + 2}
                  aria-selected={selection ? selected : undefined}
                  data-selected={selected || undefined}
                  data-openable={openOnClick && onRowOpen ? '' : undefined}
                  className={classes.row}
                  tabIndex={virtualRow.index === tabbableIndex ? 0 : -1}
                  style={{ height: drawnRowHeight, backgroundColor: background }}
                  onFocus={(event) => {
                    if (event.target === event.currentTarget) setFocusIndex(virtualRow.index);
                  }}
                  onKeyDown={(event) => onRowKeyDown(event, row)}
                  onClick={
                    openOnClick && onRowOpen
                      ? (event) => {
                          const target = event.target as HTMLElement;
                          if (!target.closest('input, button, a, label')) onRowOpen(row.original);
                        }
                      : undefined
                  }
                >
                  {selection && (
                    <td className={classes.td}>
                      <div className={classes.check}>
                        <RowCheckbox
                          tabIndex={-1}
                          aria-label={selection.label?.(row.original) ?? 'Selecionar linha'}
                          checked={selected}
                          disabled={!(selection.canSelect?.(row.original) ?? true)}
                          onChange={() => selection.onToggle(row.original)}
                        />
                      </div>
                    </td>
                  )}
                  {row.getVisibleCells().map((cell) => {
                    const column = byKey.get(cell.column.id) as ListColumn<T>;
                    const content = column.cell(row.original);
                    const title =
                      column.title?.(row.original) ??
                      (typeof content === 'string' ? content : undefined);
                    return (
                      <td
                        key={cell.id}
                        className={
                          stacked
                            ? `${classes.td} ${classes.stacked}`
                            : column.kind === 'number' || column.kind === 'date'
                              ? `${classes.td} ${classes.numeric}`
                              : classes.td
                        }
                        style={{ textAlign: columnAlign(column) }}
                        title={title}
                      >
                        {content}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
            {paddingBottom > 0 && (
              <tr className={classes.spacer} style={{ height: paddingBottom }}>
                <td colSpan={colSpan} aria-hidden="true" />
              </tr>
            )}
          </tbody>
        </table>
        {empty && (loading || drawing) && <DelayedLoader />}
        {empty && !loading && !drawing && !error && <EmptyMessage item={item} />}
        {loadingMore && (
          <div className={classes.footer} role="status">
            <Loader size="xs" color="gray" aria-hidden />
            Carregando mais…
          </div>
        )}
      </div>
    </div>
  );
}
