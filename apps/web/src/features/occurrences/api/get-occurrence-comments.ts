import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OccurrenceComment } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { OCCURRENCES_KEY } from './get-occurrence-page';

/** Whose comments: the occurrence, with its system and device for the live events. */
export interface CommentedOccurrence {
  id: number;
  sisId: number;
  deviceId: number;
}

export const occurrenceCommentsKey = (occurrenceId: number) =>
  [...OCCURRENCES_KEY, 'comentarios', occurrenceId] as const;

/** `GET /api/ocorrencias/{id}/comentarios`: oldest first. */
export function getOccurrenceComments(
  occurrenceId: number,
  signal?: AbortSignal,
): Promise<OccurrenceComment[]> {
  return call(
    API.occurrenceComments.list,
    { params: { id: occurrenceId } },
    { signal, quiet: true },
  );
}

export function occurrenceCommentsQueryOptions(occurrence: CommentedOccurrence) {
  return queryOptions({
    queryKey: occurrenceCommentsKey(occurrence.id),
    queryFn: ({ signal }) => getOccurrenceComments(occurrence.id, signal),
    // Another console's comment on this device's occurrences reaches an open detail at once.
    meta: {
      live: {
        types: ['occurrence.commented'],
        sisId: occurrence.sisId,
        deviceIds: [occurrence.deviceId],
        throttleMs: 0,
      },
    },
  });
}

export function useOccurrenceComments(occurrence: CommentedOccurrence) {
  return useQuery(occurrenceCommentsQueryOptions(occurrence));
}
