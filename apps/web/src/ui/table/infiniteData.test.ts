import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { flattenPages, reloadInfiniteLists, trimToFirstPage } from './infiniteData';

describe('infinite list data', () => {
  it('a refresh keeps only the first page (offset 0)', () => {
    const data = { pages: [[1], [2], [3]], pageParams: [0, 1, 2] };
    expect(trimToFirstPage(data)).toEqual({ pages: [[1]], pageParams: [0] });
    expect(trimToFirstPage(undefined)).toBeUndefined();
  });

  it('drops rows repeated across pages when rows have ids', () => {
    const pages = [
      [{ id: 3 }, { id: 2 }],
      [{ id: 2 }, { id: 1 }],
    ];
    expect(flattenPages(pages, (r) => r.id).map((r) => r.id)).toEqual([3, 2, 1]);
    expect(flattenPages(pages)).toHaveLength(4);
  });

  it('reloads every infinite list under a key from its first page', async () => {
    const client = new QueryClient();
    client.setQueryData(['lista', 'a'], { pages: [[1], [2]], pageParams: [0, 100] });
    client.setQueryData(['lista', 'contador'], { total: 3 });
    await reloadInfiniteLists(client, ['lista']);
    expect(client.getQueryData(['lista', 'a'])).toEqual({ pages: [[1]], pageParams: [0] });
    expect(client.getQueryData(['lista', 'contador'])).toEqual({ total: 3 });
    expect(client.getQueryState(['lista', 'a'])?.isInvalidated).toBe(true);
  });
});
