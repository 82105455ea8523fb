import type { LiveEventType, OccurrenceListRoute, OccurrenceRow } from '@vigia/contract';
import { call } from '../../../lib/api';
import type { LiveScope } from '../../../lib/live/liveInterest';
import { useInfiniteList } from '../../../ui/table/useInfiniteList';
import { filterQuery, type OccurrenceFilters } from '../filters';

/** Where a list looks: one of the spec's scopes, sent as its query field. */
export interface OccurrenceScope {
  sisid?: number;
  disp_id?: number;
  local_id?: number;
  scdId?: number;
  venueId?: number;
}

/** Spec 000 §3 occurrence list query fields (values null, undefined and false are not sent). */
export interface OccurrencePageQuery extends OccurrenceScope {
  offSet: number;
  limit: number;
  filtroTexto?: string;
  orderBy?: string;
  inicio?: number;
  fim?: number;
  evento?: boolean;
  alarme?: boolean;
}

/** Every occurrence query key starts here. */
export const OCCURRENCES_KEY = ['ocorrencias'] as const;
/** Every occurrence list (not the configurations): acknowledging reloads all of them. */
export const OCCURRENCE_LISTS_KEY = [...OCCURRENCES_KEY, 'lista'] as const;

export function occurrenceListKey(route: OccurrenceListRoute, scope: OccurrenceScope) {
  return [...OCCURRENCE_LISTS_KEY, route.path, scope] as const;
}

/** One page of an occurrence list. Failures are shown by the list itself (no toast). */
export async function getOccurrencePage(
  route: OccurrenceListRoute,
  query: OccurrencePageQuery,
  signal?: AbortSignal,
): Promise<OccurrenceRow[]> {
  // Paged, a list answers rows (only the unpaged counter answers `{ total }`).
  return (await call(route, { query }, { signal, quiet: true })) as OccurrenceRow[];
}

export interface OccurrenceListOptions {
  route: OccurrenceListRoute;
  scope: OccurrenceScope;
  filters: OccurrenceFilters;
  limit: number;
  debounceMs: number;
  enabled: boolean;
  /** Which live events concern this list (by system or device). */
  liveScope: LiveScope;
}

const LIVE_TYPES = [
  'occurrence.opened',
  'occurrence.cleared',
  'occurrence.acknowledged',
  'occurrence.shelved',
  'occurrence.unshelved',
  'device.service',
] as const satisfies readonly LiveEventType[];

const rowId = (row: OccurrenceRow) => row.id;

/**
 * An occurrence list with the spec's list behaviour (ui/table/useInfiniteList).
 * An occurrence opened, cleared, acknowledged, shelved or returned in scope
 * (or a device put out of service or back) reloads it at once from
 * the event stream; presets ('Hoje' …) are resolved at each load.
 */
export function useOccurrenceList(options: OccurrenceListOptions) {
  const { route, scope, filters, limit, debounceMs, enabled, liveScope } = options;
  return useInfiniteList<OccurrenceRow, OccurrenceFilters>({
    queryKey: occurrenceListKey(route, scope),
    filters,
    limit,
    debounceMs,
    enabled,
    getRowId: rowId,
    fetchPage: ({ offSet, limit: pageSize, filters: settled, signal }) =>
      getOccurrencePage(
        route,
        { ...scope, ...filterQuery(settled, new Date()), offSet, limit: pageSize },
        signal,
      ),
    live: { types: LIVE_TYPES, ...liveScope, throttleMs: 0 },
  });
}
