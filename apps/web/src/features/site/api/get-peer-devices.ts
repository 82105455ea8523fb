import { queryOptions } from '@tanstack/react-query';
import type { DeviceRow, InfosFiltroQuery } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { deviceIdsOf } from '../live/deviceIdsOf';

/**
 * Where a device's neighbours are: the devices of its plant, else of its
 * venue, else those at the same location of its system (matched by the
 * location name, then kept only on an exact match).
 */
export type PeerScope =
  | { kind: 'usina'; usinaId: number }
  | { kind: 'scd'; scdId: number }
  | { kind: 'venue'; venueId: number }
  | { kind: 'local'; sisId: number; localNome: string };

export interface PeerOwner {
  sisId: number;
  usinaId: number | null;
  scdId?: number | null;
  venueId: number | null;
  localNome: string;
}

export function peerScopeOf(owner: PeerOwner): PeerScope {
  if (owner.usinaId !== null) return { kind: 'usina', usinaId: owner.usinaId };
  if (owner.venueId !== null) return { kind: 'venue', venueId: owner.venueId };
  return { kind: 'local', sisId: owner.sisId, localNome: owner.localNome };
}

/** At most this many neighbours are read (a plant has a handful of devices). */
export const PEER_LIMIT = 100;

function scopeQuery(
  scope: PeerScope,
): Pick<InfosFiltroQuery, 'usinaId' | 'scdId' | 'venueId' | 'sisid' | 'filtroTexto'> {
  switch (scope.kind) {
    case 'usina':
      return { usinaId: scope.usinaId };
    case 'scd':
      return { scdId: scope.scdId };
    case 'venue':
      return { venueId: scope.venueId };
    case 'local':
      return { sisid: scope.sisId, filtroTexto: scope.localNome.slice(0, 100) };
  }
}

/** Spec 000 §7: `GET /api/dispositivos/infosFiltro`, the devices of a scope and types. */
export async function getPeerDevices(
  scope: PeerScope,
  tipos: readonly string[],
  nomes: readonly string[],
  signal?: AbortSignal,
): Promise<DeviceRow[]> {
  const page = await call(
    API.devices.list,
    {
      query: {
        ...scopeQuery(scope),
        tipo: tipos.length > 0 ? [...tipos] : undefined,
        nomes: nomes.length > 0 ? [...nomes] : undefined,
        orderBy: 'patrimonio',
        offSet: 0,
        limit: PEER_LIMIT,
      },
    },
    { signal, quiet: true },
  );
  return scope.kind === 'local'
    ? page.itens.filter((row) => row.localNome === scope.localNome)
    : page.itens;
}

export function peerDevicesQueryOptions(
  scope: PeerScope,
  tipos: readonly string[],
  nomes: readonly string[],
  refetchInterval: number,
) {
  return queryOptions({
    queryKey: ['site', 'peers', scope, [...tipos].sort(), [...nomes].sort()],
    queryFn: ({ signal }) => getPeerDevices(scope, tipos, nomes, signal),
    refetchInterval,
    meta: { live: { types: ['readings.updated'], devicesOf: deviceIdsOf } },
  });
}
