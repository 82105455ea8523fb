import { useQuery } from '@tanstack/react-query';
import type { DeviceRow } from '@vigia/contract';
import { deviceParams, refreshIntervalMs } from '@vigia/domain';
import { deviceReadingsQueryOptions } from '../api/get-device-readings';
import { type PeerScope, peerDevicesQueryOptions, peerScopeOf } from '../api/get-peer-devices';
import { synopticQueryOptions } from '../api/get-synoptic';
import { type Freshness, panelFreshness } from './freshness';
import { deviceReadingNames, peerRequest } from './readingNames';
import type { PanelTarget } from './target';
import type { PanelDefinition, PanelView } from './types';

export interface PanelData {
  view: PanelView | null;
  freshness: Freshness | null;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
}

/** Names for one call that serves the device and its neighbours; an empty list means all. */
function mergeNames(own: readonly string[], others: readonly string[] | undefined): string[] {
  if (own.length === 0) return [];
  return [...new Set([...own, ...(others ?? [])])].sort();
}

function placeScope(target: Extract<PanelTarget, { kind: 'usina' | 'scd' }>): PeerScope {
  return target.kind === 'usina'
    ? { kind: 'usina', usinaId: target.id }
    : { kind: 'scd', scdId: target.id };
}

/**
 * The readings a panel shows, refreshed every 60 s (20 s for PLC, carreta and
 * synoptic panels). A device panel reads its device, plus its neighbours when
 * a section asks for them; a plant or SCD panel reads all their devices, the
 * place's own aggregate device (tipo `usina` / `scd`) being "the device".
 * Synoptic panels read through the synoptic call for `ts_menos_atualizado`.
 */
export function usePanelData(
  target: PanelTarget,
  definition: PanelDefinition,
  sinoticoId: number | null,
  nowSec: number,
): PanelData {
  const interval = refreshIntervalMs(definition.kind);
  const synoptic = definition.kind === 'synoptic';
  const ownNames = deviceReadingNames(definition);
  const peers = peerRequest(definition);
  const isDevice = target.kind === 'dispositivo';
  const site = isDevice ? target.site : null;
  const names = isDevice ? ownNames : mergeNames(ownNames, peers?.readings);

  const deviceQuery = useQuery({
    ...deviceReadingsQueryOptions(site?.id ?? 0, names, interval),
    enabled: site !== null && !synoptic,
  });
  const synopticQuery = useQuery({
    ...synopticQueryOptions(
      sinoticoId ?? 0,
      site ? site.id : (target as { id: number }).id,
      site ? 'dispositivo' : (target.kind as 'usina' | 'scd'),
      names,
      interval,
    ),
    enabled: synoptic && sinoticoId !== null,
  });
  const peerScope: PeerScope = site
    ? peerScopeOf({ ...site, usinaId: site.usina?.id ?? null, venueId: site.venue?.id ?? null })
    : placeScope(target as Extract<PanelTarget, { kind: 'usina' | 'scd' }>);
  const placeReadsAll = !isDevice && !synoptic;
  const peersQuery = useQuery({
    ...peerDevicesQueryOptions(
      peerScope,
      placeReadsAll ? [] : (peers?.tipos ?? []),
      placeReadsAll ? names : (peers?.readings ?? []),
      interval,
    ),
    enabled: placeReadsAll || (isDevice && peers !== null),
  });

  const queries = [
    isDevice && !synoptic ? deviceQuery : null,
    synoptic ? synopticQuery : null,
    placeReadsAll || (isDevice && peers !== null) ? peersQuery : null,
  ].filter((q) => q !== null);

  const refetch = () => {
    for (const q of queries) void q.refetch();
  };
  const isError = queries.some((q) => q.isError && q.data === undefined);
  const isPending = queries.some((q) => q.isPending);
  if (isPending || isError) return { view: null, freshness: null, isPending, isError, refetch };

  let device: DeviceRow | null;
  let neighbours: DeviceRow[];
  if (site) {
    device = synoptic ? (synopticQuery.data?.dispositivos[0] ?? null) : (deviceQuery.data ?? null);
    neighbours = peers ? (peersQuery.data ?? []).filter((row) => row.id !== site.id) : [];
  } else {
    const rows = (synoptic ? synopticQuery.data?.dispositivos : peersQuery.data) ?? [];
    device = rows.find((row) => row.tipo === target.kind) ?? null;
    neighbours = rows.filter((row) => row !== device);
  }

  const view: PanelView = {
    device,
    peers: neighbours,
    params: deviceParams(device?.params),
    nowSec,
  };
  const freshness = panelFreshness({
    device,
    peers: synoptic && site ? neighbours : [],
    synoptic,
    tsMenosAtualizado: synopticQuery.data?.ts_menos_atualizado,
    meter: definition.meter === true,
    nowSec,
  });
  return { view, freshness, isPending: false, isError: false, refetch };
}
