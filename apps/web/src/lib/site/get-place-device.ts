import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { call } from '../api';

export type PlaceKind = 'usina' | 'scd';

/**
 * The measuring device of a plant or SCD (its device of type `usina` or `scd`,
 * the aggregate meter) through `GET /api/dispositivos/infosFiltro`: the device
 * whose chart and report presets the place's screens show, and the plant it
 * belongs to (an SCD's consumption reads its plant's energy). Null when none.
 */
export async function getPlaceDevice(kind: PlaceKind, placeId: number, signal?: AbortSignal) {
  const page = await call(
    API.devices.list,
    {
      query: {
        tipo: [kind],
        ...(kind === 'usina' ? { usinaId: placeId } : { scdId: placeId }),
        offSet: 0,
        limit: 1,
        nomes: ['kW'],
      },
    },
    { signal, quiet: true },
  );
  const device = page.itens[0];
  return device ? { id: device.id, nome: device.nome, usinaId: device.usinaId } : null;
}

export function placeDeviceQueryOptions(kind: PlaceKind, placeId: number) {
  return queryOptions({
    queryKey: ['place-device', kind, placeId],
    queryFn: ({ signal }) => getPlaceDevice(kind, placeId, signal),
    refetchInterval: false,
    staleTime: 5 * 60_000,
  });
}

export function usePlaceDevice(kind: PlaceKind | null, placeId: number) {
  return useQuery({
    ...placeDeviceQueryOptions(kind ?? 'usina', placeId),
    enabled: kind !== null && Number.isInteger(placeId) && placeId > 0,
  });
}
