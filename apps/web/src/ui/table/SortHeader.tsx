import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ListColumn, SortDirection, SortState } from './types';
import { columnAlign } from './visibleColumns';

interface Props<T> {
  column: ListColumn<T>;
  sort: SortState | null;
  onSortChange?: (sort: SortState) => void;
  className?: string;
  buttonClassName?: string;
  labelClassName?: string;
}

/** The first click on a column sorts numbers and dates newest/largest first, text A to Z. */
export function nextSort<T>(column: ListColumn<T>, sort: SortState | null): SortState {
  if (sort?.key === column.key) {
    return { key: column.key, direction: sort.direction === 'asc' ? 'desc' : 'asc' };
  }
  const first: SortDirection = column.kind === 'number' || column.kind === 'date' ? 'desc' : 'asc';
  return { key: column.key, direction: first };
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export function SortHeader<T>({
  column,
  sort,
  onSortChange,
  className,
  buttonClassName,
  labelClassName,
}: Props<T>) {
  const active = sort?.key === column.key ? sort.direction : null;
  const sortable = Boolean(column.sortable && onSortChange);
  const Icon = active === 'asc' ? IconArrowUp : active === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <th
      className={className}
      scope="col"
      style={{ textAlign: columnAlign(column) }}
      aria-sort={sortable ? (active ? ARIA_SORT[active] : 'none') : undefined}
      aria-label={column.header ? undefined : column.ariaLabel}
      title={column.header || column.ariaLabel}
    >
      {sortable ? (
        <UnstyledButton
          className={buttonClassName}
          onClick={() => onSortChange?.(nextSort(column, sort))}
        >
          <span className={labelClassName}>{column.header}</span>
          <Icon size={14} aria-hidden stroke={active ? 2.2 : 1.5} />
        </UnstyledButton>
      ) : (
        column.header
      )}
    </th>
  );
}
