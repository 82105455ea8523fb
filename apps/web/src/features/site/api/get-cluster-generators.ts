import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceRow } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MAX_PAGE_SIZE, REFRESH_MS } from '@vigia/domain';
import { call } from '../../../lib/api';
import {
  GENERATOR_DIAGRAM_READINGS,
  QTA_DIAGRAM_READINGS,
  TFR_DIAGRAM_READINGS,
} from '../diagrams/singleLineModel';
import { deviceIdsOf } from '../live/deviceIdsOf';

const TIPOS = ['gerador', 'qta', 'tfr'];
const NAMES = [
  ...new Set([...GENERATOR_DIAGRAM_READINGS, ...QTA_DIAGRAM_READINGS, ...TFR_DIAGRAM_READINGS]),
].sort();

/**
 * Spec 000 §7 `GET /api/dispositivos/infosFiltro`: a system's generators,
 * transfer and paralleling panels with the readings the single-line drawing
 * shows (the cluster `/unifilar`).
 */
export async function getClusterGenerators(
  sisId: number,
  signal?: AbortSignal,
): Promise<DeviceRow[]> {
  const page = await call(
    API.devices.list,
    {
      query: {
        sisid: sisId,
        tipo: TIPOS,
        nomes: NAMES,
        orderBy: 'patrimonio',
        offSet: 0,
        limit: MAX_PAGE_SIZE,
      },
    },
    { signal },
  );
  return page.itens;
}

export function clusterGeneratorsQueryOptions(sisId: number) {
  return queryOptions({
    queryKey: ['site', 'unifilar', sisId],
    queryFn: ({ signal }) => getClusterGenerators(sisId, signal),
    refetchInterval: REFRESH_MS,
    meta: { live: { types: ['readings.updated'], sisId, devicesOf: deviceIdsOf } },
  });
}

export function useClusterGenerators(sisId: number) {
  return useQuery(clusterGeneratorsQueryOptions(sisId));
}
