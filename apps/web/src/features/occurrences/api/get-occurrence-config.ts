import { queryOptions, useQuery } from '@tanstack/react-query';
import { OCCURRENCE_CONFIG_PATHS, type OccurrenceConfig } from '@vigia/contract';
import { request } from '../../../lib/http';
import { OCCURRENCES_KEY } from './get-occurrence-page';

/** Which configuration of spec 000 §7 "Occurrence configuration" a list uses. */
export type OccurrenceConfigKind =
  | { kind: 'general' }
  | { kind: 'notAcknowledged' }
  | { kind: 'historical' }
  | { kind: 'siteActive'; siteId: number };

function configPath(config: OccurrenceConfigKind): string {
  if (config.kind === 'siteActive') {
    return OCCURRENCE_CONFIG_PATHS.siteActive.replace('{idSite}', String(config.siteId));
  }
  return OCCURRENCE_CONFIG_PATHS[config.kind];
}

/** Columns, page size and access flag of an occurrence list. */
export function getOccurrenceConfig(
  config: OccurrenceConfigKind,
  signal?: AbortSignal,
): Promise<OccurrenceConfig> {
  return request<OccurrenceConfig>(configPath(config), { signal, quiet: true });
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
