import { queryOptions } from '@tanstack/react-query';
import type { DataSinotico, TipoLocal } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { call } from '../../../lib/api';
import { deviceIdsOf } from '../live/deviceIdsOf';

/**
 * Spec 000 §7: `GET /api/DataSinotico/{idSinotico}/dataSinotico`, a synoptic's
 * readings with `ts_menos_atualizado` (the oldest of them).
 */
export function getSynoptic(
  idSinotico: number,
  idSite: number,
  tipoLocal: TipoLocal,
  nomes: readonly string[],
  signal?: AbortSignal,
): Promise<DataSinotico> {
  return call(
    API.configuration.synoptic,
    {
      params: { idSinotico },
      query: {
        idSite,
        tipoLocal: tipoLocal === 'dispositivo' ? undefined : tipoLocal,
        nomes: nomes.length > 0 ? [...nomes] : undefined,
      },
    },
    { signal, quiet: true },
  );
}

export function synopticQueryOptions(
  idSinotico: number,
  idSite: number,
  tipoLocal: TipoLocal,
  nomes: readonly string[],
  refetchInterval: number,
) {
  return queryOptions({
    queryKey: ['site', 'synoptic', idSinotico, tipoLocal, idSite, [...nomes].sort()],
    queryFn: ({ signal }) => getSynoptic(idSinotico, idSite, tipoLocal, nomes, signal),
    refetchInterval,
    meta: { live: { types: ['readings.updated'], devicesOf: deviceIdsOf } },
  });
}
