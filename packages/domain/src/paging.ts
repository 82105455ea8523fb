/** Page sizes of spec 000 §5/§9 and 001 §2/§7/§9. */
export const PAGE_SIZE = {
  occurrences: 100,
  deviceActiveOccurrences: 50,
  lists: 50,
  alarmAndBatteryLists: 50,
  reportData: 100,
  reportDataArea: 20,
  schedule: 50,
  occurrencePreview: 10,
  objectListing: 20,
  plantMiniCharts: 6,
  plantManagementTable: 16,
  table: 10,
} as const;

export type PageSizeKey = keyof typeof PAGE_SIZE;

/** Vigia's own: the server never returns more rows than this in one page. */
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_OFFSET = 0;

/** Spec 000 §5: default occurrence paging (limit 100, or 50 for a device's active ones). */
export function occurrencePageDefaults(deviceActive = false) {
  return {
    offSet: DEFAULT_OFFSET,
    limit: deviceActive ? PAGE_SIZE.deviceActiveOccurrences : PAGE_SIZE.occurrences,
    filtroTexto: '',
    orderBy: '',
  };
}

/**
 * A requested limit made safe for the server: a missing, non-numeric or
 * non-positive value gets `fallback`; anything above MAX_PAGE_SIZE is capped.
 */
export function clampLimit(limit: unknown, fallback: number): number {
  const n = typeof limit === 'string' && limit.trim() !== '' ? Number(limit) : limit;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 1) return fallback;
  return Math.min(Math.floor(n), MAX_PAGE_SIZE);
}

/** A missing, non-numeric or negative offset is 0. */
export function clampOffset(offset: unknown): number {
  const n = typeof offset === 'string' && offset.trim() !== '' ? Number(offset) : offset;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return DEFAULT_OFFSET;
  return Math.floor(n);
}

/** Spec 001 §2: all rows are loaded once a page comes back shorter than the limit. */
export function isLastPage(pageLength: number, limit: number): boolean {
  return pageLength < limit;
}

export interface LoadMoreInput {
  /** Pixels left between the viewport bottom and the end of the list. */
  distanceToBottomPx: number;
  loading: boolean;
  allLoaded: boolean;
}

/** Spec 001 §2: fetch the next page within 50 px of the end, unless loading or all loaded. */
export function shouldLoadMore(o: LoadMoreInput, triggerPx = 50): boolean {
  return !o.loading && !o.allLoaded && o.distanceToBottomPx <= triggerPx;
}

/** Spec 001 §2: the 60 s auto-refresh only runs on the first page. */
export function shouldAutoRefresh(offset: number): boolean {
  return offset === DEFAULT_OFFSET;
}
