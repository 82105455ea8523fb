import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/** Keeps only the first page: the next refetch asks for offset 0 alone (spec 001 §2: a refresh resets the offset). */
export function trimToFirstPage<P>(
  data: InfiniteData<P, number> | undefined,
): InfiniteData<P, number> | undefined {
  if (!data || data.pages.length <= 1) return data;
  return { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
}

/**
 * Reloads every infinite list under `queryKey` from its first page. Use it after
 * a write instead of a bare invalidation, which would refetch every loaded page.
 */
export async function reloadInfiniteLists(client: QueryClient, queryKey: QueryKey): Promise<void> {
  client.setQueriesData<InfiniteData<unknown, number>>({ queryKey }, (data) =>
    isInfinite(data) ? trimToFirstPage(data) : data,
  );
  await client.invalidateQueries({ queryKey });
}

function isInfinite(data: unknown): data is InfiniteData<unknown, number> {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as InfiniteData<unknown>).pages) &&
    Array.isArray((data as InfiniteData<unknown>).pageParams)
  );
}

/** The rows of all pages, without the repeats that offset paging gives when rows arrive between pages. */
export function flattenPages<T>(
  pages: readonly (readonly T[])[],
  getRowId?: (row: T) => string | number,
): T[] {
  if (!getRowId) return pages.flat();
  const seen = new Set<string | number>();
  const rows: T[] = [];
  for (const page of pages) {
    for (const row of page) {
      const id = getRowId(row);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(row);
    }
  }
  return rows;
}
