import '@mantine/core/styles/SimpleGrid.css';
import { Loader, SimpleGrid, Text } from '@mantine/core';
import type { DeviceRow } from '@vigia/contract';
import { useEffect, useRef } from 'react';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { EmptyMessage } from '../../../ui/EmptyMessage';
import type { ScrollPosition } from '../../../ui/table/types';
import { cardView } from '../columns/card';
import type { CardReading } from '../lists';
import { DeviceCard } from './DeviceCard';

interface Props {
  rows: readonly DeviceRow[];
  nowSec: number;
  readingsOf: (row: DeviceRow) => readonly CardReading[];
  hrefOf: (row: DeviceRow) => string | null;
  item: string;
  loading: boolean;
  loadingMore: boolean;
  /** The list's `onScrollPosition`: the grid reports the end of the page coming into view. */
  onScrollPosition: (position: ScrollPosition) => void;
}

/** Devices as tiles; the next page loads when the end of the grid scrolls into view. */
export function DeviceCardGrid({
  rows,
  nowSec,
  readingsOf,
  hrefOf,
  item,
  loading,
  loadingMore,
  onScrollPosition,
}: Props) {
  const endRef = useRef<HTMLDivElement>(null);
  // Observed again after each page: the end may still be in view once more rows arrived.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows.length re-arms the observer
  useEffect(() => {
    const end = endRef.current;
    if (!end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        onScrollPosition({ distanceToEndPx: 0, scrollTop: window.scrollY });
      }
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [onScrollPosition, rows.length]);

  if (rows.length === 0) return loading ? <DelayedLoader /> : <EmptyMessage item={item} />;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm" data-testid="device-cards">
        {rows.map((row) => (
          <DeviceCard
            key={row.id}
            row={row}
            view={cardView(row, nowSec, readingsOf(row))}
            href={hrefOf(row)}
          />
        ))}
      </SimpleGrid>
      <div ref={endRef} style={{ height: 1 }} />
      {loadingMore && (
        <Text size="sm" c="gray.7" ta="center" py="sm" role="status">
          <Loader size="xs" color="gray" mr={6} aria-hidden />
          Carregando mais…
        </Text>
      )}
    </>
  );
}
