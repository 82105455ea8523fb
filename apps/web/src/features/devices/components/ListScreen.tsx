import '@mantine/core/styles/SegmentedControl.css';
import { Button, Group, SegmentedControl } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { PAGE_SIZE, type Tone } from '@vigia/domain';
import { type ReactNode, useState } from 'react';
import { readStored, useStoredState, writeStored } from '../../../lib/storage';
import { ListSearchInput } from '../../../ui/table/ListSearchInput';
import { ListTable } from '../../../ui/table/ListTable';
import type { ListColumn, ScrollPosition, SortState } from '../../../ui/table/types';
import { useInfiniteList } from '../../../ui/table/useInfiniteList';

export interface PageQuery {
  offSet: number;
  limit: number;
  filtroTexto: string;
  orderBy: string;
  signal: AbortSignal;
}

export interface CardsProps<T> {
  rows: readonly T[];
  loading: boolean;
  loadingMore: boolean;
  onScrollPosition: (position: ScrollPosition) => void;
}

type View = 'tabela' | 'cards';

interface Props<T extends { id: number }> {
  /** Table id: the stored column choice and view, and test ids. */
  id: string;
  /** Accessible name of the table. */
  label: string;
  item: string;
  queryKey: QueryKey;
  fetchPage: (query: PageQuery) => Promise<T[]>;
  columns: readonly ListColumn<T>[];
  /** Live alarm events of this system reload the list (0: of any system). */
  liveSisId: number;
  onOpen?: (row: T) => void;
  rowTone?: (row: T) => Tone | undefined;
  /** A tiles view besides the table. */
  renderCards?: (props: CardsProps<T>) => ReactNode;
  defaultView?: View;
  /** Shown after the search box (legends, variant switches). */
  extra?: ReactNode;
  limit?: number;
  height?: string;
}

function orderByOf(sort: SortState | null): string {
  return sort ? `${sort.key} ${sort.direction}` : '';
}

/**
 * The order a list was left with ('nome asc'), back as the table's sort; none
 * when its column is no longer one the list sorts by (an older console's).
 */
function sortOf<T>(orderBy: string, columns: readonly ListColumn<T>[]): SortState | null {
  const [key, direction] = orderBy.split(' ');
  const sortable = columns.some((column) => column.key === key && column.sortable);
  return sortable && key && (direction === 'asc' || direction === 'desc')
    ? { key, direction }
    : null;
}

/**
 * A list screen of spec 001 §2: search (400 ms debounce), server sorting,
 * pages loaded on scroll, 60 s refresh at the first page, live reload on
 * alarms, the column chooser and, for devices, a tiles view.
 */
export function ListScreen<T extends { id: number }>({
  id,
  label,
  item,
  queryKey,
  fetchPage,
  columns,
  liveSisId,
  onOpen,
  rowTone,
  renderCards,
  defaultView = 'tabela',
  extra,
  limit = PAGE_SIZE.lists,
  height,
}: Props<T>) {
  // The search and the order a list was left with are kept in the browser (spec 000 §3).
  const [search, setSearch] = useStoredState(`lista.${id}.busca`);
  const [order, setOrder] = useStoredState(`lista.${id}.ordem`);
  const sort = sortOf(order, columns);
  const setSort = (next: SortState | null) => setOrder(orderByOf(next));
  const [view, setView] = useState<View>(() => {
    const stored = readStored(`lista.${id}.visao`);
    return renderCards && (stored === 'cards' || stored === 'tabela') ? stored : defaultView;
  });
  const list = useInfiniteList<T, { filtroTexto: string; orderBy: string }>({
    queryKey,
    filters: { filtroTexto: search.trim(), orderBy: orderByOf(sort) },
    fetchPage: ({ offSet, limit: size, filters, signal }) =>
      fetchPage({ offSet, limit: size, ...filters, signal }),
    limit,
    getRowId: (row) => row.id,
    live: {
      types: ['occurrence.opened', 'occurrence.cleared'],
      sisId: liveSisId,
      throttleMs: 5000,
    },
  });

  const chooseView = (next: string) => {
    const value = next === 'cards' ? 'cards' : 'tabela';
    setView(value);
    writeStored(`lista.${id}.visao`, value);
  };

  const toolbar = (
    <Group gap="sm" wrap="wrap">
      <ListSearchInput value={search} onChange={setSearch} />
      {renderCards && (
        <SegmentedControl
          aria-label="Visualização"
          value={view}
          onChange={chooseView}
          data={[
            { value: 'tabela', label: 'Tabela' },
            { value: 'cards', label: 'Cards' },
          ]}
        />
      )}
      {extra}
      {list.hasUpdates && (
        <Button variant="light" size="xs" onClick={() => void list.refresh()}>
          Há atualizações: recarregar
        </Button>
      )}
    </Group>
  );

  if (view === 'cards' && renderCards) {
    return (
      <>
        <Group mb="sm">{toolbar}</Group>
        {renderCards({
          rows: list.rows,
          loading: list.isPending,
          loadingMore: list.isFetchingNextPage,
          onScrollPosition: list.onScrollPosition,
        })}
      </>
    );
  }

  return (
    <ListTable<T>
      id={id}
      label={label}
      columns={columns}
      rows={list.rows}
      getRowId={(row) => row.id}
      item={item}
      loading={list.isPending}
      loadingMore={list.isFetchingNextPage}
      error={list.error ? 'Não foi possível carregar a lista.' : null}
      sort={sort}
      onSortChange={setSort}
      rowTone={rowTone}
      onRowOpen={onOpen}
      openOnClick={onOpen !== undefined}
      onScrollPosition={list.onScrollPosition}
      resetScrollKey={list.filtersKey}
      toolbar={toolbar}
      height={height}
    />
  );
}
