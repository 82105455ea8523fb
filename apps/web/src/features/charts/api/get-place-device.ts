import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';

export type PlaceKind = 'usina' | 'scd';

/**
 * The measuring device of a plant or SCD (its device of type `usina` or `scd`,
 * the aggregate meter) through `GET /api/dispositivos/infosFiltro`: the device
 * a place's chart presets draw. Null when the place has none.
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

export function usePlaceDevice(kind: PlaceKind, placeId: number) {
  return useQuery({
    ...queryOptions({
      queryKey: ['charts', 'place-device', kind, placeId],
      queryFn: ({ signal }) => getPlaceDevice(kind, placeId, signal),
      refetchInterval: false,
      staleTime: 5 * 60_000,
    }),
    enabled: Number.isInteger(placeId) && placeId > 0,
  });
}
