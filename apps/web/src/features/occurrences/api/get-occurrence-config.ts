import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OccurrenceConfig } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { OCCURRENCES_KEY } from './get-occurrence-page';

/** Which configuration of spec 000 §7 "Occurrence configuration" a list uses. */
export type OccurrenceConfigKind =
  | { kind: 'general' }
  | { kind: 'notAcknowledged' }
  | { kind: 'historical' }
  | { kind: 'siteActive'; siteId: number };

/** Columns, page size and access flag of an occurrence list. */
export function getOccurrenceConfig(
  config: OccurrenceConfigKind,
  signal?: AbortSignal,
): Promise<OccurrenceConfig> {
  if (config.kind === 'siteActive') {
    return call(
      API.occurrenceConfig.siteActive,
      { params: { idSite: config.siteId } },
      { signal, quiet: true },
    );
  }
  return call(API.occurrenceConfig[config.kind], {}, { signal, quiet: true });
}

// Configurations are data that change with a deploy, not while a screen is open.
export function occurrenceConfigQueryOptions(config: OccurrenceConfigKind) {
  return queryOptions({
    queryKey: [...OCCURRENCES_KEY, 'configuracao', config],
    queryFn: ({ signal }) => getOccurrenceConfig(config, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: false,
  });
}

export function useOccurrenceConfig(config: OccurrenceConfigKind) {
  return useQuery(occurrenceConfigQueryOptions(config));
}
