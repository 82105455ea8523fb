import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeviceService,
  DeviceServiceBody,
  LiveEventType,
  ShelveAnswer,
  ShelveBody,
  ShelvedRow,
  UnshelveAnswer,
} from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { SHELVING_MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import type { LiveScope } from '../../../lib/live/liveInterest';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { reloadInfiniteLists } from '../../../ui/table/infiniteData';
import { OCCURRENCE_LISTS_KEY, OCCURRENCES_KEY, type OccurrenceScope } from './get-occurrence-page';

/** ISA-18.2 shelving and out of service (contract `alarmStates.ts`). */

const SHELVED_KEY = [...OCCURRENCES_KEY, 'suprimidas'] as const;
const SERVICE_KEY = [...OCCURRENCES_KEY, 'servico'] as const;

/** Events that change which alarms are shelved (a new raise of a shelved alarm is born shelved). */
export const SHELF_LIVE_TYPES = [
  'occurrence.shelved',
  'occurrence.unshelved',
  'occurrence.opened',
  'occurrence.cleared',
  'occurrence.acknowledged',
] as const satisfies readonly LiveEventType[];

/** The shelf durations the server allows (seconds); they change only with its configuration. */
export function useShelveLimits() {
  return useQuery({
    queryKey: [...OCCURRENCES_KEY, 'prateleira-limites'],
    queryFn: ({ signal }) => call(API.alarmStates.shelveLimits, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The shelved alarms of a scope (at most 500, the shelf ending first on top), live. */
export function useShelvedList(scope: OccurrenceScope, liveScope: LiveScope) {
  return useQuery({
    queryKey: [...SHELVED_KEY, scope],
    queryFn: ({ signal }): Promise<ShelvedRow[]> =>
      call(API.alarmStates.shelved, { query: { ...scope, limit: 500 } }, { signal, quiet: true }),
    meta: { live: { types: SHELF_LIVE_TYPES, ...liveScope, throttleMs: 0 } },
  });
}

function useReloadAlarmLists() {
  const client = useQueryClient();
  return () => {
    reloadInfiniteLists(client, OCCURRENCE_LISTS_KEY);
    void client.invalidateQueries({ queryKey: SHELVED_KEY });
    void client.invalidateQueries({ queryKey: ['counters'] });
  };
}

/**
 * `POST /api/ocorrencias/prateleira`; the lists, the shelved list and the
 * counters reload. A refusal is reported by `call` with the server's text.
 */
export function useShelveOccurrences() {
  const reload = useReloadAlarmLists();
  return useMutation({
    mutationFn: (body: ShelveBody): Promise<ShelveAnswer> => call(API.alarmStates.shelve, { body }),
    onSuccess: (answer) =>
      answer.suprimidas.length > 0
        ? notifySuccess(SHELVING_MESSAGES.shelveSuccess)
        : notifyError(SHELVING_MESSAGES.noneShelvable),
    onSettled: reload,
  });
}

/** `POST /api/ocorrencias/prateleira/retorna`. */
export function useUnshelveOccurrences() {
  const reload = useReloadAlarmLists();
  return useMutation({
    mutationFn: (ids: number[]): Promise<UnshelveAnswer> =>
      call(API.alarmStates.unshelve, { body: { ids } }),
    onSuccess: () => notifySuccess(SHELVING_MESSAGES.unshelveSuccess),
    onSettled: reload,
  });
}

export function deviceServiceQueryOptions(deviceId: number) {
  return queryOptions({
    queryKey: [...SERVICE_KEY, deviceId],
    queryFn: ({ signal }): Promise<DeviceService> =>
      call(API.alarmStates.deviceService, { params: { id: deviceId } }, { signal, quiet: true }),
    meta: { live: { types: ['device.service'], deviceIds: [deviceId], throttleMs: 0 } },
  });
}

export function useDeviceService(deviceId: number) {
  return useQuery(deviceServiceQueryOptions(deviceId));
}

/** `PUT /api/dispositivos/{id}/servico`. */
export function useSetDeviceService(deviceId: number) {
  const client = useQueryClient();
  const reload = useReloadAlarmLists();
  return useMutation({
    mutationFn: (body: DeviceServiceBody): Promise<DeviceService> =>
      call(API.alarmStates.setDeviceService, { params: { id: deviceId }, body }),
    onSuccess: (answer) => {
      client.setQueryData(deviceServiceQueryOptions(deviceId).queryKey, answer);
      notifySuccess(
        answer.foraDeServico
          ? SHELVING_MESSAGES.outOfServiceSuccess
          : SHELVING_MESSAGES.inServiceSuccess,
      );
    },
    onSettled: reload,
  });
}
