import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceRowPage, OccurrenceRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MAX_PAGE_SIZE, REFRESH_MS } from '@vigia/domain';
import { call } from '../../../lib/api';

/** How many devices each list of a home names (the rest: their count and the full list). */
export const ATTENTION_SHOWN = 8;

/** A system, or every system of the user (0, the systems home). */
const scope = (sisId: number) => (sisId > 0 ? { sisid: sisId } : {});

/**
 * Spec 000 §7 `GET /api/dispositivos/infosFiltro` with `comunicacao=offline`:
 * the devices whose data is not current, the longest silent first; `total`
 * counts them all.
 */
export function getOfflineDevices(sisId: number, signal?: AbortSignal): Promise<DeviceRowPage> {
  return call(
    API.devices.list,
    {
      query: {
        ...scope(sisId),
        comunicacao: 'offline',
        orderBy: 'ultimaLeitura',
        offSet: 0,
        limit: ATTENTION_SHOWN,
      },
    },
    { signal },
  );
}

export function offlineDevicesQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: ['cluster', 'offline', sisId],
    queryFn: ({ signal }) => getOfflineDevices(sisId, signal),
    refetchInterval: REFRESH_MS,
    meta: { live: { types: ['readings.updated'], sisId, throttleMs: 10_000 } },
  });
}

export function useOfflineDevices(sisId: number) {
  return useQuery(offlineDevicesQueryOptions(sisId));
}

/**
 * Spec 000 §7 `GET /api/ocorrencias?alarme=true&alarmeativo=true`: the active
 * alarms of the scope, oldest first (a page of up to 500), for the devices that
 * have them.
 */
export async function getActiveAlarms(
  sisId: number,
  signal?: AbortSignal,
): Promise<OccurrenceRow[]> {
  const answer = await call(
    API.occurrences.list,
    {
      query: {
        ...scope(sisId),
        alarme: true,
        alarmeativo: true,
        orderBy: 'horaAtivacao asc',
        offSet: 0,
        limit: MAX_PAGE_SIZE,
      },
    },
    { signal },
  );
  return Array.isArray(answer) ? answer : [];
}

export function activeAlarmsQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: ['cluster', 'activeAlarms', sisId],
    queryFn: ({ signal }) => getActiveAlarms(sisId, signal),
    refetchInterval: REFRESH_MS,
    meta: { live: { types: ['occurrence.opened', 'occurrence.cleared'], sisId } },
  });
}

export function useActiveAlarms(sisId: number) {
  return useQuery(activeAlarmsQueryOptions(sisId));
}
